/**
 * Saved withdrawal destinations: wallet addresses (on the chain of their currency whose format they have, at
 * most 50 per user, each once, with the user's QR image or the one the server draws) and the two bank cards (one per kind, replaced on save). Every read and
 * delete is scoped to the logged-in user: another user's address is simply not found.
 */
import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import {
  CARD_FIELD_NAMES, CARD_KINDS, CARD_MESSAGE_STEMS, isChainAddress, MAX_WALLET_ADDRESSES, WALLET_ACCOUNT_FIELDS, WALLET_ADDRESS_PAGE,
} from '../../../shared/contract/payees';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import type { DB } from '../../db';
import type { BankCardsTable } from '../../db/schema.generated';
import { ApiError } from '../../errors';
import { inUserTransaction } from '../../ledger';
import { CURRENCIES, type Currency } from '../../market/currencies';
import { requireOwnUpload, storeOwnImage } from '../upload';
import { chainsOf, configuredChains } from './common';
import { countRows, currencyById, pageOf, pageParams } from '../../kernel';

type CardKind = BankCardsTable['kind'];
/** The fields of a card as stored and answered. */
const CARD_COLUMNS = [...CARD_FIELD_NAMES, ...WALLET_ACCOUNT_FIELDS];
type CardColumn = (typeof CARD_COLUMNS)[number];

interface AddressRow {
  id: string | number; currency_id: number; chain: string; name: string; address: string; qrcode: string; created_at: Date | string;
}

export function addressOut(r: AddressRow) {
  return {
    id: Number(r.id), currency: r.currency_id, currency_name: currencyById(r.currency_id).name, chain: r.chain, name: r.name,
    address: r.address, qrcode: r.qrcode, update_time: new Date(r.created_at).toISOString(),
  };
}

type CardRow = Record<CardColumn, string>;

/** A card's fields, every one '' when there is no card. */
export function cardOut(r: CardRow | undefined): Record<CardColumn, string> {
  return Object.fromEntries(CARD_COLUMNS.map((f) => [f, r?.[f] ?? ''])) as Record<CardColumn, string>;
}

/** The international card as the platform's server-driven form: the fields with their labels, the values in that order. */
function internationalForm(ctx: RequestContext, r: CardRow | undefined) {
  return {
    forms: CARD_FIELD_NAMES.map((name) => ({ name, label: ctx.t(`bank_card.${CARD_MESSAGE_STEMS[name]}.label`) })),
    data: CARD_FIELD_NAMES.map((f) => r?.[f] ?? ''),
  };
}

/** The user's saved address with this text for `currency` (on `chain` when given; else the first saved), or "not found". */
export async function savedAddress(db: Kysely<DB> | Transaction<DB>, userId: number, currency: number, address: string, chain?: string) {
  let q = db.selectFrom('wallet_addresses').selectAll()
    .where('user_id', '=', userId).where('currency_id', '=', currency).where('address', '=', address);
  if (chain !== undefined) q = q.where('chain', '=', chain);
  const row = await q.orderBy('id').executeTakeFirst();
  if (!row) throw new ApiError('api.payee.address_not_found');
  return row;
}

