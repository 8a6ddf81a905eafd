/**
 * The payment password and withdrawals (issues 4, 20). A withdrawal goes to a saved destination (payees.ts),
 * named as the platform's app names it: `type` 0 and the text of one of the user's wallet addresses, or `type`
 * 1 / 2, the domestic or international bank card. It needs the payment password, identity Lv1 and at least
 * the chain's minimum (a card: the currency's first chain's minimum and fee); it must stay within the 24-hour
 * limit of the user's level (in BTC at the last prices, counting every withdrawal not rejected; checked under
 * a lock of the user's row, so concurrent requests cannot pass it together). The amount is frozen until an
 * operator pays it out or rejects it (withdrawalReview.ts).
 */
import { REAL_LEVELS } from '../../../shared/contract/kyc';
import { oneOf } from '../../../shared/contract/common';
import { sql, type Kysely, type Transaction } from 'kysely';
import { CARD_KINDS } from '../../../shared/contract/payees';
import { CARD_CHAINS, WITHDRAW_LIMIT_BTC, WITHDRAW_TYPES, WITHDRAWAL_STATUS, type WithdrawType } from '../../../shared/contract/withdraw';
import { D, ROUND, type Decimal } from '../../../shared/format/decimal';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, balancesOf, hold, inUserTransaction } from '../../ledger';
import { moneyTransaction } from '../../money';
import type { Currency } from '../../market/currencies';
import { PAY_PASSWORD_CODE_SCENES } from '../../../shared/contract/auth';
import { checkCode, clearPayPasswordTries, hashPassword, verifyPassword, verifyPayPassword } from '../auth';
import { amountOf, chainsOf, pickChain, pricesUsdt } from './common';
import { maskedCard } from '../../../shared/format/mask';
import { cardOut, savedAddress, savedCard } from './payees';
import { currencyById, DAY_MS, pageOf, pageParams, plain } from '../../kernel';

const BTC_ID = 1;

interface WithdrawalRow {
  id: string | number; currency_id: number; destination: WithdrawType; chain: string; address: string; amount: string; fee: string;
  status: number; reason: string; created_at: Date | string; reviewed_at: Date | string | null;
}

export function withdrawalOut(r: WithdrawalRow) {
  return {
    id: Number(r.id), currency: r.currency_id, name: currencyById(r.currency_id).name, type: WITHDRAW_TYPES.code(r.destination),
    chain: r.chain, address: r.address,
    number: plain(r.amount), fee: plain(r.fee), receive: plain(new D(r.amount).minus(r.fee)), status: oneOf(Object.values(WITHDRAWAL_STATUS), r.status), reason: r.reason,
    create_time: new Date(r.created_at).toISOString(), reviewed_at: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  };
}

/** Withdrawn in the last 24 hours (not rejected), in USDT at `prices`. */
async function withdrawnUsdt(ctx: RequestContext, db: Kysely<DB> | Transaction<DB>, userId: number, prices: Map<number, string>): Promise<Decimal> {
  const since = new Date(ctx.services.now().getTime() - DAY_MS);
  const rows = await db.selectFrom('withdrawals').select(['currency_id', sql<string>`sum(amount)::text`.as('total')])
    .where('user_id', '=', userId).where('status', '<>', WITHDRAWAL_STATUS.rejected).where('created_at', '>', since).groupBy('currency_id').execute();
  return rows.reduce((sum, r) => sum.plus(new D(r.total).times(prices.get(r.currency_id)!)), new D(0));
}

/** The 24-hour limit of an identity level in BTC ('0' below Lv1). */
const limitOf = (level: number): string => WITHDRAW_LIMIT_BTC[level as 1 | 2] ?? '0';

type ChainRow = Awaited<ReturnType<typeof chainsOf>>[number];

/** Under the chain's minimum, or not more than its fee: refused by POST /wallet/out, with nothing to receive in get_info. */
const belowMinimum = (amount: Decimal, rule: ChainRow): boolean => amount.lt(rule.withdraw_min) || amount.lte(rule.withdraw_fee);

