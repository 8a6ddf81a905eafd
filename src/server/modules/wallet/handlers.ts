/** Balances, the statement, and transfers between the user's own accounts (issues 4, 20). */
import { sql } from 'kysely';
import { ACCOUNT_CODES, ACCOUNT_NAMES, TRANSFER_ACCOUNTS, type AccountName } from '../../../shared/contract/wallet';
import { D, ROUND } from '../../../shared/format/decimal';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, balancesOf, post, type AccountType, type Balance } from '../../ledger';
import { moneyTransaction } from '../../money';
import { CURRENCIES, type Currency } from '../../market/currencies';
import { amountOf, pricesUsdt } from './common';
import { currencyById, pageOf, pageParams, plain } from '../../kernel';

type TransferAccount = (typeof TRANSFER_ACCOUNTS)[number];
const USDT_DECIMALS = 8;

/**
 * One currency in one account as the platform names it: `<account>_balance` available, `lock_<account>_balance`
 * frozen and locked together (what the user holds and cannot use now), and ours beside them.
 */
function balanceLine(account: AccountName, c: Currency, b: Balance | undefined, price: string) {
  const [available, frozen, locked] = [b?.available ?? '0', b?.frozen ?? '0', b?.locked ?? '0'].map((v) => new D(v));
  const value = available.plus(frozen).plus(locked).times(price).round(USDT_DECIMALS, ROUND.down);
  return {
    currency: c.id, currency_name: c.name,
    [`${account}_balance`]: available.toFixed(), [`lock_${account}_balance`]: frozen.plus(locked).toFixed(),
    frozen: frozen.toFixed(), locked: locked.toFixed(), usdt_price: plain(price), usdt_value: value.toFixed(),
    display_decimals: c.display_decimals,
  };
}

type Bucket = 'available' | 'frozen' | 'locked';
type Move = Bucket | 'to_frozen' | 'from_frozen' | 'to_locked' | 'from_locked';

/**
 * What one operation did to one account's currency, from its postings summed by bucket: `value` the change
 * of the balance (all buckets) with `bucket` the one that changed (`available` when several did); when the
 * balance stays the same (a limit order freezing 520 USDT: -520 available, +520 frozen), `value` is the
 * change of what is available and `move` says where it went or came from (`to_frozen`, `from_frozen`,
 * `to_locked`, `from_locked`). Otherwise `move` is the bucket.
 */
export function statementChange(sums: Record<Bucket, string>): { value: string; bucket: Bucket; move: Move } {
  const [a, f, l] = [sums.available, sums.frozen, sums.locked].map((v) => new D(v));
  const net = a.plus(f).plus(l);
  if (!net.eq(0)) {
    const changed = (['available', 'frozen', 'locked'] as const).filter((b) => !new D(sums[b]).eq(0));
    const bucket = changed.length === 1 ? changed[0] : 'available';
    return { value: net.toFixed(), bucket, move: bucket };
  }
  if (!a.eq(0)) {
    const other = f.eq(0) ? 'locked' as const : 'frozen' as const;
    return { value: a.toFixed(), bucket: 'available', move: a.lt(0) ? `to_${other}` : `from_${other}` };
  }
  return { value: f.toFixed(), bucket: 'frozen', move: f.lt(0) ? 'to_locked' : 'from_locked' };
}

/** What the statement and the transfer history say a line is, in the user's language. */
const causeText = (ctx: RequestContext, cause: string) =>
  (ctx.services.i18n.has(ctx.lang, `record.cause.${cause}`) ? ctx.t(`record.cause.${cause}`) : cause);
const accountText = (ctx: RequestContext, account: AccountName) => ctx.t(`assets.account.${account}`);

function transferInput(ctx: RequestContext) {
  const currency = currencyById(ctx.input.currency_id);
  const from = ctx.input.from_field as TransferAccount;
  const to = ctx.input.to_field as TransferAccount;
  if (from === to) throw new ApiError('api.wallet.same_account');
  return { currency, from, to };
}

