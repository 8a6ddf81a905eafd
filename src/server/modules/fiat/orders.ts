/**
 * The life of a buy-crypto order, with the money it moves: placed (nothing moves; the operator's terms are
 * copied), a bank transfer declared done with its screenshot, then confirmed (the house credits the USDT bought,
 * once: the entry's cause and ref are unique) or rejected by the operator; an order still to be paid is cancelled
 * by its buyer or, once its window has passed, by a job. Every step reads the order under its row lock (after
 * the owner's row: ledger/locks.ts) and checks its status there.
 */
import type { Selectable, Transaction } from 'kysely';
import { FIAT_STATUS } from '../../../shared/contract/fiat';
import type { BuySettings } from '../../../shared/config/settings';
import { buyQuote } from '../../../shared/domain/fiat';
import { D, type Decimal } from '../../../shared/format/decimal';
import { OpsError } from '../../area';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, post } from '../../ledger';
import { USDT_ID } from '../../market/currencies';
import { MINUTE_MS, plain } from '../../kernel';
import { PROVIDERS, WebhookRefused, type ProviderEvent } from './providers';
import { postMessage } from '../messages';
import type { CouponDefinition } from '../../../shared/config/settings';
import { couponsOnRecharge } from '../coupon';
import { recordRecharge } from '../referral';

export type FiatOrderRow = Selectable<DB['fiat_orders']>;

/** Why an order of `amount` would be refused under `buy`, or its currency's terms. */
export function orderTerms(buy: BuySettings, a: { country: string; currency: string; method: string; amount: Decimal }) {
  if (!buy.countries.includes(a.country)) throw new ApiError('api.fiat.area_unsupported');
  const currency = buy.currencies.find((c) => c.code === a.currency);
  if (!currency) throw new ApiError('api.fiat.currency_unsupported', { currencies: buy.currencies.map((c) => c.code).join(', ') });
  if (a.amount.lt(currency.min)) throw new ApiError('api.fiat.below_min', { min: currency.min, currency: currency.code });
  if (a.amount.gt(currency.max)) throw new ApiError('api.fiat.above_max', { max: currency.max, currency: currency.code });
  const method = buy.methods[a.method as keyof BuySettings['methods']];
  if (!method) throw new ApiError('api.fiat.method_unsupported');
  const { fee, receive } = buyQuote(a.amount, { usdtRate: currency.usdt_rate, feeRate: method.fee_rate, feeMin: method.fee_min });
  return { fee, receive, rate: currency.usdt_rate };
}

export async function lockOrder(trx: Transaction<DB>, id: number, user?: number): Promise<FiatOrderRow> {
  let q = trx.selectFrom('fiat_orders').selectAll().where('id', '=', id);
  if (user !== undefined) q = q.where('user_id', '=', user);
  const row = await q.forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('api.fiat.order_not_found');
  return row;
}

const move = (trx: Transaction<DB>, id: number, set: Partial<Pick<FiatOrderRow, 'status' | 'voucher' | 'reason' | 'close_code' | 'closed_at'>>) => trx.updateTable('fiat_orders')
  .set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Places a bank transfer order: to be paid within the window, to the beneficiary of the terms. */