interface Destination {
  type: WithdrawType;
  /** The chain of the address, or BANK / INTL. */
  chain: string;
  /** The row of currency_chains whose minimum and fee apply. */
  rule: ChainRow;
  /** The wallet address or the masked card; '' when none was named. */
  address: string;
  address_id: number | null;
  payee: Record<string, unknown>;
}

/**
 * Where a withdrawal of `c` goes: `type` 0 with `address` (a saved address of that currency, on `chain` when
 * given), 1 or 2 (the saved card of that kind). `optional` (the information call) also takes no address: the
 * limits of `chain`, or of the currency's first.
 */
async function destinationOf(ctx: RequestContext, userId: number, c: Currency, chains: ChainRow[], optional = false): Promise<Destination> {
  const type = WITHDRAW_TYPES.name((ctx.input.type ?? 0) as (typeof WITHDRAW_TYPES.codes)[number]);
  const chain = ctx.input.chain as string | undefined;
  if (type !== 'address') {
    const saved = await savedCard(ctx.services.db, userId, CARD_KINDS[type]);
    if (!saved) throw new ApiError(type === 'bank' ? 'api.withdraw.card_missing' : 'api.withdraw.international_card_missing');
    return { type, chain: CARD_CHAINS[type], rule: pickChain(chains, undefined), address: maskedCard(saved), address_id: null, payee: cardOut(saved) };
  }
  const text = String(ctx.input.address ?? '').trim();
  if (text === '') {
    if (!optional) throw new ApiError('api.withdraw.choose_destination');
    const rule = pickChain(chains, chain);
    return { type, chain: rule.chain, rule, address: '', address_id: null, payee: {} };
  }
  const a = await savedAddress(ctx.services.db, userId, c.id, text, chain);
  return {
    type, chain: a.chain, rule: pickChain(chains, a.chain), address: a.address, address_id: Number(a.id),
    payee: { name: a.name, address: a.address, chain: a.chain, qrcode: a.qrcode },
  };
}

