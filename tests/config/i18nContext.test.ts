/**
 * The translators' context on a temporary copy of the configuration: `npm run i18n -- where <key>` (its
 * English, description, every place that uses it, each language's state), the out-of-date report after an
 * English text changes, `mark`, and the checks of i18n/context/descriptions.json and i18n/sources/<lang>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatCheck, i18nAdd, i18nCheck, i18nMark, i18nOutdated, i18nWhere, main } from '../../scripts/i18n';
import { englishHash } from '../../scripts/translators/sources';
import { CONFIG_FOLDERS } from '../../src/server/configuration/files';

const repo = path.resolve(__dirname, '../..');
let root: string;
const file = (rel: string) => path.join(root, rel);
const readJson = (rel: string) => JSON.parse(fs.readFileSync(file(rel), 'utf8')) as Record<string, string>;
const edit = (rel: string, change: (json: Record<string, string>) => void) => {
  const json = readJson(rel);
  change(json);
  fs.writeFileSync(file(rel), `${JSON.stringify(json, null, 2)}\n`);
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-context-'));
  for (const dir of CONFIG_FOLDERS) fs.cpSync(path.join(repo, dir), file(dir), { recursive: true });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

test('where: the English, the description and each place that uses the key', () => {
  const close = i18nWhere(root, 'trade.close');
  expect(close).toMatchObject({ key: 'trade.close', english: 'Close', description: expect.stringContaining('closes it at the market price') });
  expect(close.usedBy).toEqual(['screens/fragments/contract-position-row.json: $.buttons[1].label']);
  expect(close.languages).toContainEqual({ lang: 'fa', text: readJson('i18n/fa.json')['trade.close'], status: 'current' });
  expect(close.languages).toHaveLength(10);

  const lines = fs.readFileSync(path.join(repo, 'src/client/shell/AsyncPage.tsx'), 'utf8').split('\n');
  expect(i18nWhere(root, 'common.retry').usedBy).toContain(`src/client/shell/AsyncPage.tsx:${lines.findIndex((l) => l.includes("'common.retry'")) + 1}`);
  // a family: the form's field takes every `<form>.<field>.*` key in
  expect(i18nWhere(root, 'forget.password.error.minLength').usedBy).toEqual(['schemas/forget.json: $.schema.properties.password (as forget.password.*)']);
  expect(() => i18nWhere(root, 'trade.nothing_here')).toThrow('trade.nothing_here is not in i18n/en.json');
});

test('an English text changed after its translations: each language reports it out of date until marked', () => {
  edit('i18n/en.json', (m) => { m['trade.close'] = 'Close at market'; });
  expect(i18nOutdated(root, 'fa').outdated.map((c) => [c.key, c.english])).toEqual([['trade.close', 'Close at market']]);
  expect(i18nWhere(root, 'trade.close').languages.every((l) => l.status === 'outdated')).toBe(true);
  const report = i18nCheck(root);
  expect(report.sources.find((s) => s.lang === 'ru')).toEqual({ lang: 'ru', file: 'i18n/ru.json', outdated: ['trade.close'], unmarked: 0 });
  expect(formatCheck(report).info).toContain('i18n/ru.json: 1 value(s) out of date, their English changed since: trade.close (npm run i18n -- outdated ru)');
  expect(report.problems).toEqual([]); // information for translators, not a fault of the configuration

  edit('i18n/fa.json', (m) => { m['trade.close'] = 'بستن به قیمت بازار'; });
  expect(i18nMark(root, 'fa', ['trade.close'])).toEqual({ marked: 1, file: 'i18n/sources/fa.json' });
  expect(readJson('i18n/sources/fa.json')['trade.close']).toBe(englishHash('Close at market'));
  expect(i18nOutdated(root, 'fa').outdated).toEqual([]);
  expect(i18nOutdated(root, 'ru').outdated.map((c) => c.key)).toEqual(['trade.close']);
});

test('a new key is "not marked" until its translation is marked; an untranslated copy cannot be marked', () => {
  for (const lang of ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'tr', 'fa', 'ru']) edit(`i18n/${lang}.json`, (m) => { m['trade.zz_new'] = `New ${lang}`; });
  expect(i18nOutdated(root, 'zh').unmarked).toEqual(['trade.zz_new']);
  expect(i18nMark(root, 'zh', ['trade.zz_new']).marked).toBe(1);
  expect(i18nOutdated(root, 'zh').unmarked).toEqual([]);
  expect(() => i18nMark(root, 'zh', ['trade.zz_missing'])).toThrow('trade.zz_missing is not in i18n/en.json');

  i18nAdd(root, 'de');
  expect(() => i18nMark(root, 'de', ['trade.close'])).toThrow('trade.close is still the English copy: translate it first');
  edit('i18n/de.json', (m) => { m['trade.close'] = 'Zum Marktpreis schließen'; });
  expect(i18nMark(root, 'de')).toEqual({ marked: 1, file: 'i18n/sources/de.json' }); // every translated key, not the copies
  expect(i18nWhere(root, 'trade.close').languages.find((l) => l.lang === 'de')?.status).toBe('current');
  expect(i18nWhere(root, 'common.ok').languages.find((l) => l.lang === 'de')?.status).toBe('untranslated');
});

test('descriptions and sources files with mistakes are problems; undescribed ambiguous keys are counted', () => {
  edit('i18n/context/descriptions.json', (d) => { d['trade.gone'] = 'A key that was removed'; d['common.ok'] = ''; delete d['trade.cancel']; });
  fs.writeFileSync(file('i18n/sources/tr.json'), '{ "trade.close": 3 }');
  const report = i18nCheck(root);
  expect(formatCheck(report).problems.split('\n')).toEqual(expect.arrayContaining([
    'i18n/context/descriptions.json: trade.gone: describes a key i18n/en.json does not have: remove it, or fix the key',
    'i18n/context/descriptions.json: common.ok: a description is a sentence (a non-empty string)',
    'i18n/sources/tr.json: must be an object { "<key>": "<hash of the English text>" } (npm run i18n -- mark tr writes it)',
  ]));
  expect(report.undescribed).toEqual(['common.ok', 'trade.cancel', 'trade.zz_new']);

  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(main(['check'], root)).toBe(1);
    expect(main(['where', 'trade.close'], root)).toBe(0);
    expect(log.mock.calls.flat().join('\n')).toMatch(/^trade\.close: Close at market\ndescription: .*\nused by \(1\):\n {2}screens\/fragments\/contract-position-row\.json: \$\.buttons\[1\]\.label\ntranslations:\n {2}zh \[outdated\] /m);
    expect(main(['outdated', 'ru'], root)).toBe(0);
    expect(log.mock.calls.flat().join('\n')).toContain('  trade.close\n    en now: Close at market');
    expect(main(['mark', 'ru', 'trade.close'], root)).toBe(0);
    expect(main(['where'], root)).toBe(2);
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
});
