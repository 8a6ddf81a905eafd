import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { D as Decimal } from '../../../src/shared/format/decimal';
import { fiat, FIATS, FIAT_CODES, isFiatCode, datetime, countdown, INVALID } from '../../../src/shared/format';

describe('fiat', () => {
  test('the 11 currencies of SPEC 7', () => {
    expect(FIAT_CODES).toEqual(['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    expect(isFiatCode('USD')).toBe(true);
    expect(isFiatCode('usd')).toBe(false);
    expect(isFiatCode('toString')).toBe(false);
  });
  test.each([
    ['USD', '1', '1234.5', '$1,234.50'],
    ['CNY', '7.1', '1234.5', '¥8,764.95'],
    ['GBP', '0.79', '10', '£7.90'],
    ['HKD', '7.8', '100', 'HK$780.00'],
    ['JPY', '150.5', '10', 'JP¥1,505'],
    ['JPY', '150.5', '0.01', 'JP¥2'],
    ['EUR', '0.92', '0.005', '€0.00'],
    ['EUR', '0.92', '1000000', '€920,000.00'],
    ['AED', '3.6725', '1', 'AED\u00a03.67'],
    ['THB', '35', '2', '฿70.00'],
    ['PHP', '56', '1', '₱56.00'],
    ['SGD', '1.35', '1', 'S$1.35'],
    ['VND', '24500', '1.5', '₫36,750'],
  ])('%s at %s: %s USD -> %s', (code, rate, v, out) => expect(fiat(v, { code, rate })).toBe(out));
  test('rounds half up, exactly', () => {
    expect(fiat('0.005', { code: 'USD', rate: 1 })).toBe('$0.01');
    expect(fiat('0.004999', { code: 'USD', rate: 1 })).toBe('$0.00');
    expect(fiat(0.1, { code: 'USD', rate: 3 })).toBe('$0.30');
    expect(fiat('1.005', { code: 'USD', rate: '1' })).toBe('$1.01');
  });
  test('a price below 1 keeps the pair\'s decimals when given; 1 and above keep the currency\'s', () => {
    expect(fiat('0.00001845', { code: 'USD', rate: 1, decimals: 8 })).toBe('$0.00001845');
    expect(fiat('0.00001845', { code: 'JPY', rate: '150', decimals: 8 })).toBe('JP¥0.00276750');
    expect(fiat('0.5230', { code: 'JPY', rate: '150', decimals: 4 })).toBe('JP¥78');
    expect(fiat('67250.00', { code: 'USD', rate: 1, decimals: 2 })).toBe('$67,250.00');
  });
  test('negatives and zero', () => {
    expect(fiat('-1.5', { code: 'USD', rate: 1 })).toBe('-$1.50');
    expect(fiat('-1234', { code: 'CNY', rate: 1 })).toBe('-¥1,234.00');
    expect(fiat('-0.001', { code: 'USD', rate: 1 })).toBe('$0.00');
    expect(fiat(0, { code: 'USD', rate: 0 })).toBe('$0.00');
  });
  test('code is case-insensitive; Decimal inputs', () => {
    expect(fiat(new Decimal(2), { code: 'usd', rate: new Decimal('1.5') })).toBe('$3.00');
  });
  test('invalid input', () => {
    expect(fiat('abc', { code: 'USD', rate: 1 })).toBe(INVALID);
    expect(fiat('1', { code: 'XYZ', rate: 1 })).toBe(INVALID);
    expect(fiat('1', { code: 'USD', rate: -1 })).toBe(INVALID);
    expect(fiat('1', { code: 'USD', rate: 'x' })).toBe(INVALID);
    expect(fiat('1', { code: undefined as unknown as string, rate: 1 })).toBe(INVALID);
    expect(fiat(NaN, { code: 'USD', rate: 1 })).toBe(INVALID);
  });
  test('symbols table', () => {
    expect(FIATS.JPY.decimals).toBe(0);
    expect(FIATS.VND.decimals).toBe(0);
    expect(Object.values(FIATS).filter((f) => f.decimals === 2)).toHaveLength(9);
  });
});

/** Independent reference: local wall-clock fields of an instant. */
function local(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getFullYear(), 4)}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

describe('datetime (in the process time zone)', () => {
  const t = 1700000000000; // 2023-11-14T22:13:20Z
  test.each([
    [1700000000, t], ['1700000000', t], [1700000000123, t + 123], ['1700000000999', t + 999], [new Decimal(1700000000), t],
    ['1700000000.5', t + 500], [0, 0], [99999999999, 99999999999000], [1e11, 1e11], [-86400, -86400000],
    ['2023-11-14T22:13:20Z', t], ['2023-11-14T22:13:20.500Z', t + 500], ['2023-11-15T06:13:20+08:00', t],
    ['2023-11-14T17:13:20-0500', t], [new Date(t), t],
  ])('instant %p', (v, ms) => expect(datetime(v as string, 'en')).toBe(local(ms)));
  test.each([
    ['2023-11-15 06:13:20', '2023-11-15 06:13:20'],
    ['2023/11/15 06:13', '2023-11-15 06:13:00'],
    ['2023-11-15', '2023-11-15 00:00:00'],
    ['2023-11-15T06:13:20', '2023-11-15 06:13:20'],
    ['2024-02-29 23:59:59.999', '2024-02-29 23:59:59'],
    ['0099-01-02 03:04:05', '0099-01-02 03:04:05'],
  ])('strings without an offset are local time: %p', (v, out) => expect(datetime(v, 'en')).toBe(out));
  test('locale does not change the pattern', () => {
    for (const l of ['zh-Hans', 'fa', 'ja', undefined]) expect(datetime(1700000000, l)).toBe(local(t));
  });
  test.each([
    '', 'abc', 'tomorrow', '2023-02-29', '2023-13-01', '2023-11-15 24:00:00', '2023-11-15 10:60', 'Nov 15 2023',
    '2023-11-15T06:13:20+25:00', '2023-11/15', NaN, Infinity, 1e20, null, undefined, new Date('x'), {},
  ])('invalid %p', (v) => expect(datetime(v as string, 'en')).toBe(INVALID));
});

describe('datetime in fixed time zones (child process)', () => {
  const run = (tz: string): string[] => {
    const script = `const { datetime } = require('./src/shared/format');
      console.log(JSON.stringify([1700000000, '2023-11-14T22:13:20Z', '2023-11-15 06:13:20', 0, 1719792000].map((v) => datetime(v, 'en'))));`;
    const out = execFileSync(process.execPath, ['-r', 'ts-node/register', '-e', script], {
      cwd: path.resolve(__dirname, '../../..'), env: { ...process.env, TZ: tz }, encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').pop()!) as string[];
  };
  test('Asia/Shanghai', () => {
    expect(run('Asia/Shanghai')).toEqual(['2023-11-15 06:13:20', '2023-11-15 06:13:20', '2023-11-15 06:13:20', '1970-01-01 08:00:00', '2024-07-01 08:00:00']);
  }, 30_000);
  test('America/New_York (winter and summer time)', () => {
    expect(run('America/New_York')).toEqual(['2023-11-14 17:13:20', '2023-11-14 17:13:20', '2023-11-15 06:13:20', '1969-12-31 19:00:00', '2024-06-30 20:00:00']);
  }, 30_000);
});

describe('countdown', () => {
  test.each([
    [0, '00:00:00'], [1, '00:00:01'], [59, '00:00:59'], [60, '00:01:00'], [3599, '00:59:59'], [3600, '01:00:00'],
    [86399, '23:59:59'], [86400, '1d 00:00:00'], [93784, '1d 02:03:04'], [3 * 86400 + 5, '3d 00:00:05'], [1000 * 86400, '1000d 00:00:00'],
    [61.9, '00:01:01'], ['125', '00:02:05'], [new Decimal(7322), '02:02:02'], [-5, '00:00:00'], ['-0.5', '00:00:00'],
  ])('%p -> %s', (v, out) => expect(countdown(v as number)).toBe(out));
  test('invalid input', () => {
    for (const v of [NaN, Infinity, '', 'x', null, undefined, '1e400']) expect(countdown(v as number)).toBe(INVALID);
  });
});
