import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkMessages, formatProblems, messageArguments, type LoadedFile } from '../../../src/shared/i18n/check';

const ok = (json: unknown): LoadedFile => ({ json });

describe('messageArguments', () => {
  test('collects simple, formatted, plural, select, nested arguments and tags', () => {
    expect([...messageArguments('Hello')]).toEqual([]);
    expect([...messageArguments('Hi {name}, {count, number} at {when, date, short} {t, time}')].sort())
      .toEqual(['count', 'name', 't', 'when']);
    expect([...messageArguments('{n, plural, one {# item for {who}} other {# items}}')].sort()).toEqual(['n', 'who']);
    expect([...messageArguments('{g, select, male {He} female {She {x}} other {They}}')].sort()).toEqual(['g', 'x']);
    expect([...messageArguments('Read <b>{title}</b> and <link>more</link>')].sort()).toEqual(['<b>', '<link>', 'title']);
    expect([...messageArguments("It's '{literal}' here")]).toEqual([]);
  });
  test('throws on syntax errors', () => {
    expect(() => messageArguments('Hello {name')).toThrow();
    expect(() => messageArguments('{n, plural, one {x}}')).toThrow();
    expect(() => messageArguments('<b>unclosed')).toThrow();
  });
});

describe('checkMessages', () => {
  const en = { 'a.title': 'Title', 'a.count': '{n, plural, one {# item} other {# items}}', 'a.hi': 'Hi <b>{name}</b>' };

  test('a consistent set passes', () => {
    expect(checkMessages({
      en: ok(en),
      zh: ok({ 'a.title': '标题', 'a.count': '{n, plural, other {# 项}}', 'a.hi': '你好 <b>{name}</b>' }),
      fa: ok({ 'a.title': 'عنوان', 'a.count': '{n, plural, one {# مورد} other {# مورد}}', 'a.hi': 'سلام <b>{name}</b>' }),
    })).toEqual([]);
  });

  test('reports every problem with file and key', () => {
    const problems = checkMessages({
      en: ok({ ...en, 'a.empty': 'x', 'a.broken': 'fine' }),
      zh: ok({ 'a.title': '标题', 'a.count': '{count, plural, other {# 项}}', 'a.hi': '你好 {name}', 'a.extra': '多余', 'a.empty': ' ', 'a.broken': '{oops' }),
      th: { missing: true },
      ru: { error: 'Unexpected token' },
      tr: ok(['not', 'an', 'object']),
      kor: ok({ ...en, 'a.empty': 'x', 'a.broken': 'ok', 'a.title': 42 }),
    });
    expect(formatProblems(problems).split('\n')).toEqual([
      'i18n/zh.json: a.broken: ICU syntax error at line 1, column 1 (near "{oops"): an argument opened with "{" is not closed with "}"',
      "i18n/zh.json: a.count: arguments {count} differ from en's {n}",
      'i18n/zh.json: a.empty: empty message',
      'i18n/zh.json: a.extra: extra key (not in i18n/en.json)',
      "i18n/zh.json: a.hi: arguments {name} differ from en's {<b>, name}",
      'i18n/th.json: file is missing',
      'i18n/ru.json: not valid JSON: Unexpected token',
      'i18n/tr.json: must be a JSON object of flat dotted keys',
      'i18n/kor.json: a.title: value must be a string, got number',
    ]);
  });

  test('a tag the app does not draw: the customer would see the key', () => {
    const problems = checkMessages({ en: ok({ 'home.promo_copy': 'Save <promo>10%</promo> today <b>now</b>' }) });
    expect(formatProblems(problems)).toBe('i18n/en.json: home.promo_copy: <promo>: not a tag the app draws, so every customer would see the key '
      + 'instead of the text; use <b>, <strong>, <i>, <em>, <u>, <small>, <p>, <h2>, <h3>, <h4>, <ul>, <ol>, <li>, <blockquote>, <br>');
  });

  test('an ICU mistake is a sentence with its place', () => {
    const problems = checkMessages({ en: ok({ 'a.x': 'Hi\n{count, plural, one {# item}}' }) });
    expect(formatProblems(problems)).toBe('i18n/en.json: a.x: ICU syntax error at line 2, column 29 (near "}"): a plural or select needs an "other {…}" option');
  });

  test('keys missing from a translation', () => {
    const problems = checkMessages({ en: ok(en), jp: ok({ 'a.title': 'タイトル' }) });
    expect(problems).toEqual([
      { file: 'i18n/jp.json', key: 'a.count', problem: 'missing (present in i18n/en.json)' },
      { file: 'i18n/jp.json', key: 'a.hi', problem: 'missing (present in i18n/en.json)' },
    ]);
  });

  test('problems in the base file itself', () => {
    const problems = checkMessages({ en: ok({ x: '', y: '{a' }), zh: ok({ x: 'x', y: 'y' }) });
    expect(problems.map((p) => `${p.file} ${p.key} ${p.problem.split(':')[0]}`)).toEqual([
      'i18n/en.json x empty message', 'i18n/en.json y ICU syntax error at line 1, column 1 (near "{a")',
    ]);
  });

  test('missing base file', () => {
    expect(formatProblems(checkMessages({ en: { missing: true }, zh: ok({}) }))).toBe('i18n/en.json: file is missing');
    expect(formatProblems(checkMessages({ zh: ok({}) }))).toBe('i18n/en.json: base language file is not in the set');
  });

  test('nested objects are not flat', () => {
    const problems = checkMessages({ en: ok({ a: { b: 'c' } }) });
    expect(formatProblems(problems)).toBe('i18n/en.json: a: value must be a string, got object');
  });

  test('works on files loaded from a directory (custom file names)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
    try {
      fs.writeFileSync(path.join(dir, 'en.json'), JSON.stringify({ greet: 'Hello {name}' }));
      fs.writeFileSync(path.join(dir, 'spa.json'), JSON.stringify({ greet: 'Hola {nombre}' }));
      const load = (lang: string): LoadedFile => {
        const f = path.join(dir, `${lang}.json`);
        return fs.existsSync(f) ? { json: JSON.parse(fs.readFileSync(f, 'utf8')) } : { missing: true };
      };
      const problems = checkMessages({ en: load('en'), spa: load('spa'), fra: load('fra') }, { fileName: (l) => `${l}.json` });
      expect(formatProblems(problems)).toBe("spa.json: greet: arguments {nombre} differ from en's {name}\nfra.json: file is missing");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
