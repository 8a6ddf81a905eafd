/**
 * `npm run i18n -- check | extract | add <lang>` (scripts/i18n.ts) on a temporary copy of the repository's
 * configuration and messages (a CONFIG_DIR: the code whose keys count as used stays the repository's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configRoot, formatCheck, i18nAdd, i18nCheck, i18nExtract, main } from '../../scripts/i18n';
import { lintAll } from '../../scripts/lint-config';
import { formatProblem } from '../../src/shared/config/lint';
import { CONFIG_FOLDERS } from '../../src/server/configuration/files';

const repo = path.resolve(__dirname, '../..');
let root: string;

const file = (rel: string) => path.join(root, rel);
const readJson = (rel: string) => JSON.parse(fs.readFileSync(file(rel), 'utf8')) as Record<string, unknown>;
const writeJson = (rel: string, value: unknown) => fs.writeFileSync(file(rel), `${JSON.stringify(value, null, 2)}\n`);
const edit = (rel: string, change: (json: Record<string, unknown>) => void) => {
  const json = readJson(rel);
  change(json);
  writeJson(rel, json);
};
const LANGS = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'tr', 'fa', 'ru'];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-cli-'));
  for (const dir of CONFIG_FOLDERS) fs.cpSync(path.join(repo, dir), file(dir), { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The problem lines of `check`; the copy is of a repository others are editing, so tests compare with a baseline. */
const checkLines = () => formatCheck(i18nCheck(root)).problems.split('\n').filter(Boolean);
const newLines = (before: string[]) => checkLines().filter((l) => !before.includes(l));

test('check reports each problem with file, key and reason', () => {
  const before = checkLines();
  const extracted = i18nExtract(root);
  edit('i18n/fa.json', (j) => { j['forget.title'] = 'بازنشانی {رمز'; });
  edit('i18n/ru.json', (j) => { j['exchange.done'] = 'Обмен выполнен: получено {sum} {currency}'; });
  edit('i18n/zh.json', (j) => { delete j['forget.title']; });
  edit('i18n/th.json', (j) => { j['zz.extra'] = 'เกิน'; });
  for (const lang of LANGS) edit(`i18n/${lang}.json`, (j) => { j['zz.dead'] = 'Dead'; });
  edit('screens/fund/assets.json', (j) => { j.title = 'assets.heading_missing'; });

  const lines = newLines(before);
  expect(lines).toEqual(expect.arrayContaining([
    expect.stringMatching(/^i18n\/fa\.json: forget\.title: ICU syntax error at line 1, column \d+ \(near "\{رمز"\): an argument opened with "\{" is not closed with "\}"$/),
    "i18n/ru.json: exchange.done: arguments {currency, sum} differ from en's {amount, currency}",
    'i18n/zh.json: forget.title: missing (present in i18n/en.json)',
    'i18n/th.json: zz.extra: extra key (not in i18n/en.json)',
    'i18n/en.json: assets.heading_missing: missing, used by screens/fund/assets.json: $.title',
    expect.stringMatching(/^i18n\/en\.json: zz\.dead: unused: no screen, form or code uses it/),
  ]));
  expect(lines).toHaveLength(6);
  expect(i18nCheck(root).untranslated).toEqual([]);

  const after = i18nExtract(root);
  expect(after.missing.filter((m) => !extracted.missing.some((e) => e.key === m.key)))
    .toEqual([{ key: 'assets.heading_missing', where: ['screens/fund/assets.json: $.title'] }]);
  expect(after.unused.filter((k) => !extracted.unused.includes(k))).toEqual(['zz.dead']);
});

test('check reports a field text using an argument its field does not give', () => {
  const before = checkLines();
  edit('i18n/en.json', (j) => { j['forget.password.placeholder'] = 'Between {minLength} and {maximum}'; });
  expect(newLines(before)).toEqual(expect.arrayContaining([
    'schemas/forget.json: forget.password.placeholder: uses {maximum}, which field "password" does not give it (it gives {maxLength}, {minLength})',
  ]));
});

