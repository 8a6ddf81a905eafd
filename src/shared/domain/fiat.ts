/**
 * Buying crypto with money (SPEC 9: USD to USDT 1:1): the fee is the method's rate of the amount, at least its
 * minimum, rounded up to the cent; what arrives is the rest at the currency's USDT rate, rounded down to the cent.
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';

export interface BuyTerms { usdtRate: DecimalInput; feeRate: DecimalInput; feeMin: DecimalInput }

export function buyQuote(amount: DecimalInput, terms: BuyTerms): { fee: Decimal; receive: Decimal } {
  const paid = new D(amount);
  const byRate = paid.times(terms.feeRate).round(2, ROUND.up);
  const fee = byRate.gt(terms.feeMin) ? byRate : new D(terms.feeMin);
  const rest = paid.minus(fee);
  return { fee, receive: rest.gt(0) ? rest.times(terms.usdtRate).round(2, ROUND.down) : new D(0) };
}
