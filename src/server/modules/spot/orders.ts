/**
 * The life of a spot order: placed (a market order fills at once; a limit order holds what it may spend in a
 * ledger hold, or fills at once when its price is already crossed), filled by the `spot.fills` job when the
 * recorded price crosses it (the hold captured), or cancelled (the hold released). Each step changes the
 * order's status with a guarded update first, so an order fills or cancels once whoever gets there first (the
 * user, the job, another node).
 */
import type { Transaction } from 'kysely';
import { spotCrossed, spotFill, spotHold, type SpotFill, type SpotSide } from '../../../shared/domain/spot';
import { D, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { assertWithinLedger, capture, hold as holdMoney, lockUsers, post, release, type Leg } from '../../ledger';
import type { MarketEngine } from '../../market';
import { settlementPriceAt } from '../../market/settlement';
import { useFeeCoupon, type TradeFee } from '../coupon';
import { pairBySymbol, type Pair } from '../trading';
import { spotAccountType, type SpotMarket } from './markets';

export type SpotOrderRow = Awaited<ReturnType<typeof selectOrder>>;

const selectOrder = (trx: Transaction<DB>, id: number) => trx.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export interface NewOrder { user: number; pair: Pair; market: SpotMarket; side: SpotSide; amount: Decimal; limitPrice?: Decimal; now: Date }

const decimalsOf = (pair: Pair) => ({ base: pair.base.decimals, quote: pair.quote.decimals });

/**
 * The legs of a fill besides what is paid: the house takes what is paid and gives what is bought, less the
 * fee. A market order pays from available too; a limit order's hold is captured instead.
 */
function fillLegs(user: number, pair: Pair, side: SpotSide, amount: Decimal, fill: SpotFill, paidFromAvailable: boolean): Leg[] {
  const type = spotAccountType(pair);
  const base = { user, currency: pair.base.id, type };
  const quote = { user, currency: pair.quote.id, type };
  const [paid, paidCurrency, paidAmount] = side === 'buy' ? [quote, pair.quote, fill.total] : [base, pair.base, amount];
  const [got, gotCurrency, gross] = side === 'buy' ? [base, pair.base, amount] : [quote, pair.quote, fill.total];
  const legs: Leg[] = paidFromAvailable ? [{ account: paid, amount: paidAmount.neg().toFixed() }] : [];
  legs.push(
    { account: { platform: 'house', currency: paidCurrency.id }, amount: paidAmount.toFixed() },
    { account: { platform: 'house', currency: gotCurrency.id }, amount: gross.neg().toFixed() },
    { account: got, amount: fill.receive.toFixed() },
    { account: { platform: 'fees', currency: gotCurrency.id }, amount: fill.fee.toFixed() },
  );
  return legs.filter((l) => !new D(l.amount).eq(0));
}

/** A fill's fee as a coupon sees it: paid in what was bought, worth the fill price in USDT for a coin. */
export function spotTradeFee(user: number, pair: Pair, side: SpotSide, fill: SpotFill, price: string, now: Date): TradeFee {
  const [currency, usdtPrice] = side === 'buy' ? [pair.base.id, price] : [pair.quote.id, '1'];
  return { user, product: 'spot', value: fill.total, fee: fill.fee, currency, usdtPrice, now };
}

/** Gives back part of a fill's fee when the user holds an eligible coupon, into the account that received. */
async function feeCoupon(trx: Transaction<DB>, user: number, pair: Pair, side: SpotSide, fill: SpotFill, price: string, now: Date, ref: string) {
  const fee = spotTradeFee(user, pair, side, fill, price, now);
  await useFeeCoupon(trx, fee, ref, { user, currency: fee.currency, type: spotAccountType(pair) });
}

/** What a fill pays: the quote total of a buy, the base amount of a sale. */
const paidBy = (side: SpotSide, amount: Decimal, fill: SpotFill) => (side === 'buy' ? fill.total : amount);

/** Places an order inside the user's money transaction; returns the order as stored. */
export async function placeOrder(trx: Transaction<DB>, engine: MarketEngine, o: NewOrder): Promise<SpotOrderRow> {
  const { price: last, second } = engine.lastPrice(o.pair.inst.symbol);
  const crossed = !o.limitPrice || spotCrossed(o.side, o.limitPrice, last);
  const fill = crossed ? spotFill(o.side, o.amount, last, o.market.fee_rate, decimalsOf(o.pair)) : undefined;
  if (fill && fill.receive.lte(0)) throw new ApiError('api.spot.too_small');
  const hold = o.limitPrice && !crossed ? spotHold(o.side, o.amount, o.limitPrice, o.pair.quote.decimals) : undefined;
  // The total at the limit too: the fill job writes it later, and must never meet a figure it cannot store.
  assertWithinLedger(fill?.total, hold, o.limitPrice?.times(o.amount));
  const { id } = await trx.insertInto('spot_orders').values({
    user_id: o.user, symbol: o.pair.inst.symbol, side: o.side, kind: o.limitPrice ? 'limit' : 'market',
    limit_price: o.limitPrice?.toFixed() ?? null, amount: o.amount.toFixed(), fee_rate: o.market.fee_rate, created_at: o.now,
    ...(fill
      ? { status: 'filled', fill_price: last, total: fill.total.toFixed(), fee: fill.fee.toFixed(), frozen: '0', done_at: o.now }
      : { status: 'open', frozen: hold!.toFixed() }),
  }).returning('id').executeTakeFirstOrThrow();
  const ref = `spot:${id}`;
  if (fill) {
    await settlementPriceAt(trx, engine, { symbol: o.pair.inst.symbol, second, price: last, cause: 'spot.trade', ref });
    await post(trx, { cause: 'spot.trade', ref, legs: fillLegs(o.user, o.pair, o.side, o.amount, fill, true) });
    await feeCoupon(trx, o.user, o.pair, o.side, fill, last, o.now, ref);
  } else {
    const type = spotAccountType(o.pair);
    const held = { user: o.user, currency: (o.side === 'buy' ? o.pair.quote : o.pair.base).id, type };
    await holdMoney(trx, { account: held, amount: hold!, cause: 'spot.freeze', ref });
  }
  return selectOrder(trx, id);
}

/** Cancels the user's open limit order (in the user's money transaction); what it held returns to available. */
export async function cancelOrder(trx: Transaction<DB>, user: number, id: number, now: Date): Promise<SpotOrderRow> {
  const order = await trx.selectFrom('spot_orders').selectAll().where('id', '=', id).where('user_id', '=', user).forUpdate().executeTakeFirst();
  if (!order) throw new ApiError('api.trade.order_not_found');
  if (order.status !== 'open') throw new ApiError('api.trade.order_done');
  await trx.updateTable('spot_orders').set({ status: 'cancelled', frozen: '0', done_at: now }).where('id', '=', id).execute();
  await release(trx, { cause: 'spot.freeze', ref: `spot:${id}` }, { cause: 'spot.cancel' });
  return selectOrder(trx, id);
}

/**
 * Fills an open limit order at its price, struck at `second` (the `spot.fills` job). Takes the owner's row
 * first (the lock order of ledger/locks.ts), then the order; undefined when it is no longer open.
 */
export async function fillLimitOrder(trx: Transaction<DB>, engine: MarketEngine, order: { id: number; user_id: number }, second: number, now: Date): Promise<SpotOrderRow | undefined> {
  await lockUsers(trx, [order.user_id]);
  const row = await trx.selectFrom('spot_orders').selectAll().where('id', '=', order.id).where('status', '=', 'open').forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const pair = pairBySymbol(row.symbol);
  const fill = spotFill(row.side, row.amount, row.limit_price!, row.fee_rate, decimalsOf(pair));
  await trx.updateTable('spot_orders').set({
    status: 'filled', fill_price: row.limit_price, total: fill.total.toFixed(), fee: fill.fee.toFixed(), frozen: '0', done_at: now,
  }).where('id', '=', row.id).execute();
  const ref = `spot:${row.id}`;
  await settlementPriceAt(trx, engine, { symbol: row.symbol, second, price: row.limit_price!, cause: 'spot.fill', ref });
  const amount = new D(row.amount);
  await capture(trx, { cause: 'spot.freeze', ref }, {
    cause: 'spot.fill', amount: paidBy(row.side, amount, fill), rest: 'release', legs: fillLegs(row.user_id, pair, row.side, amount, fill, false),
  });
  await feeCoupon(trx, row.user_id, pair, row.side, fill, row.limit_price!, now, ref);
  return selectOrder(trx, row.id);
}
