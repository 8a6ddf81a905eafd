/**
 * Every text a request can carry is bounded before any pattern runs, and no pattern of the catalogue can
 * backtrack super-linearly: a long text costs its length, never its square.
 */
import { ENDPOINTS } from '../../src/shared/contract';
import { fieldTypes, requestFields } from '../../src/shared/contract/requestFields';
import { backtrackingProblem } from '../../src/shared/validators/backtracking';
import { linearPatternProblem } from '../../src/shared/validators/linearRegExp';
import { CONTROL_CHARACTER, VISIBLE_TEXT } from '../../src/shared/validators/controls';

function patternsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((v) => patternsIn(v, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) if (k === 'pattern' && typeof v === 'string') out.push(v); else patternsIn(v, out);
  }
  return out;
}

test('every text field of every request has a maxLength (an enum or a const bounds it too)', () => {
  const unbounded: string[] = [];
  for (const [key, spec] of Object.entries(ENDPOINTS)) {
    for (const [name, schemas] of requestFields(spec.request)) {
      const texts = schemas.filter((s) => fieldTypes(s).includes('string'));
      const bounded = texts.some((s) => typeof s.maxLength === 'number') || texts.every((s) => Array.isArray(s.enum));
      if (texts.length && !bounded) unbounded.push(`${key} ${name}`);
    }
  }
  expect(unbounded).toEqual([]);
});

test('every pattern of the catalogue runs on the linear-time matcher the API validates with', () => {
  const refused = Object.entries(ENDPOINTS).flatMap(([key, spec]) =>
    patternsIn([spec.request, spec.response]).map((p) => [key, p, linearPatternProblem(p)] as const).filter(([, , problem]) => problem));
  expect(refused).toEqual([]);
});

test('no pattern of the catalogue backtracks super-linearly in RegExp either (server/responses.ts checks answers with it)', () => {
  const found = Object.entries(ENDPOINTS).flatMap(([key, spec]) =>
    patternsIn([spec.request, spec.response]).map((p) => [key, p, backtrackingProblem(p)] as const).filter(([, , problem]) => problem));
  expect(found).toEqual([]);
});

test('the checker finds the pattern that stalled the server, and passes its replacement', () => {
  expect(backtrackingProblem('^[^\\x00-\\x1f]*[^\\s\\x00-\\x1f][^\\x00-\\x1f]*$')).toMatch(/^polynomial backtracking/);
  expect(backtrackingProblem('^(a+)+$')).toMatch(/^exponential backtracking/);
  expect(backtrackingProblem(VISIBLE_TEXT)).toBeUndefined();
});

describe('VISIBLE_TEXT', () => {
  const visible = new RegExp(VISIBLE_TEXT, 'u');
  test.each(['a', ' a ', 'Ann-Marie', '12 Example Street, Flat 3/4', '李雷', 'مریم'])('accepts %j', (v) => expect(visible.test(v)).toBe(true));
  test.each(['', '   ', 'a\nb', 'a\tb', 'a\u0085', 'a\u202eb', 'a\u2066b', '\u007f'])('refuses %j', (v) => expect(visible.test(v)).toBe(false));
  test('a megabyte of spaces ending in a control character is refused at once', () => {
    const text = `${' '.repeat(1_000_000)}\u0001`;
    const started = process.hrtime.bigint();
    expect(visible.test(text)).toBe(false);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });
});

test('CONTROL_CHARACTER: controls and bidi marks, not ordinary text', () => {
  for (const c of ['\u0000', '\n', '\u001b', '\u007f', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069']) expect(CONTROL_CHARACTER.test(`a${c}b`)).toBe(true);
  for (const t of ['plain', 'é', '😀', '\u200d', 'عربي']) expect(CONTROL_CHARACTER.test(t)).toBe(false);
});
