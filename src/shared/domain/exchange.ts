/**
 * Exchanging one currency for another (issue 4): the formula the server settles with and the app previews
 * with. The rate is the ratio of the two USDT prices, rounded down to 12 decimals; what is bought is rounded
 * down to the bought currency's decimals; the fee is `feeRate` of that, rounded up; the user receives the rest.
 */
import { D, ROUND, type Decimal } from '../format/decimal';

export const RATE_DECIMALS = 12;

export interface ExchangeQuote { rate: Decimal; gross: Decimal; fee: Decimal; receive: Decimal }

export function exchangeRate(fromPriceUsdt: string | Decimal, toPriceUsdt: string | Decimal): Decimal {
  return new D(fromPriceUsdt).div(toPriceUsdt).round(RATE_DECIMALS, ROUND.down);
}

export function exchangeQuote(amount: string | Decimal, rate: string | Decimal, toDecimals: number, feeRate: string): ExchangeQuote {
  const gross = new D(amount).times(rate).round(toDecimals, ROUND.down);
  const fee = gross.times(feeRate).round(toDecimals, ROUND.up);
  return { rate: new D(rate), gross, fee, receive: gross.minus(fee) };
}
