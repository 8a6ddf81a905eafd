/** Balances, transfers between the user's own accounts and the statement (issue 4). */
import { sql } from 'kysely';
import { ACCOUNT_NAMES, TRANSFER_ACCOUNTS } from '../../../shared/contract/wallet';
import { D, ROUND } from '../../../shared/format/decimal';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, balancesOf, post, type AccountType } from '../../ledger';
import { moneyTransaction } from '../../money';
import { CURRENCIES, type Currency } from '../../market/currencies';
import { amountOf, currencyOf, pricesUsdt } from './common';
import { pageParams } from '../../paging';

type AccountName = (typeof ACCOUNT_NAMES)[number];
const NAME_OF = new Map<number, AccountName>(ACCOUNT_NAMES.map((n) => [ACCOUNT_TYPES[n], n]));
const USDT_DECIMALS = 8;

function balanceRow(c: Currency, b: { available: string; frozen: string; locked: string } | undefined, price: string) {
  const available = b?.available ?? '0';
  const frozen = b?.frozen ?? '0';
  const locked = b?.locked ?? '0';
  const value = new D(available).plus(frozen).plus(locked).times(price).round(USDT_DECIMALS, ROUND.down);
  return { currency_id: c.id, currency_name: c.name, available, frozen, locked, usdt_value: value.toFixed() };
}

function transferInput(ctx: RequestContext) {
  const currency = currencyOf(ctx.input.currency_id);
  const from = ctx.input.from_field as (typeof TRANSFER_ACCOUNTS)[number];
  const to = ctx.input.to_field as (typeof TRANSFER_ACCOUNTS)[number];
  if (from === to) throw new ApiError('api.wallet.same_account');
  const amount = amountOf(ctx.input.number, currency);
  return { currency, from, to, amount };
}

export const walletHandlers: Handlers = {
  'POST /wallet/list': async (ctx) => {
    const user = requireUser(ctx);
    const [balances, prices] = await Promise.all([balancesOf(ctx.services.db, user.id), pricesUsdt(ctx)]);
    const byKey = new Map(balances.map((b) => [`${b.type}:${b.currency_id}`, b]));
    let total = new D(0);
    const accounts = ACCOUNT_NAMES.map((name) => {
      const type = ACCOUNT_TYPES[name];
      const rows = CURRENCIES.map((c) => balanceRow(c, byKey.get(`${type}:${c.id}`), prices.get(c.id)!));
      const sum = rows.reduce((acc, r) => acc.plus(r.usdt_value), new D(0));
      total = total.plus(sum);
      return { account: name, type, total_usdt: sum.toFixed(), balances: rows };
    });
    return { total_usdt: total.toFixed(), accounts };
  },

  'POST /wallet/detail': async (ctx) => {
    const user = requireUser(ctx);
    const c = currencyOf(ctx.input.currency);
    const type = ACCOUNT_TYPES[ctx.input.type];
    const balance = (await balancesOf(ctx.services.db, user.id)).find((b) => b.currency_id === c.id && b.type === type);
    return balanceRow(c, balance, (await pricesUsdt(ctx)).get(c.id)!);
  },

  'POST /wallet/legal_log': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
      .where('a.user_id', '=', user.id);
    if (ctx.input.currency !== undefined) q = q.where('a.currency_id', '=', currencyOf(ctx.input.currency).id);
    if (ctx.input.type !== undefined) q = q.where('a.type', '=', ACCOUNT_TYPES[ctx.input.type]);
    const kind = ctx.input.cause;
    if (kind !== undefined) q = q.where((eb) => eb.or([eb('e.cause', '=', kind), eb('e.cause', 'like', `${kind}.%`)]));
    const [{ total }] = await q.select(sql<number>`count(*)::int`.as('total')).execute();
    const rows = await q.select(['p.id', 'a.currency_id', 'a.type', 'p.bucket', 'p.amount', 'e.cause', 'e.ref', 'e.created_at'])
      .orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
    return {
      data: rows.map((r) => ({
        id: Number(r.id), currency_id: r.currency_id, currency_name: currencyOf(r.currency_id).name, account: NAME_OF.get(r.type)!,
        bucket: r.bucket, amount: new D(r.amount).toFixed(), cause: r.cause, ref: r.ref, created_at: new Date(r.created_at).toISOString(),
      })),
      page, limit, total,
    };
  },

  'POST /user/getTransferList': async () => TRANSFER_ACCOUNTS.map((account) => ({ account, type: ACCOUNT_TYPES[account] })),

  'POST /user/getTransferFee': async (ctx) => {
    const { amount } = transferInput(ctx);
    return { fee: '0', receive: amount.toFixed() };
  },

  'POST /user/Transfer': async (ctx) => {
    const user = requireUser(ctx);
    const { currency, from, to, amount } = transferInput(ctx);
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
    const [{ total }] = await q.select(sql<number>`count(*)::int`.as('total')).execute();
    const rows = await q.select(['e.id', 'e.ref', 'e.created_at', 'a.currency_id', 'p.amount']).orderBy('e.id', 'desc')
      .limit(limit).offset(offset).execute();
    return {
      data: rows.map((r) => {
        const [from, to] = r.ref.split('>') as [AccountName, AccountName];
        return {
          id: Number(r.id), currency_id: r.currency_id, currency_name: currencyOf(r.currency_id).name, from, to,
          amount: new D(r.amount).toFixed(), fee: '0', created_at: new Date(r.created_at).toISOString(),
        };
      }),
      page, limit, total,
    };
  },
};
