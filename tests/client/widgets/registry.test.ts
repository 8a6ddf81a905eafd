/** The section registry in a fresh module registry (the client setup preloads every widget for other tests). */
type Registry = typeof import('../../../src/client/widgets/registry');

async function freshRegistry(): Promise<Registry> {
  let registry: Registry | undefined;
  await jest.isolateModulesAsync(async () => { registry = await import('../../../src/client/widgets/registry'); });
  return registry!;
}

it('bundles the home widgets and loads the others with the screen that draws them, nested ones included', async () => {
  const { preloadSections, sectionEntry } = await freshRegistry();
  for (const t of ['list', 'grid', 'banner', 'tabs', 'empty']) expect(sectionEntry(t)?.lazy).toBe(false);
  for (const t of ['menu', 'summary', 'form', 'popup']) expect(sectionEntry(t)?.lazy).toBe(true);

  await preloadSections({ sections: [{ type: 'popup' }, { type: 'tabs', tabs: [{ title: 'x', sections: [{ type: 'menu', items: [] }] }] }] });
  expect(sectionEntry('popup')?.lazy).toBe(false);
  expect(sectionEntry('menu')?.lazy).toBe(false);
  expect(sectionEntry('summary')?.lazy).toBe(true);
  expect(sectionEntry('mneu')).toBeUndefined();
});

it('leaves an unknown type to the section view to report', async () => {
  const { preloadSections } = await freshRegistry();
  await expect(preloadSections({ sections: [{ type: 'mneu' }] })).resolves.toBeUndefined();
});
