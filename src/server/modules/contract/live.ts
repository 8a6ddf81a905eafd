/**
 * `lever_trade` (DESIGN.md "Real time"): after each market tick, every user connected to this node who holds
 * open positions gets the lever account's summary (risk rate, total profit, margin, available) and a patch of
 * each position's live price, profit and risk rate, which the app merges into the lists that show them
 * without asking again. One query for the positions of all connected users and one for their lever
 * balances per tick (realtime/tickFeed.ts runs it).
 */
import { endpointKey } from '../../../shared/contract';
import { LEVER_CLOSED_EVENT, LEVER_TRADE_EVENT, type LeverClosedPayload, type LeverTradePayload } from '../../../shared/contract/events';
import type { Services } from '../../context';
import { ACCOUNT_TYPES } from '../../ledger';
import type { MarketEngine } from '../../market';
import { USDT_ID } from '../../market/currencies';
import { userRoom } from '../../realtime';
import { attachTickFeed, rowsByUser } from '../../realtime/tickFeed';
import type { PositionRow } from './positions';
import { positionView, totalsOf } from './view';
import { plain } from '../../kernel';

const openPositionsOf = (services: Services, users: number[]): Promise<Map<number, PositionRow[]>> => rowsByUser(users, (chunk) => services.db
  .selectFrom('contract_positions').selectAll().where('status', '=', 'open').where('user_id', 'in', chunk).orderBy('id', 'desc').execute());

async function leverBalances(services: Services, users: number[]): Promise<Map<number, string>> {
  const rows = await rowsByUser(users, async (chunk) => (await services.db.selectFrom('ledger_accounts').select(['user_id', 'available'])
    .where('user_id', 'in', chunk).where('currency_id', '=', USDT_ID).where('type', '=', ACCOUNT_TYPES.lever).execute())
    .flatMap((r) => (r.user_id === null ? [] : [{ user_id: r.user_id, available: r.available }])));
  return new Map([...rows].map(([user, [row]]) => [user, plain(row.available)]));
}

/** Sends each of `users` (connected to this node) who holds open positions their live summary; answers how many were sent. */
async function pushLivePositions(services: Services, engine: MarketEngine, users: number[], endpoints: string[]): Promise<number> {
  const positions = await openPositionsOf(services, users);
  if (!positions.size) return 0;
  const balances = await leverBalances(services, [...positions.keys()]);
  for (const [user, open] of positions) {
    const totals = totalsOf(open, engine);
    const rows = open.map((row) => {
      const view = positionView(row, engine);
      return { id: view.id, status: view.status, update_price: view.update_price, profits: view.profits, hazard_rate: view.hazard_rate, liquidation_distance: view.liquidation_distance };
    });
    const payload: LeverTradePayload = {
      available: balances.get(user) ?? '0', margin: totals.caution_money, profits_total: totals.profits_total, hazard_rate: totals.hazard_rate,
      positions: totals.positions, patch: { endpoints, rows, records: { rate_profits_total: totals } },
    };
    services.realtime.io.local.to(userRoom(user)).emit(LEVER_TRADE_EVENT, payload);
  }
  return positions.size;
}

/** Starts the feed when the first user joins their private room on this node. */
export function attachLivePositions(services: Services): void {
  const endpoints = services.areas.flatMap((a) => a.endpoints).filter((e) => e.patchOn?.includes(LEVER_TRADE_EVENT)).map(endpointKey);
  attachTickFeed(services, 'live positions', (engine, users) => pushLivePositions(services, engine, users, endpoints));
}

/** `lever_closed`: the positions of `ids` were closed (by the user, a batch, take-profit, stop-loss or liquidation). */
export function tellClosed(services: Pick<Services, 'realtime'>, user: number, ids: readonly number[]): void {
  if (!ids.length) return;
  const payload: LeverClosedPayload = { id: [...ids] };
  services.realtime.toUser(user, LEVER_CLOSED_EVENT, payload);
}