export async function savedCard(db: Kysely<DB> | Transaction<DB>, userId: number, kind: CardKind) {
  return db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

/**
 * The chain of `address` among the currency's chains: the one named (it must fit), else the one whose format it
 * has; none or several is a clear refusal.
 */
async function chainOfAddress(ctx: RequestContext, c: Currency, address: string, named: string | undefined): Promise<string> {
  const chains = (await chainsOf(ctx, c.id)).map((r) => r.chain);
  if (chains.length === 0) throw new ApiError('api.wallet.no_chain');
  if (named !== undefined) {
    if (!chains.includes(named)) throw new ApiError('api.payee.chain_mismatch', { currency: c.name, chain: named, chains: chains.join(', ') });
    if (!isChainAddress(named, address)) throw new ApiError('api.payee.invalid_address', { chain: named });
    return named;
  }
  const fitting = chains.filter((chain) => isChainAddress(chain, address));
  if (fitting.length === 0) throw new ApiError('api.payee.address_fits_none', { currency: c.name, chains: chains.join(', ') });
  if (fitting.length > 1) throw new ApiError('api.payee.address_fits_several', { currency: c.name, chains: fitting.join(', ') });
  return fitting[0];
}

/** SPEC 5 keeps an address with its QR code: for a user who has no image of it, the address's QR code drawn as a PNG upload of theirs. */
async function drawnQr(ctx: RequestContext, address: string): Promise<string> {
  const png = await QRCode.toBuffer(address, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return storeOwnImage(ctx, png, 'png');
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

async function saveCard(ctx: RequestContext, kind: CardKind): Promise<CardRow> {
  const user = requireUser(ctx);
  const text = (f: string) => (ctx.input[f] === undefined ? '' : String(ctx.input[f]).trim());
  // A field the platform's app does not send (bank_network, phone, aba_number; the international card's Alipay
  // and WeChat accounts) is stored empty.
  const values: CardRow = {
    ...Object.fromEntries(CARD_COLUMNS.map((f) => [f, text(f)])) as CardRow,
    bank_account: text('bank_account').replace(/ /g, ''),
    iban: text('iban').replace(/ /g, '').toUpperCase(),
    bank_code: text('bank_code').toUpperCase(),
  };
  return ctx.services.db.insertInto('bank_cards')
    .values({ user_id: user.id, kind, ...values, updated_at: ctx.services.now() })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ ...values, updated_at: ctx.services.now() }))
    .returningAll().executeTakeFirstOrThrow();
}

const cardOf = async (ctx: RequestContext, kind: CardKind) => savedCard(ctx.services.db, requireUser(ctx).id, kind);

export const payeeHandlers: Handlers = {
  'GET /currency/list': async (ctx) => {
    const rows = configuredChains(ctx);
    const legal = CURRENCIES.map((c) => ({
      id: c.id, name: c.name, full_name: c.full_name, chains: rows.filter((r) => r.currency_id === c.id).map((r) => r.chain),
    })).filter((c) => c.chains.length > 0);
    return { legal };
  },

  'POST /user/wallet/save': async (ctx) => {
    const user = requireUser(ctx);
    const c = currencyById(ctx.input.currency);
    const address = String(ctx.input.address).trim();
    const chain = await chainOfAddress(ctx, c, address, ctx.input.chain);
    const qrcode = ctx.input.qrcode === undefined || ctx.input.qrcode === '' ? await drawnQr(ctx, address) : String(ctx.input.qrcode);
    await requireOwnUpload(ctx, qrcode);
    const name = String(ctx.input.name).trim();
    try {
      // One save at a time per user (the user's row is held), so the count and the duplicate check hold.
      return await inUserTransaction(ctx.services.db, user.id, async (trx) => {
        const mine = trx.selectFrom('wallet_addresses').where('user_id', '=', user.id);
        const total = await countRows(mine);
        const dup = await mine.select('id').where('currency_id', '=', c.id).where('chain', '=', chain).where('address', '=', address).executeTakeFirst();
        if (dup) throw new ApiError('api.payee.address_exists');
        if (total >= MAX_WALLET_ADDRESSES) throw new ApiError('api.payee.too_many', { max: MAX_WALLET_ADDRESSES });
        const row = await trx.insertInto('wallet_addresses')
          .values({ user_id: user.id, currency_id: c.id, chain, name, address, qrcode, created_at: ctx.services.now() })
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
    if (ctx.input.currency !== undefined) q = q.where('currency_id', '=', currencyById(ctx.input.currency).id);
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
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

  'POST /user/cash_save': async (ctx) => cardOut(await saveCard(ctx, CARD_KINDS.bank)),
  'POST /user/cash_save_international': async (ctx) => internationalForm(ctx, await saveCard(ctx, CARD_KINDS.international)),
  'POST /user/cash_info': async (ctx) => cardOut(await cardOf(ctx, CARD_KINDS.bank)),
  'POST /user/cash_info_international': async (ctx) => internationalForm(ctx, await cardOf(ctx, CARD_KINDS.international)),
};
