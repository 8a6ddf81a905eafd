/**
 * The life of a dual-investment order and the money each step moves: bought (whole shares taken from the
 * product's remaining ones in one guarded update, the amount moved from available to locked in the spot
 * account), then at maturity settled (the product's reference price recorded once, every order marked
 * `settlement`, then each paid: the locked amount to the house, the outcome from the house to the spot
 * account), or refunded whole when the operator cancels the product. Each step is a guarded update, so
 * whoever gets there first (the job on one node or another) does it once.
 */
import type { Selectable, Transaction } from 'kysely';
import { DUAL_LIST_STATUS, DUAL_TYPE } from '../../../shared/contract/dual';
import { payoutIn, dualPayout, type DualTerms } from '../../../shared/domain/dual';
import { D } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, lockUsers, post, type Leg } from '../../ledger';
import type { MarketEngine } from '../../market/engine';
import { settlementPriceAt } from '../../market/settlement';
import { annualPercent, investCurrency, symbolOf, type ProductRow } from './products';
import { currencyById, isoOrNull, plain, plainOrNull } from '../../kernel';

export type DualOrderRow = Selectable<DB['dual_orders']>;

const refOf = (id: number) => `dual:${id}`;
const spot = (user: number, currency: number) => ({ user, currency, type: ACCOUNT_TYPES.change });
const house = (currency: number) => ({ platform: 'house' as const, currency });

export function termsOf(p: ProductRow, amount: string): DualTerms {
  return {
    type: p.type, amount, peg: p.peg_price, days: p.days, annualRate: p.annual_rate,
    baseDecimals: currencyById(p.currency_id).decimals, quoteDecimals: currencyById(p.quote_id).decimals,
  };
}

