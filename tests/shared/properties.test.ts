/** Property-based checks (fast-check) of the validators and formatters against independent models. */
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { isAmount, isCode, isIdCard, idCardCheckChar, stripSpecialChars, hasSpecialChars, isNumber, charLength } from '../../src/shared/validators';
import { amount, compact, fixed, group, countdown, percent } from '../../src/shared/format';

const digit = fc.constantFrom(...'0123456789');
const digits = (min: number, max: number) => fc.array(digit, { minLength: min, maxLength: max }).map((a) => a.join(''));
/** Plain decimal strings like -123.4500, 0.0001 */
const decimalString = fc.tuple(fc.boolean(), digits(1, 25), fc.option(digits(1, 30), { nil: undefined }))
  .map(([neg, i, f]) => `${neg ? '-' : ''}${i}${f !== undefined ? `.${f}` : ''}`);

describe('validators', () => {
  test('isAmount agrees with a decimal model', () => {
    fc.assert(fc.property(decimalString, (s) => {
      const d = new Decimal(s);
      const [int, frac = ''] = s.replace('-', '').split('.');
      const canonicalInt = int === '0' || !int.startsWith('0');
      const expected = !s.startsWith('-') && canonicalInt && d.gt(0) && (int === '0' ? frac.length <= 20 : frac.length <= 10);
      expect(isAmount(s)).toBe(expected);
    }), { numRuns: 2000 });
  });

  test('isCode accepts exactly n digits', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), digits(0, 14), (n, s) => {
      expect(isCode(s, n)).toBe(s.length === n);
    }));
  });

  test('an 18-character ID with a valid date and province passes only with its own check character', () => {
    const date = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10).replace(/-/g, ''));
    fc.assert(fc.property(fc.constantFrom('11', '31', '44', '65', '81'), digits(4, 4), date, digits(3, 3), fc.constantFrom(...'0123456789X'), (p, r, d, seq, c) => {
      const first17 = `${p}${r}${d}${seq}`;
      expect(isIdCard(first17 + c)).toBe(idCardCheckChar(first17) === c);
    }), { numRuns: 1000 });
  });

  test('stripping special characters leaves none and keeps everything else in order', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
      const out = stripSpecialChars(s);
      expect(hasSpecialChars(out)).toBe(false);
      expect(out).toBe([...s].filter((c) => !'`~!#$^&*()=|{}:;,[]<>/?'.includes(c)).join(''));
    }));
  });

  test('grouped numbers are numbers', () => {
    fc.assert(fc.property(decimalString, (s) => {
      expect(isNumber(s)).toBe(true);
      expect(isNumber(group(s))).toBe(true);
    }));
  });

  test('charLength counts code points', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
      expect(charLength(s)).toBe(Array.from(s).length);
    }));
  });
});

describe('formatters', () => {
  test('amount never shows an exponent, never exceeds the value, and loses less than one last digit', () => {
    fc.assert(fc.property(decimalString, (s) => {
      const out = amount(s);
      expect(out).toMatch(/^-?\d+(\.\d*[1-9])?$/);
      const d = new Decimal(s);
      const shown = new Decimal(out);
      const maxDecimals = d.abs().lt(1) ? 20 : 10;
      expect(shown.abs().lte(d.abs())).toBe(true);
      expect(d.minus(shown).abs().lt(new Decimal(10).pow(-maxDecimals))).toBe(true);
    }), { numRuns: 2000 });
  });

  test('amount of doubles never uses exponent notation', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      expect(amount(x)).toMatch(/^-?\d+(\.\d+)?$/);
    }));
  });

  test('compact has the documented shape', () => {
    fc.assert(fc.property(decimalString, (s) => {
      const out = compact(s);
      const a = new Decimal(s).abs();
      if (a.gte(1e6)) expect(out).toMatch(/^-?\d+\.\d{2}M$/);
      else if (a.gte(1e3)) expect(out).toMatch(/^-?\d{1,3}\.\d{2}K$/);
      else expect(out).toMatch(/^-?\d{1,3}\.\d{4}$/);
    }), { numRuns: 2000 });
  });

  test('fixed has exactly n decimals; group keeps the digits', () => {
    fc.assert(fc.property(decimalString, fc.integer({ min: 0, max: 20 }), (s, n) => {
      const out = fixed(s, n);
      expect(out.split('.')[1]?.length ?? 0).toBe(n);
      expect(new Decimal(group(s).replace(/,/g, '')).eq(new Decimal(s))).toBe(true);
    }));
  });

  test('percent is signed with two decimals', () => {
    fc.assert(fc.property(decimalString, (s) => {
      expect(percent(s)).toMatch(/^(\+|-)?\d+\.\d{2}%$/);
    }));
  });

  test('countdown round-trips', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), (n) => {
      const m = /^(?:(\d+)d )?(\d{2}):(\d{2}):(\d{2})$/.exec(countdown(n))!;
      expect(m).not.toBeNull();
      expect(Number(m[1] ?? 0) * 86400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])).toBe(n);
      expect(Number(m[2])).toBeLessThan(24);
    }));
  });
});