export const withdrawalHandlers: Handlers = {
  'POST /safe/update_password': async (ctx) => {
    const user = requireUser(ctx);
    const { db, now } = ctx.services;
    const row = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!row.email) throw new ApiError('api.pay_password.email_first');
    if (ctx.input.email !== undefined && String(ctx.input.email).toLowerCase() !== row.email.toLowerCase()) throw new ApiError('api.pay_password.not_your_email');
    const password = String(ctx.input.password);
    const at = now();
    const addr = { kind: 'email' as const, address: row.email.toLowerCase(), email: row.email };
    const code = String(ctx.input.code);
    // Checked outside the transaction first so that a wrong try is counted (a rollback would undo it); and
    // before the comparison with the login password, which would otherwise answer guesses of it.
    await checkCode(db, at, addr, PAY_PASSWORD_CODE_SCENES, code, false);
    if (await verifyPassword(password, row.password_hash)) throw new ApiError('api.pay_password.same_as_login');
    const hash = await hashPassword(password);
    await inUserTransaction(db, user.id, async (trx) => {
      // The login password may have been reset since it was compared: compare the new one too.
      const current = await trx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      if (current.password_hash !== row.password_hash && await verifyPassword(password, current.password_hash)) throw new ApiError('api.pay_password.same_as_login');
      await checkCode(trx, at, addr, PAY_PASSWORD_CODE_SCENES, code, true);
      await trx.updateTable('users').set({ pay_password_hash: hash, updated_at: at }).where('id', '=', user.id).execute();
    });
    ctx.services.cached.usersChanged(user.id);
    await clearPayPasswordTries(ctx.services.throttle, user.id);
    return ctx.t('api.pay_password.saved');
  },

  'POST /wallet/out': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const u = await db.selectFrom('users').select(['pay_password_hash', 'real_level']).where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!u.pay_password_hash) throw new ApiError('error.set_pay_password_first');
    if (u.real_level < 1) throw new ApiError('api.withdraw.verify_first', {}, '998');
    await verifyPayPassword(ctx.services.throttle, user.id, String(ctx.input.pay_password), u.pay_password_hash);
    const c = currencyById(ctx.input.currency);
    const to = await destinationOf(ctx, user.id, c, await chainsOf(ctx, c.id));
    const amount = amountOf(ctx.input.number, c);
    if (belowMinimum(amount, to.rule)) {
      throw new ApiError('api.withdraw.below_min', { min: plain(to.rule.withdraw_min), currency: c.name });
    }
    const limit = limitOf(u.real_level);
    const prices = await pricesUsdt(ctx);
    // The money transaction holds the user's row first: the 24-hour sum below cannot change until this one is recorded.
    return moneyTransaction(ctx, async (trx) => {
      if (to.address_id !== null) await savedAddress(trx, user.id, c.id, to.address, to.chain); // not deleted meanwhile
      const usdt = (await withdrawnUsdt(ctx, trx, user.id, prices)).plus(amount.times(prices.get(c.id)!));
      if (usdt.div(prices.get(BTC_ID)!).gt(limit)) throw new ApiError('api.withdraw.over_limit', { limit });
      const row = await trx.insertInto('withdrawals').values({
        user_id: user.id, currency_id: c.id, destination: to.type, chain: to.chain, address: to.address, address_id: to.address_id,
        payee: JSON.stringify(to.payee), amount: amount.toFixed(), fee: plain(to.rule.withdraw_fee), created_at: ctx.services.now(),
      }).returningAll().executeTakeFirstOrThrow();
      const account = { user: user.id, currency: c.id, type: ACCOUNT_TYPES.change };
      await hold(trx, { account, amount, cause: 'withdraw.freeze', ref: `withdraw:${row.id}` });
      return withdrawalOut(row);
    });
  },

  'POST /wallet/get_info': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const u = await db.selectFrom('users').select('real_level').where('id', '=', user.id).executeTakeFirstOrThrow();
    const c = currencyById(ctx.input.currency);
    const chains = await chainsOf(ctx, c.id);
    const to = await destinationOf(ctx, user.id, c, chains, true);
    const number = ctx.input.number === undefined ? null : amountOf(ctx.input.number, c);
    const prices = await pricesUsdt(ctx);
    const btc = prices.get(BTC_ID)!;
    const limit = limitOf(u.real_level);
    const used = await withdrawnUsdt(ctx, db, user.id, prices);
    const rest = new D(limit).times(btc).minus(used);
    const restUsdt = rest.gt(0) ? rest : new D(0);
    const balance = (await balancesOf(db, user.id)).find((b) => b.currency_id === c.id && b.type === ACCOUNT_TYPES.change);
    const available = new D(balance?.available ?? '0');
    const left = restUsdt.div(prices.get(c.id)!).round(c.decimals, ROUND.down);
    const fee = new D(to.rule.withdraw_fee);
    return {
      change_balance: available.toFixed(), min_number: plain(to.rule.withdraw_min), rate: plain(fee),
      name: c.name, decimals: c.decimals,
      chains: chains.map((r) => ({ chain: r.chain, deposit_min: plain(r.deposit_min), withdraw_min: plain(r.withdraw_min), withdraw_fee: plain(r.withdraw_fee) })),
      type: WITHDRAW_TYPES.code(to.type), chain: to.chain, address: to.address,
      number: number === null ? null : number.toFixed(),
      // Under the minimum (as POST /wallet/out refuses it) nothing arrives: no figure, not the amount less the fee.
      receive: number === null || belowMinimum(number, to.rule) ? null : number.minus(fee).toFixed(),
      level: oneOf(REAL_LEVELS, u.real_level), limit_btc: limit,
      used_btc: used.div(btc).round(8, ROUND.up).toFixed(),
      left_btc: restUsdt.div(btc).round(8, ROUND.down).toFixed(),
      left: left.toFixed(),
      max: (available.lt(left) ? available : left).toFixed(),
    };
  },

  'GET /user/withdraw/list': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const q = ctx.services.db.selectFrom('withdrawals').where('user_id', '=', user.id);
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    return { data: rows.map(withdrawalOut), page, limit, total };
  },
};
