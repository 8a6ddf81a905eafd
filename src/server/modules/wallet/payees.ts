/**
 * Saved withdrawal destinations: wallet addresses (on a chain of their currency, checked against the chain's
 * address format, at most 50 per user, each once) and the two bank cards (one object per kind, replaced on
 * save). Every read and delete is scoped to the logged-in user: another user's id is simply not found.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CARD_FIELD_NAMES, CARD_KINDS, isChainAddress, MAX_WALLET_ADDRESSES, WALLET_ADDRESS_PAGE,
} from '../../../shared/contract/payees';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import type { DB } from '../../db';
import type { BankCardsTable } from '../../db/schema.generated';
import { ApiError } from '../../errors';
import { inUserTransaction } from '../../ledger';
import { CURRENCIES } from '../../market/currencies';
import { requireOwnUpload } from '../upload';
import { chainsOf, currencyOf } from './common';
import { pageParams } from '../../paging';

type CardKind = BankCardsTable['kind'];

interface AddressRow {
  id: string | number; currency_id: number; chain: string; name: string; address: string; qr: string; created_at: Date | string;
}

export function addressOut(r: AddressRow) {
  return {
    id: Number(r.id), currency_id: r.currency_id, currency_name: currencyOf(r.currency_id).name, chain: r.chain, name: r.name,
    address: r.address, qr: r.qr, created_at: new Date(r.created_at).toISOString(),
  };
}

type CardRow = Omit<BankCardsTable, 'updated_at'> & { updated_at: Date | string };

export function cardOut(r: CardRow) {
  return {
    kind: r.kind,
    ...Object.fromEntries(CARD_FIELD_NAMES.map((f) => [f, r[f as keyof CardRow] as string])),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** The user's saved address `id`, or "not found" (also for another user's id). */
export async function savedAddress(db: Kysely<DB> | Transaction<DB>, userId: number, id: unknown) {
  const row = await db.selectFrom('wallet_addresses').selectAll()
    .where('id', '=', Number(id)).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError('api.payee.address_not_found');
  return row;
}

export async function savedCard(db: Kysely<DB> | Transaction<DB>, userId: number, kind: CardKind) {
  return db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

async function saveCard(ctx: RequestContext, kind: CardKind) {
  const user = requireUser(ctx);
  const text = (f: string) => String(ctx.input[f]).trim();
  const values = {
    real_name: text('real_name'),
    card_number: text('card_number').replace(/ /g, ''),
    account_number: text('account_number').replace(/ /g, ''),
    bank_name: text('bank_name'),
    bank_address: text('bank_address'),
    bank_network: text('bank_network'),
    swift_code: text('swift_code').toUpperCase(),
    phone: text('phone'),
    cardholder_address: text('cardholder_address'),
    aba_number: text('aba_number'),
  };
  const row = await ctx.services.db.insertInto('bank_cards')
    .values({ user_id: user.id, kind, ...values, updated_at: ctx.services.now() })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ ...values, updated_at: ctx.services.now() }))
    .returningAll().executeTakeFirstOrThrow();
  return cardOut(row);
}

async function cardInfo(ctx: RequestContext, kind: CardKind) {
  const row = await savedCard(ctx.services.db, requireUser(ctx).id, kind);
  return row ? cardOut(row) : null;
}

export const payeeHandlers: Handlers = {
  'GET /wallet/networks': async (ctx) => {
    const rows = await ctx.services.db.selectFrom('currency_chains').select(['currency_id', 'chain'])
      .orderBy('sort').orderBy('chain').execute();
    const currencies = CURRENCIES.map((c) => ({
      id: c.id, name: c.name, full_name: c.full_name, chains: rows.filter((r) => r.currency_id === c.id).map((r) => r.chain),
    })).filter((c) => c.chains.length > 0);
    const chains = [...new Set(rows.map((r) => r.chain))].sort().map((chain) => ({
      chain, currencies: currencies.filter((c) => c.chains.includes(chain)).map((c) => c.name),
    }));
    return { currencies, chains };
  },

  'POST /user/wallet/save': async (ctx) => {
    const user = requireUser(ctx);
    const c = currencyOf(ctx.input.currency);
    const chains = await chainsOf(ctx, c.id);
    if (chains.length === 0) throw new ApiError('api.wallet.no_chain');
    const chain = String(ctx.input.chain);
    if (!chains.some((r) => r.chain === chain)) {
      throw new ApiError('api.payee.chain_mismatch', { currency: c.name, chain, chains: chains.map((r) => r.chain).join(', ') });
    }
    const address = String(ctx.input.address).trim();
    if (!isChainAddress(chain, address)) throw new ApiError('api.payee.invalid_address', { chain });
    const qr = String(ctx.input.qr);
    await requireOwnUpload(ctx, qr);
    const name = String(ctx.input.name).trim();
    try {
      // One save at a time per user (the user's row is held), so the count and the duplicate check hold.
      return await inUserTransaction(ctx.services.db, user.id, async (trx) => {
        const mine = trx.selectFrom('wallet_addresses').where('user_id', '=', user.id);
        const [{ total }] = await mine.select(sql<number>`count(*)::int`.as('total')).execute();
        const dup = await mine.select('id').where('currency_id', '=', c.id).where('chain', '=', chain).where('address', '=', address).executeTakeFirst();
        if (dup) throw new ApiError('api.payee.address_exists');
        if (total >= MAX_WALLET_ADDRESSES) throw new ApiError('api.payee.too_many', { max: MAX_WALLET_ADDRESSES });
        const row = await trx.insertInto('wallet_addresses')
          .values({ user_id: user.id, currency_id: c.id, chain, name, address, qr, created_at: ctx.services.now() })
          .returningAll().executeTakeFirstOrThrow();
        return addressOut(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError('api.payee.address_exists');
      throw err;
    }
  },

  'GET /user/wallet/list': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input, WALLET_ADDRESS_PAGE);
    let q = ctx.services.db.selectFrom('wallet_addresses').where('user_id', '=', user.id);
    if (ctx.input.currency !== undefined) q = q.where('currency_id', '=', currencyOf(ctx.input.currency).id);
    const [{ total }] = await q.select(sql<number>`count(*)::int`.as('total')).execute();
    const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { data: rows.map(addressOut), page, limit, total };
  },

  'POST /user/wallet/del': async (ctx) => {
    const user = requireUser(ctx);
    // Under the user's row, so a withdrawal that found the address (which holds that row) records it before it goes.
    const deleted = await inUserTransaction(ctx.services.db, user.id, (trx) => trx.deleteFrom('wallet_addresses')
      .where('id', '=', Number(ctx.input.id)).where('user_id', '=', user.id).returning('id').executeTakeFirst());
    if (!deleted) throw new ApiError('api.payee.address_not_found');
    return ctx.t('api.payee.address_deleted');
  },

  'POST /user/cash_save': (ctx) => saveCard(ctx, CARD_KINDS.bank),
  'POST /user/cash_save_international': (ctx) => saveCard(ctx, CARD_KINDS.international),
  'POST /user/cash_info': (ctx) => cardInfo(ctx, CARD_KINDS.bank),
  'POST /user/cash_info_international': (ctx) => cardInfo(ctx, CARD_KINDS.international),
};
