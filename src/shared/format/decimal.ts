import Decimal from 'decimal.js';

/** A private decimal.js constructor: high precision, never exponent notation in toString. */
export const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN, toExpNeg: -9e15, toExpPos: 9e15 });
export type DecimalInput = string | number | Decimal;

/** Shown for any input that is not a finite number. */
export const INVALID = '--';

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Parses display input: a finite number, a Decimal, or a decimal string (surrounding spaces ignored,
 * exponent allowed as in `1e-12`; no commas, no hex, no `Infinity`). Returns null otherwise.
 */
export function toD(v: unknown): Decimal | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new D(v) : null;
  if (typeof v === 'string') {
    const s = v.trim();
    return NUMERIC.test(s) ? new D(s) : null;
  }
  if (Decimal.isDecimal(v)) {
    const d = v as Decimal;
    return d.isFinite() ? new D(d.toString()) : null;
  }
  return null;
}

/** Removes the sign from results that read as zero (`-0.00` -> `0.00`, `-0` -> `0`). */
export function unsignZero(s: string): string {
  return /^-0(?:\.0*)?(?:[^\d]*)$/.test(s) ? s.slice(1) : s;
}

/** Inserts `,` every three digits in the integer part of a plain decimal string. */
export function groupDigits(s: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}
