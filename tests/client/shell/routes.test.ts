/** screenModules.ts runs only under webpack (require.context); this checks its file filter and mapping. */
import fs from 'node:fs';
import path from 'node:path';
import { keyToRoute } from '../../../src/client/shell/routes';

const root = path.resolve(__dirname, '../../..');
const source = fs.readFileSync(path.join(root, 'src/client/shell/screenModules.ts'), 'utf8');

function contextFilter(): RegExp {
  const m = /require\.context\('\.\.\/\.\.\/\.\.\/screens', true, \/(.+)\/, 'lazy'\)/.exec(source);
  if (!m) throw new Error('require.context call not found in screenModules.ts');
  return new RegExp(m[1]);
}

function screenKeys(dir = path.join(root, 'screens'), prefix = '.'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory()
    ? screenKeys(path.join(dir, e.name), `${prefix}/${e.name}`)
    : [`${prefix}/${e.name}`]));
}

test('the context filter takes screen files, not app.json or schema files', () => {
  const filter = contextFilter();
  expect(filter.test('./fund/assets.json')).toBe(true);
  expect(filter.test('./nft/components/artist.json')).toBe(true);
  expect(filter.test('./app.json')).toBe(false);
  expect(filter.test('./app.schema.json')).toBe(false);
  expect(filter.test('./screen.schema.json')).toBe(false);
  expect(filter.test('./nft/app.json')).toBe(true);
  expect(filter.test('./fund/assets.txt')).toBe(false);
});

test('file keys map to /pages routes', () => {
  expect(keyToRoute('./fund/assets.json')).toBe('/pages/fund/assets');
  expect(keyToRoute('./nft/components/artist.json')).toBe('/pages/nft/components/artist');
});

test('every screen file in screens/ declares the route its path gives', () => {
  const filter = contextFilter();
  for (const key of screenKeys().filter((k) => filter.test(k))) {
    const def = JSON.parse(fs.readFileSync(path.join(root, 'screens', key), 'utf8')) as { route?: string };
    expect({ key, route: def.route }).toEqual({ key, route: keyToRoute(key) });
  }
});
