/**
 * The payment password and withdrawals (issue 4). A withdrawal needs the payment password, identity Lv1
 * and at least the chain's minimum; it must stay within the 24-hour limit of the user's level (in BTC at
 * the last prices, counting every withdrawal not rejected). The amount is frozen until an operator pays it
 * out or rejects it (ops/withdrawals.ts).
 */
import { sql } from 'kysely';
import { WITHDRAW_LIMIT_BTC } from '../../../shared/contract/withdraw';
import { D, type Decimal } from '../../../shared/format/decimal';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, post } from '../../ledger';
import { moneyTransaction } from '../../ledger/idempotency';
import { checkCode } from '../auth/codes';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { amountOf, chainOf, currencyOf, plain, pricesUsdt } from './common';

const DAY_MS = 86_400_000;
const BTC_ID = 1;

interface WithdrawalRow {
  id: string | number; currency_id: number; chain: string; address: string; amount: string; fee: string; status: number; reason: string;
  created_at: Date | string; reviewed_at: Date | string | null;
}

export function withdrawalOut(r: WithdrawalRow) {
  return {
    id: Number(r.id), currency_id: r.currency_id, currency_name: currencyOf(r.currency_id).name, chain: r.chain, address: r.address,
    amount: plain(r.amount), fee: plain(r.fee), receive: plain(new D(r.amount).minus(r.fee)), status: r.status, reason: r.reason,
    created_at: new Date(r.created_at).toISOString(), reviewed_at: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  };
}

/** Withdrawn in the last 24 hours (not rejected) plus `extra`, in BTC at the last prices. */
async function withdrawnBtc(ctx: RequestContext, userId: number, extra: { currency: number; amount: Decimal }): Promise<Decimal> {
  const prices = await pricesUsdt(ctx);
  const since = new Date(ctx.services.now().getTime() - DAY_MS);
  const rows = await ctx.services.db.selectFrom('withdrawals').select(['currency_id', sql<string>`sum(amount)::text`.as('total')])
    .where('user_id', '=', userId).where('status', '<>', 2).where('created_at', '>', since).groupBy('currency_id').execute();
  const usdt = [...rows.map((r) => ({ currency: r.currency_id, amount: new D(r.total) })), extra]
    .reduce((sum, r) => sum.plus(r.amount.times(prices.get(r.currency)!)), new D(0));
  return usdt.div(prices.get(BTC_ID)!);
}

export const withdrawalHandlers: Handlers = {
  'POST /safe/update_password': async (ctx) => {
    const user = requireUser(ctx);
    const { db, now } = ctx.services;
    const row = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!row.email) throw new ApiError('api.pay_password.email_first');
    const password = String(ctx.input.password);
    if (await verifyPassword(password, row.password_hash)) throw new ApiError('api.pay_password.same_as_login');
    await checkCode(db, now(), { kind: 'email', address: row.email.toLowerCase(), email: row.email }, 'pay_password', String(ctx.input.code), true);
    await db.updateTable('users').set({ pay_password_hash: await hashPassword(password), updated_at: now() }).where('id', '=', user.id).execute();
    return ctx.t('api.pay_password.saved');
  },

  'POST /wallet/out': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const u = await db.selectFrom('users').select(['pay_password_hash', 'real_level']).where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!u.pay_password_hash) throw new ApiError('error.set_pay_password_first');
    if (u.real_level < 1) throw new ApiError('api.withdraw.verify_first', {}, '998');
    if (!(await verifyPassword(String(ctx.input.pay_password), u.pay_password_hash))) throw new ApiError('api.pay_password.wrong');
    const c = currencyOf(ctx.input.currency);
    const chain = await chainOf(ctx, c.id, ctx.input.chain);
    const amount = amountOf(ctx.input.number, c);
    if (amount.lt(chain.withdraw_min) || amount.lte(chain.withdraw_fee)) throw new ApiError('api.withdraw.below_min', { min: plain(chain.withdraw_min), currency: c.name });
    const limit = WITHDRAW_LIMIT_BTC[u.real_level as 1 | 2];
    if ((await withdrawnBtc(ctx, user.id, { currency: c.id, amount })).gt(limit)) throw new ApiError('api.withdraw.over_limit', { limit });
    const address = String(ctx.input.address);
    return moneyTransaction(ctx, async (trx) => {
      const row = await trx.insertInto('withdrawals').values({
        user_id: user.id, currency_id: c.id, chain: chain.chain, address, amount: amount.toFixed(), fee: plain(chain.withdraw_fee),
      }).returningAll().executeTakeFirstOrThrow();
      const account = { user: user.id, currency: c.id, type: ACCOUNT_TYPES.change };
      await post(trx, {
        cause: 'withdraw.freeze', ref: `withdraw:${row.id}`,
        legs: [{ account, amount: amount.neg().toFixed() }, { account, bucket: 'frozen', amount: amount.toFixed() }],
      });
      return withdrawalOut(row);
    });
  },

  'GET /user/withdraw/list': async (ctx) => {
    const user = requireUser(ctx);
    const page = Number(ctx.input.page ?? 1);
    const limit = Number(ctx.input.limit ?? 10);
    const q = ctx.services.db.selectFrom('withdrawals').where('user_id', '=', user.id);
    const [{ total }] = await q.select(sql<number>`count(*)::int`.as('total')).execute();
    const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute();
    return { data: rows.map(withdrawalOut), page, limit, total };
  },
};
