import Decimal from 'decimal.js';
import { charLength } from './strings';

/** Parses a finite number, plain decimal string (exponent allowed, outer spaces ignored) or Decimal; else null. */
export function toDecimal(v: unknown): Decimal | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v) : null;
  if (Decimal.isDecimal(v)) return (v as Decimal).isFinite() ? (v as Decimal) : null;
  if (typeof v === 'string' && /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(v.trim())) return new Decimal(v.trim());
  return null;
}

/**
 * `min <= value <= max` (both inclusive), compared exactly with decimal.js (no float rounding for decimal
 * strings). `value`, `min` and `max` may be numbers, plain decimal strings (exponent allowed, surrounding
 * spaces ignored) or Decimals; anything else (empty string, NaN, Infinity, commas) is out of range.
 */
export function inRange(value: string | number | Decimal, [min, max]: readonly [string | number | Decimal, string | number | Decimal]): boolean {
  const v = toDecimal(value);
  const lo = toDecimal(min);
  const hi = toDecimal(max);
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
