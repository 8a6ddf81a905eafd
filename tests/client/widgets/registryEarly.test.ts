/** What a section loads itself (a named component's chunk) starts with its widget's chunk, not after it. */
import { createSectionRegistry } from '../../../src/client/widgets/registry';

test("a section type's early load starts beside its widget's chunk", async () => {
  const order: string[] = [];
  let resolveWidget: (m: { default: () => null; preload: (s?: object) => undefined }) => void = () => undefined;
  const registry = createSectionRegistry({
    bundled: {},
    chunks: { component: () => { order.push('widget'); return new Promise((r) => { resolveWidget = r; }); } },
    early: { component: (section) => { order.push(`early ${(section as { name: string }).name}`); return Promise.resolve(); } },
  });
  const loading = registry.preloadSections({ sections: [{ type: 'component', name: 'pairDetail' }] });
  await Promise.resolve();
  expect(order).toEqual(['early pairDetail', 'widget']); // both asked before the widget's chunk arrived
  resolveWidget({ default: () => null, preload: () => { order.push('widget preload'); return undefined; } });
  await loading;
  expect(order).toEqual(['early pairDetail', 'widget', 'widget preload']);
});
