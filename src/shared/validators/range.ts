import { toD, type Decimal } from '../format/decimal';
import { charLength } from './strings';

/**
 * `min <= value <= max` (both inclusive), compared exactly as decimals (no float rounding for decimal
 * strings). `value`, `min` and `max` may be numbers, plain decimal strings (exponent allowed, surrounding
 * spaces ignored) or decimals; anything else (empty string, NaN, Infinity, commas) is out of range.
 */
export function inRange(value: string | number | Decimal, [min, max]: readonly [string | number | Decimal, string | number | Decimal]): boolean {
  const v = toD(value);
  const lo = toD(min);
  const hi = toD(max);
  if (!v || !lo || !hi) return false;
  return v.gte(lo) && v.lte(hi);
}

/** `min <= length <= max` (inclusive), counting Unicode code points. */
export function lengthInRange(value: string, [min, max]: readonly [number, number]): boolean {
  if (typeof value !== 'string') return false;
  const n = charLength(value);
  return n >= min && n <= max;
}

/** True when the text is longer than `max` code points (the "text too long" message). */
export function isTextTooLong(value: string, max: number): boolean {
  return typeof value === 'string' && charLength(value) > max;
}
