/**
 * The life of a lock-mining order, with the money each step moves: locked (the amount leaves the spot
 * account for the mining account's locked balance), paid a day's yield by the house into the spot account
 * at each dividend time, released at the end of its term (the principal back to the spot account with the
 * last day's yield), or redeemed early (the principal back less the penalty, which the house keeps). Each
 * step changes the order with a guarded update first, and each day paid is a row keyed by order and day,
 * so whoever gets there first (the job on one node, the user) does it once. Callers hold the owner's row.
 */
import type { Selectable, Transaction } from 'kysely';
import { MINING_STATUS } from '../../../shared/contract/mining';
import { dailyYield, earlyPenalty, endTime, remainingDays, valueTime } from '../../../shared/domain/mining';
import { D, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, post, type Leg } from '../../ledger';
import { clockTime, dayRate, percent, type PlanRow } from './plans';
import { currencyById, DAY_MS, isoOrNull, plain, plainOrNull } from '../../kernel';

export type OrderRow = Selectable<DB['mining_orders']>;

const refOf = (id: number) => `mining:${id}`;
const spot = (user: number, currency: number) => ({ user, currency, type: ACCOUNT_TYPES.change });
const mining = (user: number, currency: number) => ({ user, currency, type: ACCOUNT_TYPES.mining });

/** Locks `amount` in `plan` at `now`: yield accrues from the next dividend time. */
export async function lockOrder(trx: Transaction<DB>, plan: PlanRow, user: number, amount: Decimal, now: Date): Promise<OrderRow> {
  const value = valueTime(now, plan.dividend_minute);
  const order = await trx.insertInto('mining_orders').values({
    user_id: user, plan_id: plan.id, currency_id: plan.currency_id, amount: amount.toFixed(),
    // Copied: an operator's later change of the plan does not change orders already locked.
    daily_rate_min: plan.daily_rate_min, daily_rate_max: plan.daily_rate_max, lock_days: plan.lock_days,
    dividend_minute: plan.dividend_minute, early_ratio: plan.early_ratio,
    status: 'locked', locked_at: now, value_at: value, ends_at: endTime(value, plan.lock_days),
    next_due_at: new Date(value.getTime() + DAY_MS),
  }).returningAll().executeTakeFirstOrThrow();
  await post(trx, { cause: 'mining.lock', ref: refOf(order.id), legs: [
    { account: spot(user, plan.currency_id), amount: amount.neg().toFixed() },
    { account: mining(user, plan.currency_id), bucket: 'locked', amount: amount.toFixed() },
  ] });
  return order;
}

/**
 * Pays every day of order `id` due by `now`, in order (several after a downtime), and releases the
 * principal with the last one. Answers how many days it paid.
 */
export async function payDueDays(trx: Transaction<DB>, id: number, now: Date): Promise<number> {
  let paid = 0;
  for (;;) {
    const o = await trx.selectFrom('mining_orders').selectAll().where('id', '=', id).where('status', '=', 'locked').executeTakeFirst();
    if (!o?.next_due_at || new Date(o.next_due_at) > now) return paid;
    const due = new Date(o.next_due_at);
    const day = o.days_paid + 1;
    const last = day >= o.lock_days;
    const rate = dayRate(o.plan_id, due, o.daily_rate_min, o.daily_rate_max);
    const amount = dailyYield(o.amount, rate, currencyById(o.currency_id).decimals);
    const updated = await trx.updateTable('mining_orders').set({
      days_paid: day, earned: new D(o.earned).plus(amount).toFixed(),
      next_due_at: last ? null : new Date(due.getTime() + DAY_MS),
      ...(last ? { status: 'redeemed' as const, returned: o.amount, penalty: '0', redeemed_at: due } : {}),
    }).where('id', '=', id).where('status', '=', 'locked').where('days_paid', '=', o.days_paid).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return paid;
    await trx.insertInto('mining_yields').values({ order_id: id, day, rate: rate.toFixed(), amount: amount.toFixed(), paid_at: due }).execute();
    const ref = refOf(id);
    if (amount.gt(0)) {
      await post(trx, { cause: 'mining.yield', ref: `${ref}:${day}`, legs: [
        { account: { platform: 'house', currency: o.currency_id }, amount: amount.neg().toFixed() },
        { account: spot(o.user_id, o.currency_id), amount: amount.toFixed() },
      ] });
    }
    if (last) {
      await post(trx, { cause: 'mining.release', ref, legs: [
        { account: mining(o.user_id, o.currency_id), bucket: 'locked', amount: new D(o.amount).neg().toFixed() },
        { account: spot(o.user_id, o.currency_id), amount: plain(o.amount) },
      ] });
    }
    paid++;
  }
}

