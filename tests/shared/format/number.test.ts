import { D as Decimal } from '../../../src/shared/format/decimal';
import { compact, amount, fixed, percent, rate, group, INVALID, toD } from '../../../src/shared/format';

const invalid: unknown[] = [undefined, null, '', ' ', 'abc', '1,000', '0x10', 'NaN', 'Infinity', '-Infinity', NaN, Infinity, -Infinity, {}, [], true];

describe('toD', () => {
  test('parses numbers, decimal strings and Decimals', () => {
    expect(toD(' 12.5 ')?.toString()).toBe('12.5');
    expect(toD('1e-12')?.toFixed()).toBe('0.000000000001');
    expect(toD(0.1)?.toString()).toBe('0.1');
    expect(toD(new Decimal('3.3'))?.toString()).toBe('3.3');
    expect(toD('.5')?.toString()).toBe('0.5');
    expect(toD('5.')?.toString()).toBe('5');
    for (const v of invalid) expect(toD(v)).toBeNull();
  });
});

describe('compact', () => {
  test.each([
    [0, '0.0000'], ['1', '1.0000'], ['12.34', '12.3400'], ['0.00012345', '0.0001'], ['999.99999', '999.9999'],
    [1000, '1.00K'], ['1234.5', '1.23K'], ['1239', '1.23K'], ['999999.99', '999.99K'], ['999999', '999.99K'],
    [1e6, '1.00M'], ['1234567', '1.23M'], ['1999999', '1.99M'], ['1500000000', '1500.00M'],
    ['-1234', '-1.23K'], ['-1000', '-1.00K'], ['-999.99999', '-999.9999'], ['-2500000', '-2.50M'], ['-0.00001', '0.0000'],
    [new Decimal('123456.789'), '123.45K'], ['1e3', '1.00K'], [0.1 + 0.2, '0.3000'],
  ])('%p -> %s', (v, out) => expect(compact(v as string)).toBe(out));
  test('invalid input', () => {
    for (const v of invalid) expect(compact(v as string)).toBe(INVALID);
  });
});

describe('amount', () => {
  test.each([
    ['1', '1'], ['1.50', '1.5'], ['100', '100'], ['100.000', '100'], ['0', '0'], ['0.0', '0'], ['-0.5', '-0.5'],
    [1e-12, '0.000000000001'], ['1e-12', '0.000000000001'], [1e21, '1000000000000000000000'], ['123456789.123456789', '123456789.123456789'],
    ['1.012345678912', '1.0123456789'], ['12.99999999999', '12.9999999999'],
    [`0.${'0'.repeat(19)}1`, `0.${'0'.repeat(19)}1`], [`0.${'1'.repeat(22)}`, `0.${'1'.repeat(20)}`],
    [`0.${'0'.repeat(20)}1`, '0'], ['-0.000000000000000000001', '0'], [0.1 + 0.2, '0.30000000000000004'], [0.3, '0.3'], [new Decimal('2.50'), '2.5'],
  ])('%p -> %s', (v, out) => expect(amount(v as string)).toBe(out));
  test('10 decimals when the integer part is non-zero, 20 when it is zero', () => {
    expect(amount(`1.${'1'.repeat(12)}`)).toBe(`1.${'1'.repeat(10)}`);
    expect(amount(`-1.${'1'.repeat(12)}`)).toBe(`-1.${'1'.repeat(10)}`);
    expect(amount(`0.${'1'.repeat(22)}`)).toBe(`0.${'1'.repeat(20)}`);
    expect(amount(`-0.${'1'.repeat(22)}`)).toBe(`-0.${'1'.repeat(20)}`);
  });
  test('truncates, never rounds up', () => {
    expect(amount('0.99999999999999999999999')).toBe(`0.${'9'.repeat(20)}`);
    expect(amount('1.99999999999')).toBe('1.9999999999');
  });
  test('explicit maximum decimals', () => {
    expect(amount('1.23456', 2)).toBe('1.23');
    expect(amount('1.20001', 2)).toBe('1.2');
    expect(amount('0.000123', 4)).toBe('0.0001');
    expect(amount('0.00001', 4)).toBe('0');
    expect(amount('5.5', 0)).toBe('5');
    expect(amount('1.5', -1)).toBe('1.5');
  });
  test('no exponent notation ever', () => {
    for (const v of [1e-7, 1e-20, 1e25, '1e30', '-1e-15', 123e-10]) expect(amount(v)).not.toMatch(/e/i);
  });
  test('invalid input', () => {
    for (const v of invalid) expect(amount(v as string)).toBe(INVALID);
  });
});

