/** Wire codes with readable names (contract/common.ts): the schema the wire is checked with, and both ways of converting. */
import Ajv from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { intCodes, textCodes } from '../../src/shared/contract/common';

const SIDE = intCodes({ 1: 'buy', 2: 'sell' });
const KIND = textCodes({ call: 'sell_high', put: 'buy_low' });

test('integer codes: the schema takes only the codes; name and code convert both ways', () => {
  expect(SIDE.schema).toEqual({ type: 'integer', enum: [1, 2] });
  const validate = new Ajv().compile(SIDE.schema);
  expect([1, 2, 3, '1', 'buy'].map((v) => validate(v))).toEqual([true, true, false, false, false]);
  expect([SIDE.name(1), SIDE.name(2), SIDE.code('buy'), SIDE.code('sell')]).toEqual(['buy', 'sell', 1, 2]);
  expect(SIDE.codes).toEqual([1, 2]);
  expect(SIDE.names).toEqual(['buy', 'sell']);
});

test('text codes keep their order and convert', () => {
  expect(KIND.schema).toEqual({ type: 'string', enum: ['call', 'put'] });
  expect([KIND.name('put'), KIND.code('sell_high')]).toEqual(['buy_low', 'call']);
});

test('a value that is no code or name is a bug, thrown', () => {
  expect(() => SIDE.name(3 as 1)).toThrow('3 is none of [1,2]');
  expect(() => KIND.code('hold' as 'sell_high')).toThrow('"hold" is none of ["sell_high","buy_low"]');
});

test('the types follow: a request field is its codes, the names are a union', () => {
  const code: FromSchema<typeof SIDE.schema> = 2;
  const name: ReturnType<typeof SIDE.name> = SIDE.name(code);
  // @ts-expect-error 3 is not a code
  const wrong: FromSchema<typeof SIDE.schema> = 3;
  expect([code, name, wrong]).toEqual([2, 'sell', 3]);
});