/** Buys `num` shares of product `id` at `now` for `user`: refused once sold out, closed or beyond the balance. */
export async function buyShares(trx: Transaction<DB>, id: number, user: number, num: number, now: Date): Promise<{ order: DualOrderRow; product: ProductRow }> {
  const product = await trx.updateTable('dual_products').set((eb) => ({ remaining_shares: eb('remaining_shares', '-', num) }))
    .where('id', '=', id).where('status', '=', 'open').where('value_at', '>', now).where('remaining_shares', '>=', num)
    .returningAll().executeTakeFirst();
  if (!product) {
    const p = await trx.selectFrom('dual_products').select(['status', 'value_at', 'remaining_shares']).where('id', '=', id).executeTakeFirst();
    if (!p) throw new ApiError('api.dual.not_found');
    if (p.status !== 'open' || new Date(p.value_at) <= now) throw new ApiError('api.dual.closed');
    throw new ApiError('api.dual.not_enough_shares', { remaining: p.remaining_shares });
  }
  const invest = investCurrency(product);
  const amount = new D(product.unit_price).times(num);
  const order = await trx.insertInto('dual_orders').values({
    user_id: user, product_id: id, num, amount: amount.toFixed(), invest_currency: invest, status: 'purchased', created_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  await post(trx, { cause: 'dual.buy', ref: refOf(order.id), legs: [
    { account: spot(user, invest), amount: amount.neg().toFixed() },
    { account: spot(user, invest), bucket: 'locked', amount: amount.toFixed() },
  ] });
  return { order, product };
}

/**
 * Matures product `p`: its reference price at settle_at recorded once (when it sold anything), the product
 * settled and its orders marked for payment. False when another run got there first.
 */
export async function matureProduct(trx: Transaction<DB>, market: () => Promise<MarketEngine>, p: ProductRow): Promise<boolean> {
  const claimed = await trx.updateTable('dual_products').set({ status: 'settled' })
    .where('id', '=', p.id).where('status', '=', 'open').executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const sold = await trx.selectFrom('dual_orders').select('id').where('product_id', '=', p.id).where('status', '=', 'purchased').limit(1).executeTakeFirst();
  if (!sold) return true;
  const { price } = await settlementPriceAt(trx, await market(), {
    symbol: symbolOf(p), second: Math.floor(new Date(p.settle_at).getTime() / 1000), cause: 'dual.settle', ref: `dual-product:${p.id}`,
  });
  await trx.updateTable('dual_products').set({ settle_price: price }).where('id', '=', p.id).execute();
  await trx.updateTable('dual_orders').set({ status: 'settlement', settle_price: price })
    .where('product_id', '=', p.id).where('status', '=', 'purchased').execute();
  return true;
}

/** Pays order `id` (in `settlement`) from its product's settlement price; false when already paid. */
export async function payOrder(trx: Transaction<DB>, id: number, now: Date): Promise<DualOrderRow | undefined> {
  const o = await trx.selectFrom('dual_orders').selectAll().where('id', '=', id).where('status', '=', 'settlement').executeTakeFirst();
  if (!o?.settle_price) return undefined;
  const p = await trx.selectFrom('dual_products').selectAll().where('id', '=', o.product_id).executeTakeFirstOrThrow();
  const { side, amount } = dualPayout(termsOf(p, o.amount), o.settle_price);
  const currency = side === 'base' ? p.currency_id : p.quote_id;
  const paid = await trx.updateTable('dual_orders').set({ status: 'success', payout: amount.toFixed(), payout_currency: currency, settled_at: now })
    .where('id', '=', id).where('status', '=', 'settlement').returningAll().executeTakeFirst();
  if (!paid) return undefined;
  const legs: Leg[] = [
    { account: spot(o.user_id, o.invest_currency), bucket: 'locked', amount: new D(o.amount).neg().toFixed() },
    { account: house(o.invest_currency), amount: plain(o.amount) },
  ];
  if (amount.gt(0)) legs.push({ account: house(currency), amount: amount.neg().toFixed() }, { account: spot(o.user_id, currency), amount: amount.toFixed() });
  await post(trx, { cause: 'dual.settle', ref: refOf(id), legs });
  return paid;
}

/** Refunds every order of a cancelled product whole; answers the users refunded. */
export async function refundProduct(trx: Transaction<DB>, productId: number, now: Date): Promise<number[]> {
  const orders = await trx.updateTable('dual_orders').set({ status: 'fail', settled_at: now })
    .where('product_id', '=', productId).where('status', 'in', ['purchased', 'settlement']).returningAll().execute();
  await lockUsers(trx, orders.map((o) => o.user_id));
  for (const o of orders) {
    await post(trx, { cause: 'dual.refund', ref: refOf(o.id), legs: [
      { account: spot(o.user_id, o.invest_currency), bucket: 'locked', amount: new D(o.amount).neg().toFixed() },
      { account: spot(o.user_id, o.invest_currency), amount: plain(o.amount) },
    ] });
  }
  return [...new Set(orders.map((o) => o.user_id))];
}

/** Which list an order is in: holding while purchased or being settled, finished once paid or refunded. */
export const listOf = (stage: DualOrderRow['status']): 'holding' | 'finished' => (stage === 'purchased' || stage === 'settlement' ? 'holding' : 'finished');

/** An order as the platform's screens read it (DUAL_ORDER). */
export function orderView(o: DualOrderRow, p: ProductRow) {
  const terms = termsOf(p, o.amount);
  return {
    id: o.id, product_id: o.product_id, name: symbolOf(p), type: DUAL_TYPE.code(p.type), number: o.num, amount: plain(o.amount),
    invest_currency_name: currencyById(o.invest_currency).name, exercise_price: plain(p.peg_price),
    order_rate: annualPercent(p), days: p.days, end_time: new Date(p.settle_at).toISOString(),
    status: DUAL_LIST_STATUS.code(listOf(o.status)), stage: o.status,
    payout_base: payoutIn(terms, 'base').toFixed(), payout_quote: payoutIn(terms, 'quote').toFixed(),
    currency_name: currencyById(p.currency_id).name, quote_name: currencyById(p.quote_id).name,
    settle_price: plainOrNull(o.settle_price), payout: plainOrNull(o.payout),
    payout_currency_name: o.payout_currency ? currencyById(o.payout_currency).name : null,
    create: new Date(o.created_at).toISOString(), settled_at: isoOrNull(o.settled_at),
  };
}
