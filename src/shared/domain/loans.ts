/**
 * Loans with a pledge (issue 25; SPEC 3, 5, 9): the figures the loan form shows before submitting and the
 * server books, in exact decimals. A loan of `amount` USDT for one of the operator's cycles pledges
 * `amount x pledge ratio` worth of the pledge currency at the price recorded when applying; interest is the
 * cycle's daily rate of the principal, a day at a time; past the due date each day adds overdue interest of
 * 0.5 % (operator data) of what is owed then, principal and interest, not the overdue interest itself. The
 * risk rate is the pledge's value over what is owed; below the liquidation threshold (110 %) the pledge is sold.
 *
 * Rounding: what the user owes (interest) and the pledge asked for are rounded up to their currency's decimals
 * (never less than the rates say), a liquidation price up to the pair's price decimals (warned no later).
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';
import { DAY_MS } from './time';

/** One cycle the operator offers: its length in days and its daily rate (a fraction: "0.003" is 0.3 % a day). */
export interface LoanCycle { days: number; dailyRate: string }

/** The pledge asked for `amount` at `ratio` (1.5: worth 150 % of the loan) and the pledge's price in USDT. */
export function pledgeNeeded(amount: DecimalInput, ratio: DecimalInput, price: DecimalInput, decimals: number): Decimal {
  return new D(amount).times(ratio).div(price).round(decimals, ROUND.up);
}

/** One day's interest of `principal` at `dailyRate`. */
export function dayInterest(principal: DecimalInput, dailyRate: DecimalInput, decimals: number): Decimal {
  return new D(principal).times(dailyRate).round(decimals, ROUND.up);
}

/** The interest over a whole cycle: its days of one day's interest each. */
export function cycleInterest(principal: DecimalInput, cycle: LoanCycle, decimals: number): Decimal {
  return dayInterest(principal, cycle.dailyRate, decimals).times(cycle.days);
}

export interface LoanQuote {
  pledge: Decimal;
  dayInterest: Decimal;
  /** Interest over the whole cycle. */
  interest: Decimal;
  /** Principal and interest, due at `dueAt`. */
  repay: Decimal;
  dueAt: Date;
}

/** What the form shows before submitting, and what the loan records when it is paid out at `from`. */
export function loanQuote(q: {
  amount: DecimalInput; cycle: LoanCycle; pledgeRatio: DecimalInput; pledgePrice: DecimalInput; pledgeDecimals: number; decimals: number; from: Date;
}): LoanQuote {
  const daily = dayInterest(q.amount, q.cycle.dailyRate, q.decimals);
  const interest = cycleInterest(q.amount, q.cycle, q.decimals);
  return {
    pledge: pledgeNeeded(q.amount, q.pledgeRatio, q.pledgePrice, q.pledgeDecimals),
    dayInterest: daily,
    interest,
    repay: new D(q.amount).plus(interest),
    dueAt: new Date(q.from.getTime() + q.cycle.days * DAY_MS),
  };
}

/** What a loan owes at a time: principal left, interest (of the cycle's days run so far) and overdue interest unpaid. */
export interface Owed { principal: Decimal; interest: Decimal; overdue: Decimal }

export const owedTotal = (o: Owed): Decimal => o.principal.plus(o.interest).plus(o.overdue);

/** One overdue day's interest: `rate` of the principal and interest owed. */
export function overdueDayInterest(o: Pick<Owed, 'principal' | 'interest'>, rate: DecimalInput, decimals: number): Decimal {
  return o.principal.plus(o.interest).times(rate).round(decimals, ROUND.up);
}

/** Whole days until `due` (a part day counts as one), 0 once it has passed. */
export function daysLeft(due: Date, now: Date): number {
  return Math.max(0, Math.ceil((due.getTime() - now.getTime()) / DAY_MS));
}

/** The pledge's value over what is owed (1.25 is 125 %); null when nothing is owed. */
export function riskRate(pledge: DecimalInput, price: DecimalInput, owed: DecimalInput): Decimal | null {
  const due = new D(owed);
  return due.lte(0) ? null : new D(pledge).times(price).div(due);
}

/** The pledge price at which the risk rate reaches `threshold`: the pledge is sold at or below it. */
export function liquidationPrice(pledge: DecimalInput, owed: DecimalInput, threshold: DecimalInput, priceDecimals: number): Decimal | null {
  const qty = new D(pledge);
  return qty.lte(0) ? null : new D(owed).times(threshold).div(qty).round(priceDecimals, ROUND.up);
}

/**
 * Why a repayment of `amount` is refused, or null: SPEC 5 asks more than the principal left (the interest is
 * paid first, so such a repayment always takes principal), and never more than is owed.
 */
export function repaymentProblem(amount: DecimalInput, owed: Owed): 'not_above_principal' | 'above_owed' | null {
  const a = new D(amount);
  if (a.lte(0) || (owed.principal.gt(0) && a.lte(owed.principal))) return 'not_above_principal';
  if (a.gt(owedTotal(owed))) return 'above_owed';
  return null;
}

/** How a repayment is spent: overdue interest first, then interest, then principal; and what is left owed. */
export function allocateRepayment(amount: DecimalInput, owed: Owed): { paid: Owed; left: Owed } {
  let rest = new D(amount);
  const take = (due: Decimal) => {
    const part = rest.lt(due) ? rest : due;
    rest = rest.minus(part);
    return part;
  };
  const paid = { overdue: take(owed.overdue), interest: take(owed.interest), principal: take(owed.principal) };
  return {
    paid,
    left: { principal: owed.principal.minus(paid.principal), interest: owed.interest.minus(paid.interest), overdue: owed.overdue.minus(paid.overdue) },
  };
}