export async function placeBankOrder(trx: Transaction<DB>, o: {
  user: number; buy: BuySettings; country: string; currency: string; amount: Decimal; payer: Pick<FiatOrderRow, 'first_name' | 'last_name' | 'email' | 'phone' | 'tax_id'>; now: Date;
}): Promise<FiatOrderRow> {
  const { fee, receive, rate } = orderTerms(o.buy, { country: o.country, currency: o.currency, method: 'bank', amount: o.amount });
  if (receive.lte(0)) throw new ApiError('api.fiat.below_min', { min: o.buy.currencies.find((c) => c.code === o.currency)!.min, currency: o.currency });
  return trx.insertInto('fiat_orders').values({
    user_id: o.user, country: o.country, currency: o.currency, method: 'bank', amount: o.amount.toFixed(), fee: fee.toFixed(), rate, receive: receive.toFixed(),
    status: 'to_pay', ...o.payer, expires_at: new Date(o.now.getTime() + o.buy.methods.bank.pay_within_minutes * MINUTE_MS),
    beneficiary: JSON.stringify(o.buy.beneficiary), created_at: o.now,
  }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Places a card or wallet order: the provider's payment is created in the same transaction, so an order never
 * exists without the page where it is paid (a provider failing refuses the order, nothing kept).
 */
export async function placeProviderOrder(trx: Transaction<DB>, o: {
  user: number; buy: BuySettings; country: string; currency: string; method: 'card' | 'wallet'; amount: Decimal;
  payer: Pick<FiatOrderRow, 'first_name' | 'last_name' | 'email' | 'phone' | 'tax_id'>; now: Date;
}): Promise<FiatOrderRow> {
  const { fee, receive, rate } = orderTerms(o.buy, { country: o.country, currency: o.currency, method: o.method, amount: o.amount });
  if (receive.lte(0)) throw new ApiError('api.fiat.below_min', { min: o.buy.currencies.find((c) => c.code === o.currency)!.min, currency: o.currency });
  const provider = PROVIDERS[o.buy.methods[o.method].provider];
  if (!provider) throw new ApiError('api.fiat.method_unavailable');
  const row = await trx.insertInto('fiat_orders').values({
    user_id: o.user, country: o.country, currency: o.currency, method: o.method, amount: o.amount.toFixed(), fee: fee.toFixed(), rate, receive: receive.toFixed(),
    status: 'to_pay', ...o.payer, expires_at: new Date(o.now.getTime() + provider.payWithinMinutes * MINUTE_MS), provider: provider.name, created_at: o.now,
  }).returningAll().executeTakeFirstOrThrow();
  let payment;
  try {
    payment = await provider.createPayment({ orderId: row.id, amount: o.amount.toFixed(), currency: o.currency, method: o.method });
  } catch {
    throw new ApiError('api.fiat.provider_unavailable');
  }
  return trx.updateTable('fiat_orders').set({ provider_payment_id: payment.id, pay_url: payment.payUrl })
    .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
}

/**
 * A provider's webhook: a payment succeeded (the USDT bought is credited, once: the entry's cause and ref are
 * unique, and an order already paid is left as it is) or failed (an order still to be paid fails). Money that
 * arrives for an order cancelled meanwhile (its window passed) is still credited: it was paid. `id` is the order of
 * the event's payment; the order, and whether this event changed it, are returned.
 */
export async function settleProviderPayment(trx: Transaction<DB>, id: number, event: ProviderEvent, now: Date, coupons: readonly CouponDefinition[]): Promise<{ order: FiatOrderRow; changed: boolean }> {
  const o = await lockOrder(trx, id);
  if (event.outcome === 'failed') {
    if (o.status !== 'to_pay') return { order: o, changed: false };
    return { order: await move(trx, o.id, { status: 'failed', close_code: 'declined', closed_at: now }), changed: true };
  }
  if (o.status === 'successful' || o.status === 'failed') return { order: o, changed: false };
  if (!new D(event.amount).eq(o.amount) || event.currency !== o.currency) {
    throw new WebhookRefused(`payment ${event.paymentId} is ${event.amount} ${event.currency}, order ${o.id} is ${plain(o.amount)} ${o.currency}`);
  }
  await credit(trx, o, now, coupons);
  return { order: await move(trx, o.id, { status: 'successful', reason: '', closed_at: now }), changed: true };
}

/** Credits a paid order; it counts as a recharge (the referral rebate, the coupons' first deposit and deposit bonus). */
async function credit(trx: Transaction<DB>, o: FiatOrderRow, now: Date, coupons: readonly CouponDefinition[]): Promise<void> {
  await recordRecharge(trx, o.user_id, `fiat:${o.id}`, o.receive, now);
  await postMessage(trx, o.user_id, 'fiat_paid', { receive: plain(o.receive), amount: plain(o.amount), currency: o.currency }, now);
  await post(trx, { cause: 'fiat.buy', ref: `fiat:${o.id}`, legs: [
    { account: { platform: 'house', currency: USDT_ID }, amount: `-${plain(o.receive)}` },
    { account: { user: o.user_id, currency: USDT_ID, type: ACCOUNT_TYPES.change }, amount: plain(o.receive) },
  ] });
  await couponsOnRecharge(trx, coupons, o.user_id, `fiat:${o.id}`, o.receive, now);
}

/** The buyer's transfer is done: its screenshot (the buyer's own private upload) moves the order on. */
export async function declareTransfer(trx: Transaction<DB>, user: number, id: number, voucher: string, now: Date): Promise<FiatOrderRow> {
  const o = await lockOrder(trx, id, user);
  if (o.status !== 'to_pay') throw new ApiError('api.fiat.not_to_pay');
  if (o.expires_at && new Date(o.expires_at) <= now) throw new ApiError('api.fiat.expired');
  return move(trx, id, { status: 'transfer_completed', voucher });
}

/** The buyer cancels an order still to be paid. */
export async function cancelOrder(trx: Transaction<DB>, user: number, id: number, now: Date): Promise<FiatOrderRow> {
  const o = await lockOrder(trx, id, user);
  if (o.status !== 'to_pay') throw new ApiError('api.fiat.not_to_pay');
  return move(trx, id, { status: 'cancelled', closed_at: now });
}

/** The window has passed: cancelled by the job (nothing to do when the order moved on meanwhile). */
export async function expireOrder(trx: Transaction<DB>, id: number, now: Date): Promise<boolean> {
  const o = await lockOrder(trx, id);
  if (o.status !== 'to_pay' || !o.expires_at || new Date(o.expires_at) > now) return false;
  await move(trx, id, { status: 'cancelled', close_code: 'expired', closed_at: now });
  return true;
}

/** The operator saw the money arrive: the USDT bought is credited, once. */
export async function confirmOrder(trx: Transaction<DB>, id: number, now: Date, coupons: readonly CouponDefinition[]): Promise<FiatOrderRow> {
  const o = await lockOrder(trx, id);
  if (o.status !== 'transfer_completed') throw new OpsError(`order ${id} is ${o.status.replace('_', ' ')}: only a completed transfer can be confirmed`);
  await credit(trx, o, now, coupons);
  return move(trx, id, { status: 'successful', closed_at: now });
}

/** The operator found no such transfer: the order fails with the reason told to the buyer. */
export async function rejectOrder(trx: Transaction<DB>, id: number, reason: string, now: Date): Promise<FiatOrderRow> {
  const o = await lockOrder(trx, id);
  if (o.status !== 'transfer_completed' && o.status !== 'to_pay') throw new OpsError(`order ${id} is ${o.status.replace('_', ' ')}: it cannot be rejected`);
  await postMessage(trx, o.user_id, 'fiat_rejected', { amount: plain(o.amount), currency: o.currency, reason }, now);
  return move(trx, id, { status: 'failed', reason, closed_at: now });
}

/** An order as the app reads it (FIAT_ORDER); `voucherUrl` signs the private screenshot for its owner. */
export function orderView(o: FiatOrderRow, voucherUrl: (path: string) => string, now: Date) {
  const { status } = o;
  const expiresAt = status === 'to_pay' && o.expires_at ? new Date(o.expires_at) : null;
  return {
    id: o.id, country: o.country, fiat: o.currency, method: o.method,
    amount: plain(o.amount), fee: plain(o.fee), rate: plain(o.rate), receive: plain(o.receive), status: FIAT_STATUS.code(status),
    first_name: o.first_name, last_name: o.last_name, email: o.email, phone: o.phone, tax_id: o.tax_id,
    created_at: new Date(o.created_at).toISOString(), expires_at: expiresAt?.toISOString() ?? null,
    seconds_left: expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : null,
    beneficiary: o.beneficiary as BuySettings['beneficiary'] | null, voucher_url: o.voucher ? voucherUrl(o.voucher) : null, pay_url: o.pay_url, reason: o.reason,
  };
}
