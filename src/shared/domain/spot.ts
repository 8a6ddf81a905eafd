/**
 * Spot and stock orders (issue 11): the formulas the server fills with and the ticket previews with. The
 * platform is the counterparty and an order fills whole. A buy pays `amount x price` of the quote and
 * receives the amount less the fee; a sell gives the amount and receives `amount x price` less the fee. The
 * fee is `feeRate` of what is received, rounded up to that currency's decimals (as the exchange fee is).
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';

export type SpotSide = 'buy' | 'sell';

export interface SpotFill {
  /** Quote paid (buy) or received before the fee (sell). */
  total: Decimal;
  /** In the currency received: base on a buy, quote on a sell. */
  fee: Decimal;
  /** What arrives: base on a buy, quote on a sell. */
  receive: Decimal;
}

export interface Decimals { base: number; quote: number }

export function spotFill(side: SpotSide, amount: DecimalInput, price: DecimalInput, feeRate: DecimalInput, decimals: Decimals): SpotFill {
  const value = new D(amount).times(price);
  if (side === 'buy') {
    const total = value.round(decimals.quote, ROUND.up);
    const fee = new D(amount).times(feeRate).round(decimals.base, ROUND.up);
    return { total, fee, receive: new D(amount).minus(fee) };
  }
  const total = value.round(decimals.quote, ROUND.down);
  const fee = total.times(feeRate).round(decimals.quote, ROUND.up);
  return { total, fee, receive: total.minus(fee) };
}

/** What a limit order holds while open: the quote it may pay (buy) or the base it sells. */
export function spotHold(side: SpotSide, amount: DecimalInput, limitPrice: DecimalInput, quoteDecimals: number): Decimal {
  return side === 'buy' ? new D(amount).times(limitPrice).round(quoteDecimals, ROUND.up) : new D(amount);
}

/** The largest amount (base) that `available` allows at `price`: for a buy, the quote divided by the price. */
export function spotMaxAmount(side: SpotSide, available: DecimalInput, price: DecimalInput, qtyDecimals: number): Decimal {
  if (side === 'sell') return new D(available).round(qtyDecimals, ROUND.down);
  if (new D(price).lte(0)) return new D(0);
  return new D(available).div(price).round(qtyDecimals, ROUND.down);
}

/** Whether a limit order's price is crossed by a market price: a buy when the market is at or below it, a sell at or above. */
export function spotCrossed(side: SpotSide, limitPrice: DecimalInput, marketPrice: DecimalInput): boolean {
  return side === 'buy' ? new D(marketPrice).lte(limitPrice) : new D(marketPrice).gte(limitPrice);
}