describe('fixed', () => {
  test.each([
    ['1', 2, '1.00'], ['1.239', 2, '1.23'], ['-1.239', 2, '-1.23'], ['100', 0, '100'], ['0.00001', 4, '0.0000'],
    ['-0.00001', 4, '0.0000'], [1e-12, 12, '0.000000000001'], ['12345.6789', 8, '12345.67890000'],
  ])('%p, %p -> %s (truncating)', (v, d, out) => expect(fixed(v, d)).toBe(out));
  test('half-up rounding on request', () => {
    expect(fixed('1.235', 2, 'half-up')).toBe('1.24');
    expect(fixed('1.2349', 2, 'half-up')).toBe('1.23');
    expect(fixed('-1.235', 2, 'half-up')).toBe('-1.24');
    expect(fixed('0.5', 0, 'half-up')).toBe('1');
  });
  test('invalid input or decimals', () => {
    for (const v of invalid) expect(fixed(v as string, 2)).toBe(INVALID);
    expect(fixed('1', -1)).toBe(INVALID);
    expect(fixed('1', 1.5)).toBe(INVALID);
    expect(fixed('1', NaN)).toBe(INVALID);
  });
});

describe('percent', () => {
  test.each([
    ['1.23', '+1.23%'], [1.234, '+1.23%'], ['1.235', '+1.24%'], ['-0.5', '-0.50%'], ['-1.235', '-1.24%'], [0, '0.00%'],
    ['0.004', '0.00%'], ['-0.004', '0.00%'], ['0.005', '+0.01%'], ['100', '+100.00%'], ['-100', '-100.00%'], ['1e-3', '0.00%'],
  ])('%p -> %s', (v, out) => expect(percent(v)).toBe(out));
  test('ratio input', () => {
    expect(percent('0.0123', { ratio: true })).toBe('+1.23%');
    expect(percent(-0.5, { ratio: true })).toBe('-50.00%');
    expect(percent(0, { ratio: true })).toBe('0.00%');
  });
  test('invalid input', () => {
    for (const v of invalid) expect(percent(v as string)).toBe(INVALID);
  });
});

describe('group', () => {
  test.each([
    ['0', '0'], ['999', '999'], ['1000', '1,000'], ['1234567.891', '1,234,567.891'], ['-1234567', '-1,234,567'],
    [1e21, '1,000,000,000,000,000,000,000'], ['0.000001', '0.000001'], ['-0', '0'], ['1234.50', '1,234.50'], ['-0.10', '-0.10'], [new Decimal('12345'), '12,345'],
  ])('%p -> %s', (v, out) => expect(group(v)).toBe(out));
  test('with decimals', () => {
    expect(group('1234567.891', 2)).toBe('1,234,567.89');
    expect(group('1234', 2)).toBe('1,234.00');
    expect(group('1234.565', 2, 'half-up')).toBe('1,234.57');
    expect(group('abc', 2)).toBe(INVALID);
  });
  test('invalid input', () => {
    for (const v of invalid) expect(group(v as string)).toBe(INVALID);
  });
});

describe('rate', () => {
  test.each([
    ['0.0025', '0.25%'], ['0.00275', '0.275%'], ['1.5', '150%'], ['0', '0%'], ['1.253456', '125.3456%'], ['0.0000004', '0%'],
    ['0.123456789', '12.3457%'], ['125', '12,500%'], ['-0.01', '-1%'],
  ])('%p -> %s', (v, out) => expect(rate(v)).toBe(out));
  test('not a number', () => expect(rate('abc')).toBe(INVALID));
});
