/**
 * Dual-currency investment (issue 12, SPEC 9): an amount invested for `days` at an annual rate, settled
 * from the reference price at maturity against the product's pegged price. Two directions:
 *  - sell_high (SPEC 9): the base currency (BTC) is invested. Settled below the pegged price, BTC paid =
 *    amount x (1 + days x annual rate / 365); otherwise USDT paid = amount x pegged price x (1 + ...).
 *  - buy_low (the mirror, as exchanges offer it): USDT is invested. Settled at or below the pegged price,
 *    BTC paid = amount / pegged price x (1 + ...); otherwise USDT paid = amount x (1 + ...).
 * Payouts are rounded down to the paid currency's decimals. The purchase screen shows both outcomes from
 * this one function before buying, and the settlement job pays with it.
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';

export const DUAL_TYPES = ['sell_high', 'buy_low'] as const;
export type DualType = (typeof DUAL_TYPES)[number];

export interface DualTerms {
  type: DualType;
  /** What was invested, in the invested currency (the base for sell_high, the quote for buy_low). */
  amount: DecimalInput;
  peg: DecimalInput;
  days: number;
  annualRate: DecimalInput;
  baseDecimals: number;
  quoteDecimals: number;
}

export interface DualPayout { side: 'base' | 'quote'; amount: Decimal }

/** 1 + days x annual rate / 365. */
export function growth(days: number, annualRate: DecimalInput): Decimal {
  return new D(1).plus(new D(annualRate).times(days).div(365));
}

/** Which currency a settlement at `price` pays. */
export function outcomeAt(t: Pick<DualTerms, 'type' | 'peg'>, price: DecimalInput): 'base' | 'quote' {
  const p = new D(price);
  if (t.type === 'sell_high') return p.lt(t.peg) ? 'base' : 'quote';
  return p.lte(t.peg) ? 'base' : 'quote';
}

/** What the product pays in the base currency or in the quote. */
export function payoutIn(t: DualTerms, side: 'base' | 'quote'): Decimal {
  const g = growth(t.days, t.annualRate);
  const amount = new D(t.amount);
  const invested = t.type === 'sell_high' ? 'base' : 'quote';
  if (side === invested) return amount.times(g).round(side === 'base' ? t.baseDecimals : t.quoteDecimals, ROUND.down);
  return side === 'quote'
    ? amount.times(t.peg).times(g).round(t.quoteDecimals, ROUND.down)
    : amount.div(t.peg).times(g).round(t.baseDecimals, ROUND.down);
}

/** What the product pays when settled at `price`. */
export function dualPayout(t: DualTerms, price: DecimalInput): DualPayout {
  const side = outcomeAt(t, price);
  return { side, amount: payoutIn(t, side) };
}
