/**
 * Seconds contracts (issue 11): the order records its opening price; at expiry it settles from the price
 * of the expiry second. Up wins when that price is above the opening price, down when below; an equal price
 * returns the stake. A win pays the stake back plus stake x payout rate (rounded down); a loss forfeits the
 * stake.
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';

export type SecondsDirection = 'up' | 'down';
export type SecondsResult = 'win' | 'loss' | 'draw';

export function secondsResult(direction: SecondsDirection, openPrice: DecimalInput, closePrice: DecimalInput): SecondsResult {
  const cmp = new D(closePrice).cmp(openPrice);
  if (cmp === 0) return 'draw';
  return (cmp > 0) === (direction === 'up') ? 'win' : 'loss';
}

/** The profit of a win: stake x payout rate, rounded down to the stake currency's decimals. */
export function secondsProfit(number: DecimalInput, payoutRate: DecimalInput, decimals: number): Decimal {
  return new D(number).times(payoutRate).round(decimals, ROUND.down);
}

/** What comes back to the account at settlement. */
export function secondsPayout(result: SecondsResult, number: DecimalInput, payoutRate: DecimalInput, decimals: number): Decimal {
  if (result === 'loss') return new D(0);
  if (result === 'draw') return new D(number);
  return new D(number).plus(secondsProfit(number, payoutRate, decimals));
}
