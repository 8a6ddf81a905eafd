import Big from 'big.js';

/**
 * The one decimal type of the app (client, server and shared formulas): a private big.js constructor that
 * divides to 40 decimal places, truncating, and never writes exponent notation.
 */
export const D = Big();
D.DP = 40;
D.RM = Big.roundDown;
D.NE = -1_000_000;
D.PE = 1_000_000;
export type Decimal = Big.Big;
export type DecimalInput = string | number | Decimal;

/** big.js rounding modes by name. */
export const ROUND = { down: Big.roundDown, halfUp: Big.roundHalfUp, halfEven: Big.roundHalfEven, up: Big.roundUp } as const;

/** Shown for any input that is not a finite number. */
export const INVALID = '--';

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

export function isDecimal(v: unknown): v is Decimal {
  return v instanceof Big;
}

/**
 * Parses display input: a finite number, a decimal, or a decimal string (surrounding spaces ignored,
 * exponent allowed as in `1e-12`; no commas, no hex, no `Infinity`). Returns null otherwise.
 */
export function toD(v: unknown): Decimal | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new D(v) : null;
  if (typeof v === 'string') {
    const s = v.trim();
    return NUMERIC.test(s) ? new D(s.startsWith('+') ? s.slice(1) : s) : null;
  }
  if (isDecimal(v)) return new D(v);
  return null;
}

/** Rounds to an integer toward minus infinity. */
export function floorD(d: Decimal): Decimal {
  return d.round(0, d.lt(0) ? ROUND.up : ROUND.down);
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