export const walletHandlers: Handlers = {
  'POST /wallet/list': async (ctx) => {
    const user = requireUser(ctx);
    const [balances, prices] = await Promise.all([balancesOf(ctx.services.db, user.id), pricesUsdt(ctx)]);
    const byKey = new Map(balances.map((b) => [`${b.type}:${b.currency_id}`, b]));
    let total = new D(0);
    const wallets = Object.fromEntries(ACCOUNT_NAMES.map((account) => {
      const balance = CURRENCIES.map((c) => balanceLine(account, c, byKey.get(`${ACCOUNT_TYPES[account]}:${c.id}`), prices.get(c.id)!));
      const sum = balance.reduce((acc, r) => acc.plus(r.usdt_value), new D(0));
      total = total.plus(sum);
      return [`${account}_wallet`, { usdt_totle: sum.toFixed(), balance }];
    }));
    return { total_usdt: total.toFixed(), ...wallets } as never;
  },

  'POST /wallet/detail': async (ctx) => {
    const user = requireUser(ctx);
    const c = currencyById(ctx.input.currency);
    const account = ctx.input.type;
    const balance = (await balancesOf(ctx.services.db, user.id)).find((b) => b.currency_id === c.id && b.type === ACCOUNT_TYPES[account]);
    return balanceLine(account, c, balance, (await pricesUsdt(ctx)).get(c.id)!) as never;
  },

  'POST /wallet/legal_log': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
      .where('a.user_id', '=', user.id);
    if (ctx.input.currency !== undefined) q = q.where('a.currency_id', '=', currencyById(ctx.input.currency).id);
    if (ctx.input.type !== undefined) q = q.where('a.type', '=', ACCOUNT_TYPES[ACCOUNT_CODES.name(ctx.input.type)]);
    const kind = ctx.input.cause;
    if (kind !== undefined) q = q.where((eb) => eb.or([eb('e.cause', '=', kind), eb('e.cause', 'like', `${kind}.%`)]));
    // One line per operation on one account and currency: an entry's postings there summed by bucket.
    const { total } = await q.select(sql<number>`count(distinct (p.entry_id, p.account_id))::int`.as('total')).executeTakeFirstOrThrow();
    const rows = await q.groupBy(['p.entry_id', 'p.account_id', 'a.currency_id', 'a.type', 'e.cause', 'e.ref', 'e.created_at'])
      .select(['a.currency_id', 'a.type', 'e.cause', 'e.ref', 'e.created_at', sql<string>`min(p.id)`.as('id'),
        ...(['available', 'frozen', 'locked'] as const).map((b) => sql<string>`coalesce(sum(p.amount) filter (where p.bucket = ${b}), 0)`.as(b))])
      .orderBy(sql`min(p.id)`, 'desc').limit(limit).offset(offset).execute();
    return {
      list: rows.map((r) => {
        const c = currencyById(r.currency_id);
        return {
          id: Number(r.id), currency: r.currency_id, currency_name: c.name, display_decimals: c.display_decimals, account: ACCOUNT_CODES.name(r.type as AccountType),
          ...statementChange({ available: r.available, frozen: r.frozen, locked: r.locked }), cause: r.cause, ref: r.ref, info: causeText(ctx, r.cause),
          created_time: new Date(r.created_at).toISOString(),
        };
      }),
      page, limit, total,
    };
  },

  'GET /currency/user_currency_list': async (ctx) => {
    const user = requireUser(ctx);
    const balances = await balancesOf(ctx.services.db, user.id);
    const available = (c: Currency, account: TransferAccount) =>
      plain(balances.find((b) => b.currency_id === c.id && b.type === ACCOUNT_TYPES[account])?.available ?? '0');
    return CURRENCIES.map((c) => ({
      id: c.id, name: c.name, is_legal: 1 as const, is_lever: 1 as const, is_match: 1 as const, is_micro: 1 as const, is_stock: 1 as const,
      wallet: {
        legal_balance: available(c, 'legal'), change_balance: available(c, 'change'), lever_balance: available(c, 'lever'),
        micro_balance: available(c, 'micro'), stock_balance: available(c, 'stock'),
      },
    }));
  },

  'POST /wallet/change_info': async (ctx) => {
    const user = requireUser(ctx);
    const { currency, from } = transferInput(ctx);
    const balance = (await balancesOf(ctx.services.db, user.id)).find((b) => b.currency_id === currency.id && b.type === ACCOUNT_TYPES[from]);
    const number = ctx.input.number === undefined ? null : amountOf(ctx.input.number, currency);
    return { currency_name: currency.name, available: plain(balance?.available ?? '0'), fee: '0', receive: number === null ? null : number.toFixed() };
  },

  'POST /wallet/change': async (ctx) => {
    const user = requireUser(ctx);
    const { currency, from, to } = transferInput(ctx);
    const amount = amountOf(ctx.input.number, currency);
    const account = (type: AccountType) => ({ user: user.id, currency: currency.id, type });
    return moneyTransaction(ctx, async (trx) => {
      const id = await post(trx, {
        cause: 'transfer', ref: `${from}>${to}`,
        legs: [{ account: account(ACCOUNT_TYPES[from]), amount: amount.neg().toFixed() }, { account: account(ACCOUNT_TYPES[to]), amount: amount.toFixed() }],
      });
      return { id, currency_id: currency.id, from, to, amount: amount.toFixed(), fee: '0' };
    });
  },

  'GET /wallet/hzhistory': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const q = ctx.services.db.selectFrom('ledger_entries as e')
      .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('e.cause', '=', 'transfer').where('a.user_id', '=', user.id).where('p.amount', '>', '0');
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.select(['e.id', 'e.ref', 'e.created_at', 'a.currency_id', 'p.amount']).orderBy('e.id', 'desc'));
    return {
      data: rows.map((r) => {
        const [from, to] = r.ref.split('>') as [TransferAccount, TransferAccount];
        return {
          id: Number(r.id), currency_name: currencyById(r.currency_id).name, from, to, value: plain(r.amount),
          transaction_info: ctx.t('api.transfer.route', { from: accountText(ctx, from), to: accountText(ctx, to) }),
          info: causeText(ctx, 'transfer'), created_time: new Date(r.created_at).toISOString(),
        };
      }),
      page, limit, total,
    };
  },
};
