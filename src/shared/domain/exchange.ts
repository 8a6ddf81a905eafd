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

/**
 * The rate as a person reads it: one of the currency worth more in the other (`1 BTC ≈ 67,500 USDT`, never
 * `1 USDT ≈ 0.0000148 BTC`), whichever way the exchange goes. `price` is rounded down to `decimals` of the
 * quote currency.
 */
export function readableRate(
  from: { name: string; priceUsdt: string | Decimal; decimals: number }, to: { name: string; priceUsdt: string | Decimal; decimals: number },
): { base: string; quote: string; price: Decimal } {
  const [base, quote] = new D(from.priceUsdt).gte(to.priceUsdt) ? [from, to] : [to, from];
  return { base: base.name, quote: quote.name, price: new D(base.priceUsdt).div(quote.priceUsdt).round(quote.decimals, ROUND.down) };
}
