/** Lock-mining endpoints (SPEC 7 "IEO and lock mining"): plans, the order being typed, locking, orders, early redemption. */
import type { Kysely } from 'kysely';
import { EARN_EVENT } from '../../../shared/contract/events';
import { MINING_STATUS } from '../../../shared/contract/mining';
import { endTime, valueTime, yieldRange } from '../../../shared/domain/mining';
import type { Decimal } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES } from '../../ledger';
import { moneyTransaction } from '../../money';
import { lockOrder, orderView, redeemEarly } from './orders';
import { openPlan, openPlans, planView, type PlanRow } from './plans';
import { currencyById, decimalInput, pageOf, pageParams, plain } from '../../kernel';
import { checkPayPassword, hasPayPassword } from '../auth';

/** The user's available spot balance by currency. */
async function spotAvailable(db: Kysely<DB>, user: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('ledger_accounts').select(['currency_id', 'available'])
    .where('user_id', '=', user).where('type', '=', ACCOUNT_TYPES.change).execute();
  return new Map(rows.map((r) => [r.currency_id, plain(r.available)]));
}

/** The typed amount in the plan's currency, within the plan's single-amount bounds. */
function amountIn(plan: PlanRow, value: unknown): Decimal {
  const currency = currencyById(plan.currency_id);
  const amount = decimalInput(value, currency.decimals, 'api.mining.amount_decimals');
  if (amount.lt(plan.min_amount)) throw new ApiError('api.mining.below_min', { min: plain(plan.min_amount), currency: currency.name });
  if (amount.gt(plan.max_amount)) throw new ApiError('api.mining.above_max', { max: plain(plan.max_amount), currency: currency.name });
  return amount;
}

const tellEarn = (ctx: RequestContext) => ctx.services.tell(requireUser(ctx).id, EARN_EVENT);

export const miningHandlers: Handlers = {
  'GET /lh/deposit/config': async (ctx) => {
    return (await openPlans(ctx.services.db, ctx.input.id, ctx.input.category)).map((plan) => planView(plan, ctx.t));
  },

  'POST /lh/deposit/info': async (ctx) => {
    const user = requireUser(ctx);
    const plan = await openPlan(ctx.services.db, ctx.input.config_id);
    const [available, pay] = await Promise.all([
      spotAvailable(ctx.services.db, user.id),
      hasPayPassword(ctx.services.db, user.id),
    ]);
    let earn: { low: Decimal; high: Decimal } | undefined;
    try {
      if (ctx.input.amount !== undefined) {
        earn = yieldRange(amountIn(plan, ctx.input.amount), plan.daily_rate_min, plan.daily_rate_max, plan.lock_days, currencyById(plan.currency_id).decimals);
      }
    } catch { earn = undefined; } // a preview of an amount the order would refuse: the form says why
    const value = valueTime(ctx.services.now(), plan.dividend_minute);
    return {
      plan: planView(plan, ctx.t), available: available.get(plan.currency_id) ?? '0',
      earn_min: earn ? earn.low.toFixed() : null, earn_max: earn ? earn.high.toFixed() : null,
      value_at: value.toISOString(), end_at: endTime(value, plan.lock_days).toISOString(), has_pay_password: pay,
    };
  },

  'POST /lh/deposit': async (ctx) => {
    const user = requireUser(ctx);
    const plan = await openPlan(ctx.services.db, ctx.input.config_id);
    const amount = amountIn(plan, ctx.input.amount);
    await checkPayPassword(ctx.services, user.id, ctx.input.pay_password);
    const now = ctx.services.now();
    const view = await moneyTransaction(ctx, async (trx) => orderView(await lockOrder(trx, plan, user.id, amount, now), now));
    tellEarn(ctx);
    return view;
  },

  'GET /lh/deposit/order': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('mining_orders').where('user_id', '=', user.id);
    if (ctx.input.status !== undefined) q = q.where('status', '=', MINING_STATUS.name(ctx.input.status));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    const now = ctx.services.now();
    return { order_list: rows.map((r) => orderView(r, now)), page, limit, total };
  },

  'POST /lh/deposit/order/cancel': async (ctx) => {
    const user = requireUser(ctx);
    const now = ctx.services.now();
    const view = await moneyTransaction(ctx, async (trx) => orderView(await redeemEarly(trx, user.id, ctx.input.id, now), now));
    tellEarn(ctx);
    return view;
  },
};
