/**
 * The life of a contract position, with the money each step moves in the user's lever account (USDT):
 * entrusted (a limit order holds margin and opening fee in a ledger hold), opened (margin held, fee to the
 * platform), charged overnight (from the margin), closed (margin plus profit back, what is lost to the
 * house) or cancelled (margin and fee back). Each step changes the status with a guarded update first
 * (`where status = <expected>`), so whoever gets there first (the user, a job, another node) does it once.
 * Callers hold the owner's row (ledger/locks.ts step 1) before calling.
 */
import type { Selectable, Transaction } from 'kysely';
import {
  checkStops, closePayout, contractFee, contractMargin, contractProfit, liquidationPrice, positionValue, type Direction,
} from '../../../shared/domain/contract';
import { D, type Decimal, type DecimalInput } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, assertWithinLedger, capture, hold, payOut, post, release, type HoldKey } from '../../ledger';
import type { MarketEngine } from '../../market';
import { USDT_ID } from '../../market/currencies';
import { settlementPrice, settlementPriceAt } from '../../market/settlement';
import { useFeeCoupon, type TradeFee } from '../coupon';
import { postMessage } from '../messages';
import { pairBySymbol, type Pair } from '../trading';
import type { ContractMarket } from './markets';
import { plain } from '../../kernel';

export type PositionRow = Selectable<DB['contract_positions']>;
export type CloseReason = 'user' | 'take_profit' | 'stop_loss' | 'liquidation';

export const positionRef = (id: number) => `contract:${id}`;
/** A position's hold: made by its limit order (margin and fee), or by its opening at the market (margin). */
const holdOf = (row: Pick<PositionRow, 'id' | 'price_type'>): HoldKey =>
  ({ cause: row.price_type === 'limit' ? 'contract.entrust' : 'contract.open', ref: positionRef(row.id) });
export const leverAccount = (user: number) => ({ user, currency: USDT_ID, type: ACCOUNT_TYPES.lever });
export const sizeOf = (row: { lots: number; lot_size: string }) => ({ lots: row.lots, lotSize: row.lot_size });
const priceDecimals = (symbol: string) => pairBySymbol(symbol).inst.priceDecimals;

/** What an order of `lots` at `price` costs and where it would be liquidated. */
export function orderTerms(
  market: Pick<ContractMarket, 'lot_size' | 'fee_rate' | 'maintenance_rate'>, o: { direction: Direction; price: Decimal | string; lots: number; multiple: number; priceDecimals: number },
): { value: Decimal; margin: Decimal; fee: Decimal; liquidation: Decimal } {
  const size = { lots: o.lots, lotSize: market.lot_size };
  const margin = contractMargin(o.price, size, o.multiple);
  return {
    value: positionValue(o.price, size), margin, fee: contractFee(o.price, size, market.fee_rate),
    liquidation: liquidationPrice(o.direction, o.price, size, margin, market.maintenance_rate, o.priceDecimals),
  };
}

export interface Stops { takeProfit: Decimal | null; stopLoss: Decimal | null }

/** Refuses a take-profit or stop-loss on the wrong side of `reference` or beyond the liquidation price. */
export function assertStops(direction: Direction, reference: Decimal | string, stops: Stops, liquidation: Decimal | string | null): void {
  const problem = checkStops(direction, reference, stops, liquidation);
  if (problem) throw new ApiError(`api.lever.${problem}`, { price: liquidation === null ? '' : plain(liquidation) });
}

export interface Ticket {
  user: number; pair: Pair; market: ContractMarket; direction: Direction; lots: number; multiple: number;
  /** A limit order's price; a market order opens at the last price. */
  entrustPrice?: Decimal;
  stops: Stops;
  now: Date;
}

/** An opening fee as a coupon sees it: USDT, on the position's value. */
export const contractTradeFee = (user: number, value: DecimalInput, fee: DecimalInput, now: Date): TradeFee =>
  ({ user, product: 'contract', value, fee, currency: USDT_ID, usdtPrice: '1', now });

