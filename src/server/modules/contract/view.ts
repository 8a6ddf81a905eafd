/** Positions and the lever account as the app shows them: live profit and risk rate from the last price. */
import type { Kysely } from 'kysely';
import type { ResponseOf } from '../../../shared/contract';
import { LEVER_TYPE, ORDER_TYPE, POSITION_STATUS } from '../../../shared/contract/lever';
import { contractProfit, liquidationDistance, riskRate } from '../../../shared/domain/contract';
import { D, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ACCOUNT_TYPES, availableOf } from '../../ledger';
import type { MarketEngine } from '../../market';
import { USDT_ID } from '../../market/currencies';
import { pairBySymbol } from '../trading';
import { sizeOf, type PositionRow } from './positions';
import { isoOrNull, plain } from '../../kernel';

export type PositionView = ResponseOf<'POST /lever/close'>;
export type Totals = ResponseOf<'POST /lever/dealall'>['rate_profits_total'];

const liveProfit = (row: PositionRow, price: string): Decimal => contractProfit(row.direction, row.open_price!, price, sizeOf(row));
const distanceOf = (row: PositionRow, price: string): Decimal | null =>
  (row.liquidation_price === null ? null : liquidationDistance(row.direction, price, row.liquidation_price));

export function positionView(row: PositionRow, engine: MarketEngine): PositionView {
  const pair = pairBySymbol(row.symbol);
  // Prices as the market shows them: with the pair's decimals.
  const price = (v: string | null) => (v === null ? null : new D(v).toFixed(pair.inst.priceDecimals));
  const live = row.status === 'open' || row.status === 'entrust';
  const current = live ? engine.lastPrice(row.symbol).price : row.close_price;
  const profit = row.status === 'open' ? liveProfit(row, current!) : row.status === 'closed' ? new D(row.profit!) : null;
  return {
    id: row.id, symbol: row.symbol, currency_id: pair.inst.id, legal_id: USDT_ID,
    type: LEVER_TYPE.code(row.direction), order_type: ORDER_TYPE.code(row.price_type), status: POSITION_STATUS.code(row.status),
    share: row.lots, lot_size: plain(row.lot_size), multiple: row.multiple,
    price: price(row.open_price ?? row.entrust_price)!, update_price: price(current),
    caution_money: plain(row.margin), trade_fee: plain(row.fee), overnight_money: plain(row.overnight_fee),
    target_profit_price: price(row.target_profit_price), stop_loss_price: price(row.stop_loss_price), liquidation_price: price(row.liquidation_price),
    profits: profit === null ? null : profit.toFixed(), hazard_rate: row.status === 'open' ? riskRate(row.margin, profit!).toFixed(2) : null,
    liquidation_distance: row.status === 'open' ? distanceOf(row, current!)?.toFixed(2) ?? null : null,
    close_reason: row.close_reason,
    created_at: new Date(row.created_at).toISOString(), opened_at: isoOrNull(row.opened_at), closed_at: isoOrNull(row.closed_at),
  };
}

/** The user's open positions, newest first (optionally of one pair). */
export function openPositions(db: Kysely<DB>, user: number, symbol?: string): Promise<PositionRow[]> {
  let q = db.selectFrom('contract_positions').selectAll().where('user_id', '=', user).where('status', '=', 'open');
  if (symbol) q = q.where('symbol', '=', symbol);
  return q.orderBy('id', 'desc').execute();
}

export async function leverAvailable(db: Kysely<DB>, user: number): Promise<string> {
  return availableOf(db, { user, currency: USDT_ID, type: ACCOUNT_TYPES.lever });
}

/** The lever account's available USDT and the totals of the user's open positions, with those of one pair when named. */
export async function leverSummary(db: Kysely<DB>, engine: MarketEngine, user: number, symbol?: string): Promise<{ available: string; open: PositionRow[]; totals: Totals }> {
  const [available, open] = await Promise.all([leverAvailable(db, user), openPositions(db, user)]);
  return { available, open: symbol ? open.filter((p) => p.symbol === symbol) : open, totals: totalsOf(open, engine) };
}

/** The totals of `open` positions at the last prices. */
export function totalsOf(open: readonly PositionRow[], engine: MarketEngine): Totals {
  let margin = new D(0);
  let profits = new D(0);
  let nearest: Decimal | null = null;
  for (const row of open) {
    const price = engine.lastPrice(row.symbol).price;
    margin = margin.plus(row.margin);
    profits = profits.plus(liveProfit(row, price));
    const distance = distanceOf(row, price);
    if (distance && (!nearest || distance.lt(nearest))) nearest = distance;
  }
  return {
    profits_total: profits.toFixed(), hazard_rate: riskRate(margin, profits).toFixed(2), liquidation_distance: nearest?.toFixed(2) ?? null,
    caution_money: margin.toFixed(), positions: open.length,
  };
}
