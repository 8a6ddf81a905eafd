/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateMessages } from '../../../scripts/gen/messages';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-messages-'));
  fs.mkdirSync(path.join(dir, 'src'));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, 'out', file), 'utf8'));

test('compiles ICU messages to ASTs per language, filling untranslated keys from English', async () => {
  fs.writeFileSync(path.join(dir, 'src', 'en.json'), JSON.stringify({ 'a.hello': 'Hello {name}', 'a.n': '{n, plural, one {# item} other {# items}}', 'home.title': 'Home' }));
  fs.writeFileSync(path.join(dir, 'src', 'fa.json'), JSON.stringify({ 'a.hello': 'سلام {name}' }));
  const lines: string[] = [];
  await generateMessages({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'out'), languages: ['en', 'fa'], log: (l) => lines.push(l) });
  expect(read('en.core.json')).toEqual({ 'home.title': [{ type: 0, value: 'Home' }] }); // core keys apart from the rest
  const en = read('en.rest.json');
  const fa = read('fa.rest.json');
  expect(en['a.hello']).toEqual([{ type: 0, value: 'Hello ' }, { type: 1, value: 'name' }]);
  expect(en['a.n'][0].type).toBe(6); // plural
  expect(fa['a.hello'][0]).toEqual({ type: 0, value: 'سلام ' });
  expect(fa['a.n']).toEqual(en['a.n']);
  expect(lines.join('\n')).toMatch(/fa 2/);
}, 30_000);

test('an invalid ICU message fails with the language named', async () => {
  fs.writeFileSync(path.join(dir, 'src', 'en.json'), JSON.stringify({ 'a.bad': 'Hello {name' }));
  await expect(generateMessages({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'out'), languages: ['en'], log: () => {} }))
    .rejects.toThrow(/en\.json does not compile/);
}, 30_000);
