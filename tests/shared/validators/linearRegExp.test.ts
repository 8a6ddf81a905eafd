/**
 * The linear-time matcher answers what `new RegExp(pattern, 'u').test(text)` answers on the kinds of
 * pattern forms use, takes a number of steps proportional to the text on the catastrophic ones, and
 * refuses what it cannot run in linear time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { linearPatternProblem, linearRegExp, MAX_STATES } from '../../../src/shared/validators/linearRegExp';

const TABLE: [pattern: string, texts: string[]][] = [
  ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', ['a@b.co', 'a@b', 'a b@c.de', '@b.co', 'x@y.z.w']],
  ['^\\+?\\d{1,4}$', ['+86', '86', '+', '+12345', '１２', '']],
  ['^\\d{5,15}$', ['12345', '1234', '123456789012345', '1234567890123456', '12a45']],
  ['^[1-9][0-9]{0,9}$', ['1', '0', '10', '1234567890', '12345678901']],
  ['^(\\d{1,18}(\\.\\d{1,18})?)?$', ['', '1', '1.5', '1.', '.5', '1.2.3', `${'9'.repeat(18)}.${'1'.repeat(18)}`]],
  ['^/uploads/[0-9a-f]{64}\\.(png|jpg|gif|webp)$', [`/uploads/${'a'.repeat(64)}.png`, `/uploads/${'a'.repeat(63)}.png`, `/uploads/${'a'.repeat(64)}.bmp`]],
  ['^[A-Za-z0-9-]{5,30}$', ['abc-12', 'ab', 'a_b_c_d']],
  ['^(GET|POST) /\\S+$', ['GET /a', 'PUT /a', 'POST /', 'POST /a b']],
  ['colou?r', ['color', 'the colour', 'colr']],
  ['^a{2,}b*?c{0,1}$', ['aa', 'a', 'aaabbbc', 'aacc']],
  ['\\bcat\\b', ['cat', 'a cat.', 'concat', 'cats']],
  ['\\Bcat', ['concat', 'cat']],
  ['\\bé|\\b\\w+\\b', ['é', 'été', '!']],
  ['^\\p{L}[\\p{L}\\p{M} ]*$', ['Ünïcode', '名字', 'ab1', 'نام کاربری']],
  ['^.{2}$', ['😀😀', '😀', 'ab', 'a\n']],
  ['^[😀-😂]$', ['😁', '😃']],
  ['^(?=[^\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]*$)\\s*[^\\s\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]', ['  Bob', '   ', 'Bob\u0007', 'a\u202eb', '']],
  ['^(?!admin)\\w+$', ['admin1', 'user', 'adm']],
  ['(?<=\\$)\\d+', ['$12', '12', 'a$b']],
  ['(?<!-)\\b\\d+$', ['-12', '12', 'a 3']],
  ['^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$', ['Passw0rdX', 'password1', 'PASSWORD1a', 'Pa1']],
  ['^(?<word>[a-z]+)(?:,[a-z]+)*$', ['a,bc,d', 'a,,b', 'a']],
  ['^(a|ab)(c|bcd)(d*)$', ['abcd', 'abcdd', 'ac']],
  ['()|x', ['', 'y']],
  ['^(a*)*$', ['aaaa', 'aab']],
  ['[\\s\\S]', ['\n', '']],
];

test.each(TABLE)('%s answers as RegExp does', (pattern, texts) => {
  const rx = linearRegExp(pattern);
  for (const text of texts) expect([text, rx.test(text)]).toEqual([text, new RegExp(pattern, 'u').test(text)]);
});

test('every pattern of the shipped form schemas answers as RegExp does on sample texts', () => {
  const dir = path.join(__dirname, '../../../schemas');
  const patterns = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) if (k === 'pattern' && typeof v === 'string') patterns.add(v); else walk(v);
  };
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) walk(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  expect(patterns.size).toBeGreaterThan(5);
  const samples = ['', ' ', 'a', 'Ab9', '12345', '+86', '1.5', 'x\u0007y', '  z', 'USDT', '/uploads/x.png', 'GET /a', 'a.b_c', '{{x}}', '0x12'];
  for (const pattern of patterns) {
    const rx = linearRegExp(pattern);
    for (const text of samples) expect([pattern, text, rx.test(text)]).toEqual([pattern, text, new RegExp(pattern, 'u').test(text)]);
  }
});

test('^(a|aa)+$ takes steps proportional to the text: 100 times the text, 100 times the steps', () => {
  const rx = linearRegExp('^(a|aa)+$');
  const attack = (n: number) => rx.testCounting(`${'a'.repeat(n - 1)}!`);
  const short = attack(41);
  const long = attack(4100);
  expect([short.matched, long.matched]).toEqual([false, false]);
  expect(long.steps / short.steps).toBeGreaterThan(90);
  expect(long.steps / short.steps).toBeLessThan(110);
  expect(long.steps).toBeLessThan(20 * 4100); // a handful of automaton states per character
  expect(rx.testCounting('a'.repeat(4100)).matched).toBe(true);
});

test('nested quantifiers and lookaheads stay linear too', () => {
  for (const pattern of ['^(\\w+\\s?)+$', '^[^x]*[^\\sx][^x]*$', '^(?=(a+)+$)a*b$', '(.*a){12}']) {
    const rx = linearRegExp(pattern);
    const steps = (n: number) => rx.testCounting(`${'a'.repeat(n)}!`).steps;
    expect([pattern, steps(4000) / steps(40) < 110]).toEqual([pattern, true]);
  }
});

test('what has no linear-time method is refused with the reason', () => {
  expect(linearPatternProblem('^(a)\\1$')).toBe('the backreference \\1 is not supported (it cannot be matched in linear time)');
  expect(linearPatternProblem('^(?<x>a)\\k<x>$')).toMatch(/^the backreference \\k<x> is not supported/);
  expect(linearPatternProblem(`^a{${MAX_STATES}}$`)).toMatch(/^the pattern is too large to check/);
  expect(linearPatternProblem('^(a|aa)+$')).toBeUndefined();
  expect(linearPatternProblem('^(unclosed')).toBeUndefined(); // a syntax error is ajv's to report
  expect(() => linearRegExp('^(unclosed')).toThrow(SyntaxError);
});
