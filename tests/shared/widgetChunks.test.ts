/** The chunk names the server preloads are the names the app's code is built under. */
import fs from 'node:fs';
import path from 'node:path';
import { SCREEN_RUNTIME_CHUNK, componentChunk, sectionsIn, widgetChunk } from '../../src/shared/screens/widgetChunks';
import { widgetChunksOf } from '../../src/shared/sections/chunks';

const source = (rel: string) => fs.readFileSync(path.resolve(__dirname, '../../src/client/widgets', rel), 'utf8');

test('each lazy widget of the registry is built as widget-<type>, the runtime as screen-runtime', () => {
  const loaders = [...source('registry.ts').matchAll(/^ {2}(\w+): \(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\//gm)];
  expect(loaders.length).toBeGreaterThan(10);
  for (const [, type, name] of loaders) expect(name).toBe(widgetChunk(type));
  expect(source('../shell/screenModules.ts')).toContain(`import(/* webpackChunkName: "${SCREEN_RUNTIME_CHUNK}" */ '../widgets/Screen')`);
});

test('a screen names the chunks of every section it draws, nested ones included, and those a section type adds', () => {
  const screen = {
    sections: [
      { type: 'banner', source: { endpoint: 'POST /news/list' } },
      { type: 'list', source: { endpoint: 'POST /news/list' }, item: { title: '{{item.title}}' } },
      { type: 'tabs', tabs: [{ sections: [{ type: 'popup' }, { type: 'quotes', source: { endpoint: 'GET /x' }, live: {} }] }] },
    ],
  };
  expect(widgetChunksOf(screen).sort()).toEqual(['widget-banner', 'widget-list', 'widget-popup', 'widget-quotes', 'widget-tabs']);
  const gauge = { type: 'gauge', schema: {}, chunks: (section: Record<string, unknown>) => (section.max ? ['gauge-scale'] : []) };
  expect(widgetChunksOf({ sections: [{ type: 'gauge' }, { type: 'gauge', max: 9 }] }, [gauge]).sort()).toEqual(['gauge-scale', 'widget-gauge']);
});

test('each named component is built as component-<name>, and a screen drawing one names its chunk', () => {
  const loaders = [...source('components/index.ts').matchAll(/^ {2}(\w+): preloadable\(\(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\//gm)];
  expect(loaders.map(([, name]) => name)).toEqual(['pairDetail']);
  for (const [, name, chunk] of loaders) expect(chunk).toBe(componentChunk(name));
  expect(widgetChunksOf({ sections: [{ type: 'component', name: 'pairDetail' }] }).sort()).toEqual(['component-pairDetail', 'widget-component']);
});

test('sectionsIn leaves out a section its filter rejects, with everything inside it', () => {
  const screen = {
    sections: [
      { type: 'tabs', tabs: [{ sections: [{ type: 'form', hide: true }, { type: 'list' }] }] },
      { type: 'columns', hide: true, columns: [{ sections: [{ type: 'qr' }] }] },
    ],
  };
  expect([...sectionsIn(screen)].map((s) => s.type).sort()).toEqual(['columns', 'form', 'list', 'qr', 'tabs']);
  expect([...sectionsIn(screen, (s) => !s.hide)].map((s) => s.type).sort()).toEqual(['list', 'tabs']);
});
