/**
 * The life of a loan, with the money each step moves: applied for (the pledge held on the spot account), approved
 * (the house pays the principal into the spot account; day 1's interest accrues at once) or rejected (the pledge
 * released), a day's interest at a time (overdue interest past the due date), repaid (from the spot account to
 * the house; paid in full, the pledge is released) or closed by selling the pledge when the risk rate falls to
 * the liquidation rate (the house takes of it what is owed at the last price, the rest is released).
 *
 * Every step reads the loan under its row lock (after the owner's row: ledger/locks.ts) and checks its status
 * there, so an approval, a repayment and a liquidation of the same loan never both apply.
 */
import type { Selectable, Transaction } from 'kysely';
import { LOAN_STATUS } from '../../../shared/contract/loan';
import {
  allocateRepayment, cycleInterest, dayInterest, daysLeft, liquidationPrice, overdueDayInterest, owedTotal, pledgeNeeded, repaymentProblem, riskRate, type LoanCycle, type Owed,
} from '../../../shared/domain/loans';
import { D, ROUND, type Decimal } from '../../../shared/format/decimal';
import type { SiteSettings } from '../../../shared/config/settings';
import { OpsError } from '../../area';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, addToHold, capture, hold, post, release } from '../../ledger';
import { USDT_ID } from '../../market/currencies';
import { currencyById, DAY_MS, isoOrNull, plain } from '../../kernel';
import { pairBySymbol } from '../trading';
import { postMessage } from '../messages';

export type LoanRow = Selectable<DB['loans']>;
type LoanTerms = SiteSettings['loans'];

const refOf = (id: number) => `loan:${id}`;
const pledgeHold = (id: number) => ({ cause: 'loan.pledge', ref: refOf(id) }) as const;
const spot = (user: number, currency: number) => ({ user, currency, type: ACCOUNT_TYPES.change });
const house = (currency: number) => ({ platform: 'house' as const, currency });
const usdtDecimals = () => currencyById(USDT_ID).decimals;
/** How a pledge's price is written: its USDT pair's price decimals (USDT itself, priced 1, in full). */
export const pledgePriceDecimals = (currency: number): number => {
  const c = currencyById(currency);
  return c.is_quote ? usdtDecimals() : pairBySymbol(`${c.name}/USDT`).inst.priceDecimals;
};

const owedOf = (l: LoanRow): Owed => ({ principal: new D(l.principal_owed), interest: new D(l.interest_owed), overdue: new D(l.overdue_owed) });

/** The pledge prices at which what is owed now meets the warning and the liquidation rate. */
function riskPrices(l: Pick<LoanRow, 'pledge' | 'pledge_currency_id' | 'warning_risk_rate' | 'liquidation_risk_rate'>, owed: Decimal) {
  const decimals = pledgePriceDecimals(l.pledge_currency_id);
  return {
    warning_price: liquidationPrice(l.pledge, owed, l.warning_risk_rate, decimals)?.toFixed() ?? null,
    liquidation_price: liquidationPrice(l.pledge, owed, l.liquidation_risk_rate, decimals)?.toFixed() ?? null,
  };
}

async function lockLoan(trx: Transaction<DB>, id: number, user?: number): Promise<LoanRow> {
  let q = trx.selectFrom('loans').selectAll().where('id', '=', id);
  if (user !== undefined) q = q.where('user_id', '=', user);
  const l = await q.forUpdate().executeTakeFirst();
  if (!l) throw new ApiError('api.loan.not_found');
  return l;
}

/** Applies for `principal` USDT over `cycle`, pledging `pledgeCurrency` at `price` (USDT); the pledge is held. */
export async function applyLoan(trx: Transaction<DB>, a: {
  user: number; principal: Decimal; cycle: LoanCycle; pledgeCurrency: number; price: string; terms: LoanTerms; now: Date;
}): Promise<LoanRow> {
  const pledge = pledgeNeeded(a.principal, a.terms.pledge_ratio, a.price, currencyById(a.pledgeCurrency).decimals);
  const loan = await trx.insertInto('loans').values({
    user_id: a.user, principal: a.principal.toFixed(), days: a.cycle.days, daily_rate: a.cycle.dailyRate,
    pledge_currency_id: a.pledgeCurrency, pledge: pledge.toFixed(), pledge_price: a.price,
    // Copied: an operator's later change of the terms applies to new loans only.
    pledge_ratio: a.terms.pledge_ratio, warning_risk_rate: a.terms.warning_risk_rate, liquidation_risk_rate: a.terms.liquidation_risk_rate,
    overdue_rate: a.terms.overdue_daily_rate, status: 'review', created_at: a.now, principal_owed: a.principal.toFixed(),
  }).returningAll().executeTakeFirstOrThrow();
  await hold(trx, { account: spot(a.user, a.pledgeCurrency), amount: pledge, ...pledgeHold(loan.id) });
  return loan;
}

