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

test('a section its condition rules out for the one opening the screen is not fetched, nor what is inside it', async () => {
  const asked: string[] = [];
  const chunk = (type: string) => () => { asked.push(type); return Promise.resolve({ default: () => null }); };
  const registry = createSectionRegistry({ bundled: {}, chunks: { form: chunk('form'), actions: chunk('actions'), columns: chunk('columns'), qr: chunk('qr') } });
  const screen = {
    sections: [
      { type: 'columns', columns: [{ sections: [{ type: 'form', form: 'x', visibleIf: 'user' }, { type: 'actions', visibleIf: '!user' }] }] },
      { type: 'columns', visibleIf: 'user.kyc', columns: [{ sections: [{ type: 'qr' }] }] },
    ],
  };
  await registry.preloadSections(screen, { user: null });
  expect(asked.sort()).toEqual(['actions', 'columns']);
  asked.length = 0;
  await createSectionRegistry({ bundled: {}, chunks: { form: chunk('form'), actions: chunk('actions'), columns: chunk('columns'), qr: chunk('qr') } })
    .preloadSections(screen, {});
  expect(asked.sort()).toEqual(['actions', 'columns', 'form', 'qr']); // nothing certain: whatever may be drawn
});
