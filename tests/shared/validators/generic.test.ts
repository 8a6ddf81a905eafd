import { D as Decimal, toD } from '../../../src/shared/format/decimal';
import {
  inRange, lengthInRange, isTextTooLong, isEmpty, isJsonString, isObject, isArray, 
} from '../../../src/shared/validators';

describe('inRange (numeric range, inclusive)', () => {
  test('bounds are inclusive', () => {
    expect(inRange(5, [1, 10])).toBe(true);
    expect(inRange(1, [1, 10])).toBe(true);
    expect(inRange(10, [1, 10])).toBe(true);
    expect(inRange(0, [1, 10])).toBe(false);
    expect(inRange(11, [1, 10])).toBe(false);
  });
  test('compares decimal strings exactly', () => {
    expect(inRange('0.3', ['0.3', '0.3'])).toBe(true);
    expect(inRange('0.30000000000000000001', ['0', '0.3'])).toBe(false);
    expect(inRange('500000', ['500000', '10000000'])).toBe(true);
    expect(inRange('499999.9999999999', ['500000', '10000000'])).toBe(false);
    expect(inRange(new Decimal('1e-20'), [0, '0.00000000000000000001'])).toBe(true);
    expect(inRange('-5', [-10, -1])).toBe(true);
    expect(inRange(' 5 ', [1, 10])).toBe(true);
  });
  test('non-numbers are out of range', () => {
    for (const v of ['', 'abc', '1,000', 'NaN', 'Infinity', '0x10']) expect(inRange(v, [0, 1e9])).toBe(false);
    expect(inRange(NaN, [0, 1])).toBe(false);
    expect(inRange(Infinity, [0, Infinity])).toBe(false);
    expect(inRange(1, ['a', 2])).toBe(false);
  });
  test('toD', () => {
    expect(toD('1e3')?.toString()).toBe('1000');
    expect(toD('.5')?.toString()).toBe('0.5');
    expect(toD('')).toBeNull();
    expect(toD(undefined)).toBeNull();
  });
});

describe('lengthInRange and isTextTooLong', () => {
  test('counts code points, inclusive', () => {
    expect(lengthInRange('ab', [2, 10])).toBe(true);
    expect(lengthInRange('a', [2, 10])).toBe(false);
    expect(lengthInRange('abcdefghij', [2, 10])).toBe(true);
    expect(lengthInRange('abcdefghijk', [2, 10])).toBe(false);
    expect(lengthInRange('😀😀', [2, 2])).toBe(true);
    expect(lengthInRange('中文', [2, 2])).toBe(true);
    expect(lengthInRange(5 as unknown as string, [0, 10])).toBe(false);
  });
  test('text too long', () => {
    expect(isTextTooLong('abc', 3)).toBe(false);
    expect(isTextTooLong('abcd', 3)).toBe(true);
    expect(isTextTooLong('😀😀😀', 3)).toBe(false);
    expect(isTextTooLong('', 0)).toBe(false);
  });
});

describe('isEmpty', () => {
  test.each([
    ['undefined', undefined], ['null', null], ['empty string', ''], ['blank string', '  \t\n'], ['0', 0], ['-0', -0],
    ['NaN', NaN], ['false', false], ['empty array', []], ['empty object', {}], ['Object.create(null)', Object.create(null)],
    ['empty Map', new Map()], ['empty Set', new Set()], ['invalid Date', new Date('x')], ['0n', BigInt(0)],
  ])('%s is empty', (_n, v) => expect(isEmpty(v)).toBe(true));
  test.each([
    ['"0"', '0'], ['" a "', ' a '], ['1', 1], ['-1', -1], ['Infinity', Infinity], ['true', true], ['[0]', [0]],
    ['[undefined]', [undefined]], ['{a: undefined}', { a: undefined }], ['Map with entry', new Map([[1, 1]])],
    ['valid Date', new Date(0)], ['function', () => 0], ['1n', BigInt(1)],
  ])('%s is not empty', (_n, v) => expect(isEmpty(v)).toBe(false));
});

describe('isJsonString', () => {
  test.each(['{}', '[]', '{"a":1}', '[1,2,3]', ' {"a": {"b": [null]}} '])('accepts %s', (v) => expect(isJsonString(v)).toBe(true));
  test.each(['', '1', '"x"', 'true', 'null', '{a:1}', "{'a':1}", '{"a":1', 'undefined', '[1,]'])(
    'rejects %j (scalars are not JSON data)', (v) => expect(isJsonString(v)).toBe(false),
  );
  test('non-strings are rejected', () => expect(isJsonString({} as unknown as string)).toBe(false));
});

describe('isObject and isArray', () => {
  test('plain objects only', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject(Object.create(null))).toBe(true);
    for (const v of [null, undefined, [], new Date(), new Map(), 'x', 1, () => 0, new (class A {})()]) expect(isObject(v)).toBe(false);
  });
  test('arrays', () => {
    expect(isArray([])).toBe(true);
    expect(isArray([1])).toBe(true);
    for (const v of [{}, 'ab', { length: 0 }, null, new Set()]) expect(isArray(v)).toBe(false);
  });
});