test('add creates the language from English, every value marked untranslated until it changes', () => {
  const en = readJson('i18n/en.json');
  const total = Object.keys(en).length;
  const result = i18nAdd(root, 'de');
  expect(result).toEqual({ file: 'i18n/de.json', untranslatedFile: 'i18n/untranslated/de.json', count: total, offered: false, entry: { code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' } });
  expect(i18nAdd(root, 'ar').entry).toEqual({ code: 'ar', tag: 'ar', name: 'العربية', dir: 'rtl' });
  expect(fs.readFileSync(file('i18n/de.json'), 'utf8')).toBe(fs.readFileSync(file('i18n/en.json'), 'utf8'));
  expect(readJson('i18n/untranslated/de.json')).toEqual(en);

  let report = i18nCheck(root);
  expect(report.untranslated).toEqual([{ lang: 'ar', file: 'i18n/ar.json', count: total, total }, { lang: 'de', file: 'i18n/de.json', count: total, total }]);
  expect(report.problems.filter((p) => /\/(de|ar)\.json$/.test(p.file))).toEqual([]);
  expect(report.notOffered.map((n) => n.lang)).toEqual(['ar', 'de']);
  expect(formatCheck(report).info.split('\n')).toEqual(expect.arrayContaining([
    `i18n/de.json: ${total} of ${total} values still untranslated (i18n/untranslated/de.json)`,
    'i18n/de.json: not offered yet; to offer it add to "languages" of screens/app.json: {"code":"de","tag":"de","name":"Deutsch","dir":"ltr"}',
  ]));

  edit('i18n/de.json', (j) => { j['common.ok'] = 'OK!'; j['common.cancel'] = 'Abbrechen'; });
  report = i18nCheck(root);
  expect(report.untranslated.find((u) => u.lang === 'de')?.count).toBe(total - 2);

  expect(() => i18nAdd(root, 'de')).toThrow('i18n/de.json already exists');
  expect(() => i18nAdd(root, 'fa')).toThrow('i18n/fa.json already exists');
  expect(() => i18nAdd(root, '../x')).toThrow('is not a language code');
});

test('the command line: exit codes', () => {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(main(['add', 'sv'], root)).toBe(0);
    expect(log.mock.calls.flat().join('\n')).toMatch(/wrote i18n\/sv\.json: \d+ values, all marked untranslated[\s\S]*add this entry to "languages" of .*app\.json[\s\S]*\{"code":"sv","tag":"sv","name":"Svenska","dir":"ltr"\}/);
    expect(main(['add', 'sv'], root)).toBe(1);
    expect(main(['check'], root)).toBe(0); // a language being translated before it is offered is no problem
    expect(log.mock.calls.flat().join('\n')).toContain('i18n/sv.json: not offered yet');
    expect(main(['extract', '--json'], root)).toBe(0);
    expect(JSON.parse(log.mock.calls[log.mock.calls.length - 1][0] as string)).toEqual(i18nExtract(root));
    expect(main(['nonsense'], root)).toBe(2);
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
});

test('a configuration folder without the code: the server messages the code uses are used, as in the repository', () => {
  expect(fs.existsSync(file('src'))).toBe(false);
  expect(checkLines()).toEqual(formatCheck(i18nCheck(repo)).problems.split('\n').filter(Boolean));
  expect(i18nExtract(root).unused).not.toContain('api.account.exists');
  expect(lintAll(root).map(formatProblem)).toEqual(lintAll(repo).map(formatProblem));
});

test('an edited copy of a format file in the configuration folder is named: the formats are the code\'s', () => {
  fs.cpSync(path.join(repo, 'screens/app.schema.json'), file('screens/app.schema.json'));
  edit('schemas/form.schema.json', (j) => { j.title = 'edited'; });
  expect(lintAll(root).map(formatProblem).filter((l) => l.includes('.schema.json'))).toEqual([
    'schemas/form.schema.json: $: differs from the code\'s schemas/form.schema.json: the formats are the code\'s (they describe what it understands), '
      + 'so this copy changes nothing; delete it, or change the format in the code',
  ]);
});

test('the tools read CONFIG_DIR when it is set, like the server', () => {
  const saved = process.env.CONFIG_DIR;
  try {
    process.env.CONFIG_DIR = root;
    expect(configRoot()).toBe(path.resolve(root));
    delete process.env.CONFIG_DIR;
    expect(configRoot()).toBe(repo);
  } finally {
    if (saved === undefined) delete process.env.CONFIG_DIR; else process.env.CONFIG_DIR = saved;
  }
});

test('an unreadable screen is one problem, not also its keys reported unused', () => {
  fs.writeFileSync(file('screens/common/faq.json'), '{ "route": ');
  expect(checkLines()).toEqual([expect.stringMatching(/^screens\/common\/faq\.json: not valid JSON \(no key is reported unused until it is fixed/)]);
  expect(i18nExtract(root).unused).toEqual([]);
  expect(lintAll(root).map(formatProblem)).toEqual([
    expect.stringMatching(/^screens\/common\/faq\.json: 1:\d+: invalid JSON: .* \(no message key is reported unused until it is fixed\)$/),
  ]);
});