/** A loan still under review, for the operator's decision. */
async function underReview(trx: Transaction<DB>, id: number): Promise<LoanRow> {
  const l = await trx.selectFrom('loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!l) throw new OpsError(`no loan ${id}`);
  if (l.status !== 'review') throw new OpsError(`loan ${id} was already reviewed: it is ${l.status}`);
  return l;
}

/** Approves a loan under review at `now`: the principal paid out, day 1's interest accrued. */
export async function approveLoan(trx: Transaction<DB>, id: number, now: Date): Promise<LoanRow> {
  const l = await underReview(trx, id);
  await trx.updateTable('loans').set({
    status: 'paid', borrowed_at: now, due_at: new Date(now.getTime() + l.days * DAY_MS), next_accrual_at: now,
    ...riskPrices(l, new D(l.principal)),
  }).where('id', '=', id).execute();
  await post(trx, { cause: 'loan.payout', ref: refOf(id), legs: [
    { account: house(USDT_ID), amount: new D(l.principal).neg().toFixed() },
    { account: spot(l.user_id, USDT_ID), amount: plain(l.principal) },
  ] });
  await accrueDue(trx, id, now);
  const paid = await lockLoan(trx, id);
  await postMessage(trx, l.user_id, 'loan_approved', { amount: plain(l.principal), days: l.days, due: isoOrNull(paid.due_at)!.slice(0, 10) }, now);
  return paid;
}

/** Rejects a loan under review: the pledge is released. */
export async function rejectLoan(trx: Transaction<DB>, id: number, reason: string, now: Date): Promise<LoanRow> {
  const l = await underReview(trx, id);
  await release(trx, pledgeHold(id), { cause: 'loan.release' });
  await postMessage(trx, l.user_id, 'loan_rejected', { amount: plain(l.principal), reason }, now);
  return trx.updateTable('loans').set({ status: 'rejected', reason, closed_at: now, principal_owed: '0' })
    .where('id', '=', l.id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Accrues every day of loan `id` due by `now`, in order (several after a downtime): day k of the cycle its
 * interest on the principal left, each day past it the overdue interest. Answers how many days it accrued.
 */
export async function accrueDue(trx: Transaction<DB>, id: number, now: Date): Promise<number> {
  let days = 0;
  for (;;) {
    const l = await lockLoan(trx, id);
    if (l.status !== 'paid' || !l.next_accrual_at || new Date(l.next_accrual_at) > now) return days;
    const day = l.days_accrued + 1;
    const owed = owedOf(l);
    const add = day <= l.days ? { interest: dayInterest(owed.principal, l.daily_rate, usdtDecimals()), overdue: new D(0) }
      : { interest: new D(0), overdue: overdueDayInterest(owed, l.overdue_rate, usdtDecimals()) };
    const next: Owed = { ...owed, interest: owed.interest.plus(add.interest), overdue: owed.overdue.plus(add.overdue) };
    await trx.updateTable('loans').set({
      days_accrued: day, interest_owed: next.interest.toFixed(), overdue_owed: next.overdue.toFixed(),
      next_accrual_at: new Date(new Date(l.next_accrual_at).getTime() + DAY_MS), ...riskPrices(l, owedTotal(next)),
    }).where('id', '=', id).execute();
    days++;
  }
}

/** The user's loan `id` with the days due by `now` accrued (a repayment being typed reads what it would pay). */
export async function owedNow(trx: Transaction<DB>, user: number, id: number, now: Date): Promise<LoanRow> {
  await accrueDue(trx, id, now);
  return lockLoan(trx, id, user);
}

/** What a repayment of `amount` would pay and leave, or why it would be refused. */
export function repaymentPreview(l: LoanRow, amount: Decimal | null) {
  const owed = owedOf(l);
  if (!amount || l.status !== 'paid') return { split: null, problem: null };
  const problem = repaymentProblem(amount, owed);
  if (problem) return { split: null, problem };
  const { paid, left } = allocateRepayment(amount, owed);
  return { split: { overdue: paid.overdue.toFixed(), interest: paid.interest.toFixed(), principal: paid.principal.toFixed(), left: owedTotal(left).toFixed() }, problem: null };
}

/** Repays `amount` USDT of the user's loan from the spot account (what is due by `now` accrued first). */
export async function repayLoan(trx: Transaction<DB>, user: number, id: number, amount: Decimal, now: Date) {
  const l = await owedNow(trx, user, id, now);
  if (l.status !== 'paid') throw new ApiError('api.loan.not_repayable');
  const owed = owedOf(l);
  const problem = repaymentProblem(amount, owed);
  if (problem === 'not_above_principal') throw new ApiError('api.loan.repay_not_above_principal', { principal: owed.principal.toFixed() });
  if (problem === 'above_owed') throw new ApiError('api.loan.repay_above_owed', { owed: owedTotal(owed).toFixed() });
  const { paid, left } = allocateRepayment(amount, owed);
  const repayment = await trx.insertInto('loan_repayments').values({
    loan_id: id, user_id: user, amount: amount.toFixed(), overdue: paid.overdue.toFixed(), interest: paid.interest.toFixed(),
    principal: paid.principal.toFixed(), created_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  await post(trx, { cause: 'loan.repay', ref: `${refOf(id)}:${repayment.id}`, legs: [
    { account: spot(user, USDT_ID), amount: amount.neg().toFixed() },
    { account: house(USDT_ID), amount: amount.toFixed() },
  ] });
  const done = owedTotal(left).eq(0);
  if (done) await release(trx, pledgeHold(id), { cause: 'loan.release' });
  const loan = await trx.updateTable('loans').set({
    principal_owed: left.principal.toFixed(), interest_owed: left.interest.toFixed(), overdue_owed: left.overdue.toFixed(),
    ...(done ? { status: 'repaid' as const, closed_at: now, next_accrual_at: null, warning_price: null, liquidation_price: null } : riskPrices(l, owedTotal(left))),
  }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  return { loan, repayment };
}

/** What a top-up of the pledge by `amount` would leave at the pledge's last `price`: the pledge, the risk rate, the liquidation price. */
export function pledgePreview(l: LoanRow, amount: Decimal | null, price: string) {
  if (!amount || amount.lte(0) || l.status !== 'paid') return null;
  const pledge = amount.plus(l.pledge);
  const owed = owedTotal(owedOf(l));
  return {
    pawn_num: pledge.toFixed(),
    risk_rate: riskRate(pledge, price, owed)?.round(4, ROUND.down).toFixed() ?? null,
    liquidation_price: riskPrices({ ...l, pledge: pledge.toFixed() }, owed).liquidation_price,
  };
}

/**
 * Tops up the pledge of the user's loan `id` (paid out) with `amount` of its currency from the spot account: the
 * pledge's hold grows, the warning and liquidation prices fall, and a warning given is forgotten, so a new fall
 * to the warning rate warns again.
 */
export async function addPledge(trx: Transaction<DB>, user: number, id: number, amount: Decimal): Promise<LoanRow> {
  const l = await lockLoan(trx, id, user);
  if (l.status !== 'paid') throw new ApiError('api.loan.not_topupable');
  const n = l.pledge_topups + 1;
  await addToHold(trx, pledgeHold(id), { cause: 'loan.pledge_add', ref: `${refOf(id)}:pledge:${n}`, amount });
  const pledge = amount.plus(l.pledge).toFixed();
  return trx.updateTable('loans').set({ pledge, pledge_topups: n, warned_at: null, ...riskPrices({ ...l, pledge }, owedTotal(owedOf(l))) })
    .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * What the pledge's price `price` does to loan `id` at `now`: at or below the liquidation rate the pledge is
 * sold (the house takes what is owed at that price, at most the whole pledge; the rest is released and the debt
 * is closed); at or below the warning rate, the first time, the borrower is warned. Answers what it did.
 */
export async function checkRisk(trx: Transaction<DB>, id: number, price: string, now: Date): Promise<'liquidated' | 'warned' | null> {
  const l = await lockLoan(trx, id);
  if (l.status !== 'paid') return null;
  const owed = owedTotal(owedOf(l));
  const risk = riskRate(l.pledge, price, owed);
  if (risk === null) return null;
  if (risk.lte(l.liquidation_risk_rate)) {
    const covers = owed.div(price).round(currencyById(l.pledge_currency_id).decimals, ROUND.up);
    const taken = covers.gt(l.pledge) ? new D(l.pledge) : covers;
    await capture(trx, pledgeHold(id), { cause: 'loan.liquidate', amount: taken.toFixed(), rest: 'release', legs: [
      { account: house(l.pledge_currency_id), amount: taken.toFixed() },
    ] });
    await trx.updateTable('loans').set({
      status: 'liquidated', closed_at: now, next_accrual_at: null, principal_owed: '0', interest_owed: '0', overdue_owed: '0',
      warning_price: null, liquidation_price: null, sold_pledge: taken.toFixed(), sold_price: price,
    }).where('id', '=', id).execute();
    await postMessage(trx, l.user_id, 'loan_liquidated', { amount: plain(l.principal), sold: taken.toFixed(), currency: currencyById(l.pledge_currency_id).name, price: plain(price) }, now);
    return 'liquidated';
  }
  if (risk.lte(l.warning_risk_rate) && !l.warned_at) {
    await trx.updateTable('loans').set({ warned_at: now }).where('id', '=', id).execute();
    await postMessage(trx, l.user_id, 'loan_warning', {
      amount: plain(l.principal), risk: risk.times(100).toFixed(2), currency: currencyById(l.pledge_currency_id).name, price: plain(l.liquidation_price ?? '0'),
    }, now);
    return 'warned';
  }
  return null;
}

/**
 * Reminds the owner of paid-out loan `id` that it is due within a day (the `loan.due` job): once, by a guarded
 * update; what is owed now, the due date and the overdue rate that follows it.
 */
export async function remindDue(trx: Transaction<DB>, id: number, now: Date): Promise<boolean> {
  const l = await trx.updateTable('loans').set({ due_reminded_at: now })
    .where('id', '=', id).where('status', '=', 'paid').where('due_reminded_at', 'is', null).returningAll().executeTakeFirst();
  if (!l) return false;
  await postMessage(trx, l.user_id, 'loan_due', {
    amount: owedTotal(owedOf(l)).toFixed(), due: isoOrNull(l.due_at)!.slice(0, 10), overdue: new D(l.overdue_rate).times(100).toFixed(),
  }, now);
  return true;
}

/** A loan as the app reads it (LOAN) at `now`, with its risk at the pledge's last `price` (USDT) when paid out. */
export function loanView(l: LoanRow, price: string | undefined, now: Date) {
  const owed = owedOf(l);
  const total = owedTotal(owed);
  const interest = cycleInterest(l.principal, { days: l.days, dailyRate: l.daily_rate }, usdtDecimals());
  const paid = l.status === 'paid';
  return {
    id: l.id, money: plain(l.principal), day: l.days, rate: plain(l.daily_rate), interest: interest.toFixed(), repay_amount: new D(l.principal).plus(interest).toFixed(),
    pawn: currencyById(l.pledge_currency_id).name, pawn_num: plain(l.pledge), pawn_price: plain(l.pledge_price), pawn_rate: plain(l.pledge_ratio),
    status: LOAN_STATUS.code(l.status), created_at: new Date(l.created_at).toISOString(), borrow_time: isoOrNull(l.borrowed_at), due_time: isoOrNull(l.due_at),
    principal_owed: owed.principal.toFixed(), interest_owed: owed.interest.toFixed(), overdue_owed: owed.overdue.toFixed(), owed: total.toFixed(),
    ...loanHealth(l, paid ? price : undefined, now),
    warning_risk_rate: plain(l.warning_risk_rate), liquidation_risk_rate: plain(l.liquidation_risk_rate),
    closed_at: isoOrNull(l.closed_at), reason: l.reason,
    sold_pledge: l.sold_pledge === null ? null : plain(l.sold_pledge), sold_price: l.sold_price === null ? null : plain(l.sold_price),
  };
}

/** What moves with the pledge's price and the clock while a loan is paid out (null otherwise): the live feed sends these. */
export function loanHealth(l: LoanRow, price: string | undefined, now: Date) {
  const paid = l.status === 'paid' && price !== undefined;
  const risk = paid ? riskRate(l.pledge, price, owedTotal(owedOf(l))) : null;
  return {
    risk_rate: risk ? risk.round(4, ROUND.down).toFixed() : null,
    at_risk: risk !== null && risk.lte(l.warning_risk_rate),
    liquidation_price: paid && l.liquidation_price !== null ? plain(l.liquidation_price) : null,
    pawn_last_price: paid ? price : null,
    days_left: paid && l.due_at ? daysLeft(new Date(l.due_at), now) : null,
  };
}

export function repaymentView(r: Selectable<DB['loan_repayments']>) {
  return {
    id: r.id, loan_id: r.loan_id, amount: plain(r.amount), overdue: plain(r.overdue), interest: plain(r.interest), principal: plain(r.principal),
    created_at: new Date(r.created_at).toISOString(),
  };
}