/** Opens a position at the recorded last price, or entrusts a limit order holding its margin and fee. */
export async function placePosition(trx: Transaction<DB>, engine: MarketEngine, t: Ticket): Promise<PositionRow> {
  const symbol = t.pair.inst.symbol;
  const last = engine.lastPrice(symbol);
  const price = t.entrustPrice ?? new D(last.price);
  const terms = orderTerms(t.market, { direction: t.direction, price, lots: t.lots, multiple: t.multiple, priceDecimals: t.pair.inst.priceDecimals });
  assertWithinLedger(terms.value, terms.margin, terms.fee);
  assertStops(t.direction, price, t.stops, terms.liquidation);
  const limit = t.entrustPrice !== undefined;
  const row = await trx.insertInto('contract_positions').values({
    user_id: t.user, symbol, direction: t.direction, price_type: limit ? 'limit' : 'market', status: limit ? 'entrust' : 'open',
    lots: t.lots, lot_size: t.market.lot_size, multiple: t.multiple, entrust_price: limit ? price.toFixed() : null, open_price: limit ? null : last.price,
    margin: terms.margin.toFixed(), fee: terms.fee.toFixed(), overnight_rate: t.market.overnight_rate, maintenance_rate: t.market.maintenance_rate,
    target_profit_price: t.stops.takeProfit?.toFixed() ?? null, stop_loss_price: t.stops.stopLoss?.toFixed() ?? null,
    liquidation_price: terms.liquidation.toFixed(), created_at: t.now, opened_at: limit ? null : t.now,
  }).returningAll().executeTakeFirstOrThrow();
  const ref = positionRef(row.id);
  const mine = leverAccount(t.user);
  const cost = terms.margin.plus(terms.fee);
  if (limit) {
    await hold(trx, { account: mine, amount: cost, cause: 'contract.entrust', ref });
  } else {
    await settlementPriceAt(trx, engine, { symbol, second: last.second, price: last.price, cause: 'contract.open', ref });
    await hold(trx, { account: mine, amount: terms.margin, cause: 'contract.open', ref, legs: [
      { account: mine, amount: terms.fee.neg().toFixed() },
      { account: { platform: 'fees', currency: USDT_ID }, amount: terms.fee.toFixed() },
    ] });
    await useFeeCoupon(trx, contractTradeFee(t.user, terms.value, terms.fee, t.now), ref, mine);
  }
  return row;
}

/** A position of the user (any status), or "no such order". */
export async function ownPosition(trx: Transaction<DB>, user: number, id: number): Promise<PositionRow> {
  const row = await trx.selectFrom('contract_positions').selectAll().where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
  if (!row) throw new ApiError('api.trade.order_not_found');
  return row;
}

/** Cancels an entrusted order: its margin and fee return to available. Undefined when it is no longer entrusted. */
export async function cancelEntrust(trx: Transaction<DB>, id: number, now: Date): Promise<PositionRow | undefined> {
  const row = await trx.updateTable('contract_positions').set({ status: 'cancelled', closed_at: now })
    .where('id', '=', id).where('status', '=', 'entrust').returningAll().executeTakeFirst();
  if (!row) return undefined;
  await release(trx, holdOf(row), { cause: 'contract.cancel' });
  return row;
}

/**
 * Opens an entrusted order at its price, crossed at `second` (the triggers job): the fee held goes to the
 * platform, the margin stays frozen. Undefined when it is no longer entrusted.
 */
export async function fillEntrust(trx: Transaction<DB>, engine: MarketEngine, entrust: PositionRow, second: number): Promise<PositionRow | undefined> {
  const price = entrust.entrust_price!;
  const liquidation = liquidationPrice(entrust.direction, price, sizeOf(entrust), entrust.margin, entrust.maintenance_rate, priceDecimals(entrust.symbol));
  const row = await trx.updateTable('contract_positions')
    .set({ status: 'open', open_price: price, opened_at: new Date(second * 1000), liquidation_price: liquidation.toFixed() })
    .where('id', '=', entrust.id).where('status', '=', 'entrust').returningAll().executeTakeFirst();
  if (!row) return undefined;
  const ref = positionRef(row.id);
  await settlementPriceAt(trx, engine, { symbol: row.symbol, second, price, cause: 'contract.open', ref });
  if (new D(row.fee).gt(0)) {
    await capture(trx, holdOf(row), { cause: 'contract.open', amount: row.fee, rest: 'keep', legs: [
      { account: { platform: 'fees', currency: USDT_ID }, amount: plain(row.fee) },
    ] });
    await useFeeCoupon(trx, contractTradeFee(row.user_id, positionValue(price, sizeOf(row)), row.fee, new Date(second * 1000)), ref, leverAccount(row.user_id));
  }
  return row;
}

