/**
 * Coupons (issue 26): what a coupon gives. A fee discount takes its rate of a trade's fee (at most `max`) or
 * its amount, never more than the fee; a deposit bonus adds its rate of a deposit (at most `max`) or its
 * amount. Values in USDT; the caller rounds into the currency paid.
 */
import { D, type Decimal, type DecimalInput } from '../format/decimal';

export interface CouponTerms { rate: string | null; amount: string | null; max: string | null }

/** The coupon's value on `base` (the fee, or the deposit), before any cap by the fee itself. */
function valueOn(c: CouponTerms, base: DecimalInput): Decimal {
  if (c.amount !== null) return new D(c.amount);
  const share = new D(base).times(c.rate!);
  return c.max !== null && share.gt(c.max) ? new D(c.max) : share;
}

/** What a fee discount takes off a fee worth `feeUsdt`. */
export function feeSaving(c: CouponTerms, feeUsdt: DecimalInput): Decimal {
  const value = valueOn(c, feeUsdt);
  return value.gt(feeUsdt) ? new D(feeUsdt) : value;
}

/** What a deposit bonus adds to a deposit worth `depositUsdt`. */
export const depositBonus = (c: CouponTerms, depositUsdt: DecimalInput): Decimal => valueOn(c, depositUsdt);