/** What redeeming a locked order at `now` keeps and returns; undefined once its term has ended. */
export function earlyTerms(o: OrderRow, now: Date): { days: number; penalty: Decimal; returned: Decimal } | undefined {
  if (o.status !== 'locked' || new Date(o.ends_at) <= now) return undefined;
  const days = Math.min(o.lock_days, remainingDays(new Date(o.ends_at), now));
  const penalty = earlyPenalty(o.amount, o.early_ratio, days, currencyById(o.currency_id).decimals);
  return { days, penalty, returned: new D(o.amount).minus(penalty) };
}

/** Redeems the user's locked order before its term: the principal back less the penalty. */
export async function redeemEarly(trx: Transaction<DB>, user: number, id: number, now: Date): Promise<OrderRow> {
  const o = await trx.selectFrom('mining_orders').selectAll().where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
  if (!o) throw new ApiError('api.mining.order_not_found');
  const terms = earlyTerms(o, now);
  if (!terms) throw new ApiError(o.status === 'locked' ? 'api.mining.at_term' : 'api.mining.not_locked');
  const row = await trx.updateTable('mining_orders').set({
    status: 'early', penalty: terms.penalty.toFixed(), returned: terms.returned.toFixed(), redeemed_at: now, next_due_at: null,
  }).where('id', '=', id).where('status', '=', 'locked').returningAll().executeTakeFirst();
  if (!row) throw new ApiError('api.mining.not_locked');
  const legs: Leg[] = [
    { account: mining(user, o.currency_id), bucket: 'locked', amount: new D(o.amount).neg().toFixed() },
    { account: spot(user, o.currency_id), amount: terms.returned.toFixed() },
  ];
  if (terms.penalty.gt(0)) legs.push({ account: { platform: 'house', currency: o.currency_id }, amount: terms.penalty.toFixed() });
  await post(trx, { cause: 'mining.redeem', ref: refOf(id), legs });
  return row;
}

/** An order as the platform's screens read it at `now` (MINING_ORDER). */
export function orderView(o: OrderRow, now: Date) {
  const early = earlyTerms(o, now);
  return {
    id: o.id, plan_id: o.plan_id, currency_id: o.currency_id, currency_name: currencyById(o.currency_id).name, amount: plain(o.amount),
    day_rate: percent(o.daily_rate_min), day_rate_max: percent(o.daily_rate_max), day: o.lock_days,
    dividend_time: clockTime(o.dividend_minute), early_percent: percent(o.early_ratio), status: MINING_STATUS.code(o.status),
    start_at: new Date(o.locked_at).toISOString(), value_at: new Date(o.value_at).toISOString(), end_at: new Date(o.ends_at).toISOString(),
    next_due_at: isoOrNull(o.next_due_at), days_paid: o.days_paid, total_interest: plain(o.earned),
    remaining_days: early?.days ?? 0, cancel_fee: early ? early.penalty.toFixed() : plain(o.penalty ?? 0),
    return_now: early ? early.returned.toFixed() : null, returned: plainOrNull(o.returned), redeemed_at: isoOrNull(o.redeemed_at),
  };
}
