import { isAmount } from '../../../src/shared/validators';

describe('isAmount', () => {
  test.each([
    '1', '9', '10', '123456789012345', '1.5', '1.05', '100.00', '1.0123456789', '9999999.9999999999', '999999999999999999.9999999999',
    '0.1', '0.5', '0.0000000001', '0.00000000000000000001', '0.12345678901234567890', '0.10',
  ])('accepts %s', (v) => expect(isAmount(v)).toBe(true));

  test('0. followed by 20 decimals passes, 21 fails', () => {
    expect(isAmount(`0.${'0'.repeat(19)}1`)).toBe(true);
    expect(isAmount(`0.${'1'.repeat(20)}`)).toBe(true);
    expect(isAmount(`0.${'0'.repeat(20)}1`)).toBe(false);
    expect(isAmount(`0.${'1'.repeat(21)}`)).toBe(false);
  });

  test('10 decimals pass with a non-zero integer part, 11 fail', () => {
    expect(isAmount(`1.${'1'.repeat(10)}`)).toBe(true);
    expect(isAmount(`12.${'0'.repeat(10)}`)).toBe(true);
    expect(isAmount(`1.${'1'.repeat(11)}`)).toBe(false);
    expect(isAmount(`12.${'0'.repeat(11)}`)).toBe(false);
  });

  test('zero in any spelling is not a positive amount', () => {
    for (const v of ['0', '0.0', '0.00', `0.${'0'.repeat(20)}`, '00', '0.']) expect(isAmount(v)).toBe(false);
  });

  test.each(['', '-1', '-0.5', '+1', '1.', '.5', '01', '00.5', '1,000', '1e3', '1 ', ' 1', 'abc', '1.2.3', 'NaN', 'Infinity', '１', '1000000000000000000', '1000000000000000000.5'])(
    'rejects %j', (v) => expect(isAmount(v)).toBe(false),
  );

  test('non-strings are rejected', () => {
    expect(isAmount(1 as unknown as string)).toBe(false);
    expect(isAmount(null as unknown as string)).toBe(false);
  });
});
