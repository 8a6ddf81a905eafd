import { INVALID, ROUND, groupDigits, toD, unsignZero, type DecimalInput } from './decimal';

export type Rounding = 'down' | 'half-up';
const MODE: Record<Rounding, (typeof ROUND)[keyof typeof ROUND]> = { down: ROUND.down, 'half-up': ROUND.halfUp };

/**
 * SPEC 9 compact number: |v| >= 1,000,000 -> millions with 2 decimals and `M` (`1.23M`); |v| >= 1,000 ->
 * thousands with 2 decimals and `K` (`1.23K`); otherwise 4 decimals (`12.3400`). Thresholds are inclusive
 * (1000 -> `1.00K`, 1000000 -> `1.00M`). Digits are truncated toward zero, never rounded up, so a value
 * is never overstated and 999999.99 stays `999.99K`. Negatives use the same rule on |v| and keep the sign
 * (`-1.23K`); a value that truncates to zero shows unsigned (`0.0000`). No unit beyond M (`1500.00M`).
 */
export function compact(v: DecimalInput): string {
  const d = toD(v);
  if (!d) return INVALID;
  const a = d.abs();
  let s: string;
  if (a.gte(1e6)) s = `${d.div(1e6).toFixed(2, ROUND.down)}M`;
  else if (a.gte(1e3)) s = `${d.div(1e3).toFixed(2, ROUND.down)}K`;
  else s = d.toFixed(4, ROUND.down);
  return unsignZero(s);
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/**
 * Amount display: at most 10 decimals, or at most 20 when the integer part is 0 (|v| < 1); `decimals`
 * overrides that maximum. Extra digits are truncated toward zero (never rounded up); trailing zeros and a
 * trailing point are removed; never exponent notation (`1e-12` -> `0.000000000001`); no grouping.
 * Tiny values below the last shown decimal show as `0`.
 */
export function amount(v: DecimalInput, decimals?: number): string {
  const d = toD(v);
  if (!d) return INVALID;
  const max = decimals !== undefined && Number.isInteger(decimals) && decimals >= 0
    ? Math.min(decimals, 100)
    : d.abs().lt(1) ? 20 : 10;
  return unsignZero(trimZeros(d.toFixed(max, ROUND.down)));
}

/**
 * Exactly `decimals` decimals (per-pair price/quantity precision), trailing zeros kept. Truncates toward
 * zero by default; pass `'half-up'` to round half away from zero.
 */
export function fixed(v: DecimalInput, decimals: number, rounding: Rounding = 'down'): string {
  const d = toD(v);
  if (!d || !Number.isInteger(decimals) || decimals < 0 || decimals > 100) return INVALID;
  return unsignZero(d.toFixed(decimals, MODE[rounding] ?? ROUND.down));
}

/**
 * Signed percentage with 2 decimals, rounded half away from zero: `1.234` -> `+1.23%`, `-0.5` -> `-0.50%`,
 * zero (or anything rounding to zero) -> `0.00%`. The input is already in percent (1.23 means 1.23 %),
 * as quotation feeds send it; pass `{ ratio: true }` when it is a fraction (0.0123 -> `+1.23%`).
 */
export function percent(v: DecimalInput, opts: { ratio?: boolean } = {}): string {
  let d = toD(v);
  if (!d) return INVALID;
  if (opts.ratio) d = d.times(100);
  const s = unsignZero(d.toFixed(2, ROUND.halfUp));
  return `${/^(-|0\.00$)/.test(s) ? '' : '+'}${s}%`;
}

/**
 * A rate given as a fraction, as an unsigned percentage grouped and with at most 4 decimals (rounded half up,
 * trailing zeros dropped): `0.0025` -> `0.25%`, `1.5` -> `150%`, `0.00275` -> `0.275%`. For terms and ratios
 * (an interest rate, a risk rate), which have no direction: a change or a profit is {@link percent}.
 */
export function rate(v: DecimalInput): string {
  const d = toD(v);
  if (!d) return INVALID;
  return groupDigits(unsignZero(trimZeros(d.times(100).toFixed(4, ROUND.halfUp)))) + '%';
}

/**
 * Thousands separators on the full value, decimals kept as given (no rounding, no exponent):
 * `1234567.891` -> `1,234,567.891`, `-1000` -> `-1,000`. With `decimals`, first formats like {@link fixed}.
 */
export function group(v: DecimalInput, decimals?: number, rounding: Rounding = 'down'): string {
  if (decimals !== undefined) {
    const f = fixed(v, decimals, rounding);
    return f === INVALID ? f : groupDigits(f);
  }
  const d = toD(v);
  if (!d) return INVALID;
  // A decimal string keeps the decimals it was written with (a price "67122.50" stays two places).
  const written = typeof v === 'string' ? /^-?\d+\.(\d+)$/.exec(v.trim())?.[1].length : undefined;
  return groupDigits(unsignZero(written === undefined ? d.toFixed() : d.toFixed(written)));
}

/**
 * A change of a balance or a profit, signed: `+` before a gain, `-` before a loss, and no sign on zero (or on
 * what shows as zero), so `0` never reads as a gain. Digits as {@link amount} (`decimals` the most shown,
 * truncated), grouped by thousands: signed('1234.5') -> `+1,234.5`, signed('-520') -> `-520`, signed('0.004', 2) -> `0`.
 */
export function signed(v: DecimalInput, decimals?: number): string {
  const a = amount(v, decimals);
  if (a === INVALID) return a;
  const s = groupDigits(a);
  return /^(-|0$)/.test(a) ? s : `+${s}`;
}

/** Amount display ({@link amount}) grouped by thousands: `1234567.5` -> `1,234,567.5`. */
export function groupedAmount(v: DecimalInput, decimals?: number): string {
  const a = amount(v, decimals);
  return a === INVALID ? a : groupDigits(a);
}