/** How a close is priced: the recorded last price (the user), or a trigger's price crossed at `second`. */
export type ClosePricing = { reason: 'user' } | { reason: Exclude<CloseReason, 'user'>; second: number; price: string };

/**
 * Closes an open position (the user, a batch close, take-profit, stop-loss, liquidation): margin plus
 * profit back to available, never less than nothing; the house takes what the user lost and pays what they
 * won. Undefined when it is no longer open.
 */
export async function closePosition(trx: Transaction<DB>, engine: MarketEngine, id: number, how: ClosePricing, now: Date): Promise<PositionRow | undefined> {
  const claimed = await trx.updateTable('contract_positions').set({ status: 'closed', close_reason: how.reason, closed_at: now })
    .where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
  if (!claimed) return undefined;
  const ref = positionRef(id);
  const at = { symbol: claimed.symbol, cause: 'contract.close', ref };
  const { price } = how.reason === 'user' ? await settlementPrice(trx, engine, at) : await settlementPriceAt(trx, engine, { ...at, second: how.second, price: how.price });
  const profit = contractProfit(claimed.direction, claimed.open_price!, price, sizeOf(claimed));
  const payout = closePayout(claimed.margin, profit);
  const row = await trx.updateTable('contract_positions').set({ close_price: price, profit: profit.toFixed() })
    .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  if (how.reason !== 'user') {
    await postMessage(trx, row.user_id, 'position_closed', {
      reason: how.reason, symbol: row.symbol, direction: row.direction, price: plain(price), profit: profit.toFixed(), currency: 'USDT',
    }, now);
  }
  const house = { platform: 'house', currency: USDT_ID } as const;
  if (new D(row.margin).gt(0)) {
    await payOut(trx, holdOf(row), { cause: 'contract.close', payout, counterparty: house });
  } else if (payout.gt(0)) {
    // Overnight fees took the whole margin, and with it the hold: the house pays the profit alone.
    await post(trx, { cause: 'contract.close', ref, legs: [{ account: leverAccount(row.user_id), amount: payout.toFixed() }, { account: house, amount: payout.neg().toFixed() }] });
  }
  return row;
}

/**
 * Charges the overnight fee due at `due` (the overnight job): of the value at the opening price, at most
 * the margin, taken from the margin; the liquidation price moves accordingly. Once per position and day.
 */
export async function chargeOvernight(trx: Transaction<DB>, id: number, due: Date): Promise<PositionRow | undefined> {
  const owed = (r: PositionRow) => r.status === 'open' && (r.overnight_at === null || new Date(r.overnight_at) < due);
  const current = await trx.selectFrom('contract_positions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current || !owed(current)) return undefined;
  const size = sizeOf(current);
  const full = contractFee(current.open_price!, size, current.overnight_rate);
  const fee = full.gt(current.margin) ? new D(current.margin) : full;
  const margin = new D(current.margin).minus(fee);
  const liquidation = liquidationPrice(current.direction, current.open_price!, size, margin, current.maintenance_rate, priceDecimals(current.symbol));
  const row = await trx.updateTable('contract_positions')
    .set({ margin: margin.toFixed(), overnight_fee: new D(current.overnight_fee).plus(fee).toFixed(), liquidation_price: liquidation.toFixed(), overnight_at: due })
    .where('id', '=', id).where('status', '=', 'open')
    .where((eb) => eb.or([eb('overnight_at', 'is', null), eb('overnight_at', '<', due)]))
    .returningAll().executeTakeFirst();
  if (!row) return undefined;
  if (fee.gt(0)) {
    await capture(trx, holdOf(row), { cause: 'contract.overnight', amount: fee, rest: 'keep', legs: [
      { account: { platform: 'fees', currency: USDT_ID }, amount: fee.toFixed() },
    ] });
  }
  return row;
}
