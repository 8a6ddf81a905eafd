import { INVALID, ROUND, groupDigits, toD, unsignZero, type DecimalInput } from './decimal';

/** The 11 fiat currencies of SPEC 7 with their display symbol and decimals (JPY and VND have none). */
export const FIATS = {
  USD: { symbol: '$', decimals: 2 },
  CNY: { symbol: '¥', decimals: 2 },
  GBP: { symbol: '£', decimals: 2 },
  HKD: { symbol: 'HK$', decimals: 2 },
  JPY: { symbol: 'JP¥', decimals: 0 },
  EUR: { symbol: '€', decimals: 2 },
  AED: { symbol: 'AED\u00a0', decimals: 2 },
  THB: { symbol: '฿', decimals: 2 },
  PHP: { symbol: '₱', decimals: 2 },
  SGD: { symbol: 'S$', decimals: 2 },
  VND: { symbol: '₫', decimals: 0 },
} as const satisfies Record<string, { symbol: string; decimals: number }>;
export type FiatCode = keyof typeof FIATS;
export const FIAT_CODES = Object.keys(FIATS) as FiatCode[];

export function isFiatCode(code: unknown): code is FiatCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(FIATS, code);
}

/**
 * A USD value shown in the chosen fiat: `v * rate`, rounded half away from zero to the currency's decimals
 * (2; 0 for JPY and VND), grouped by thousands, symbol in front: fiat('1234.5', { code: 'CNY', rate: '7.1' })
 * -> `¥8,764.95`; negatives `-$1.50`. Unknown code, negative or invalid rate, or invalid v -> `--`.
 * The code is matched case-insensitively. With `decimals`, a value below 1 keeps that many decimals instead
 * (a price of 0.00001845 shows as `$0.00001845`, not `$0.00`).
 */
export function fiat(v: DecimalInput, { code, rate, decimals: below1 }: { code: string; rate: DecimalInput; decimals?: number }): string {
  const d = toD(v);
  const r = toD(rate);
  const upper = typeof code === 'string' ? code.toUpperCase() : '';
  if (!d || !r || r.lt(0) || !isFiatCode(upper)) return INVALID;
  const value = d.times(r);
  const { symbol } = FIATS[upper];
  const decimals = below1 !== undefined && value.abs().lt(1) ? Math.max(FIATS[upper].decimals, below1) : FIATS[upper].decimals;
  const s = unsignZero(value.toFixed(decimals, ROUND.halfUp));
  return s.startsWith('-') ? `-${symbol}${groupDigits(s.slice(1))}` : `${symbol}${groupDigits(s)}`;
}
