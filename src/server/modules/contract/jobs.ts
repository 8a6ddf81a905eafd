/**
 * The contract jobs. `contract.triggers` (every second) walks the seconds struck since its previous run and
 * fills the entrusted orders whose price was crossed, and closes the open positions whose take-profit,
 * stop-loss or liquidation price was reached, at that price. `contract.overnight` (daily at 00:00 UTC)
 * charges each position held over the due time its overnight fee, once per day, also for days missed while
 * the server was down.
 */
import type { Kysely } from 'kysely';
import { BALANCE_EVENT, MESSAGE_EVENT, TRADE_EVENT, type PrivateEvent } from '../../../shared/contract/events';
import { entrustCrossed, reachesLiquidation, reachesStopLoss, reachesTakeProfit } from '../../../shared/domain/contract';
import { D } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { DAY_MS, forEachDue } from '../../kernel';
import type { MarketEngine } from '../../market';
import { after, secondsSincePreviousRun, type SecondsWindow } from '../trading';
import { tellClosed } from './live';
import { chargeOvernight, closePosition, fillEntrust, type ClosePricing, type PositionRow } from './positions';

export const TRIGGERS_JOB = 'contract.triggers';
export const OVERNIGHT_JOB = 'contract.overnight';

/** Who had a position filled, closed or charged is told both. */
const CHANGED_EVENTS: readonly PrivateEvent[] = [TRADE_EVENT, BALANCE_EVENT];

type Struck = Array<{ second: number; price: string }>;

/** Positions of `symbol` that a price from `low` to `high` may trigger (the rest are not loaded). */
function candidates(db: Kysely<DB>, symbol: string, low: string, high: string) {
  return db.selectFrom('contract_positions').select(['id', 'user_id']).where('symbol', '=', symbol).where((eb) => eb.or([
    eb.and([eb('status', '=', 'entrust'), eb.or([
      eb.and([eb('direction', '=', 'long'), eb('entrust_price', '>=', low)]),
      eb.and([eb('direction', '=', 'short'), eb('entrust_price', '<=', high)]),
    ])]),
    eb.and([eb('status', '=', 'open'), eb('direction', '=', 'long'), eb.or([
      eb('target_profit_price', '<=', high), eb('stop_loss_price', '>=', low), eb('liquidation_price', '>=', low),
    ])]),
    eb.and([eb('status', '=', 'open'), eb('direction', '=', 'short'), eb.or([
      eb('target_profit_price', '>=', low), eb('stop_loss_price', '<=', high), eb('liquidation_price', '<=', high),
    ])]),
  ])).execute();
}

/** What a struck price does to an open position; liquidation first when several are reached at once. */
function triggered(p: PositionRow, price: string): Exclude<ClosePricing, { reason: 'user' }>['reason'] | undefined {
  if (p.liquidation_price !== null && reachesLiquidation(p.direction, price, p.liquidation_price)) return 'liquidation';
  if (p.stop_loss_price !== null && reachesStopLoss(p.direction, price, p.stop_loss_price)) return 'stop_loss';
  if (p.target_profit_price !== null && reachesTakeProfit(p.direction, price, p.target_profit_price)) return 'take_profit';
  return undefined;
}

const TRIGGER_PRICE = { liquidation: 'liquidation_price', stop_loss: 'stop_loss_price', take_profit: 'target_profit_price' } as const;

/**
 * Walks the struck seconds in order for one position (only those after it was placed, then after it
 * opened): an entrust crossed opens at its price and walks on as an open position; an open position closes
 * at the first trigger it reaches. Returns what happened to it.
 */
async function walk(run: JobRun, engine: MarketEngine, id: number, struck: Struck, window: SecondsWindow): Promise<'closed' | 'opened' | undefined> {
  let p = await run.trx.selectFrom('contract_positions').selectAll().where('id', '=', id).executeTakeFirst();
  let changed: 'opened' | undefined;
  for (const { second, price } of struck) {
    if (!p) break;
    if (p.status === 'entrust') {
      if (second < after(window, p.created_at).from || !entrustCrossed(p.direction, p.entrust_price!, price)) continue;
      p = await fillEntrust(run.trx, engine, p, second);
      if (p) changed = 'opened';
    } else if (p.status === 'open') {
      if (second < after(window, p.opened_at!).from) continue;
      const reason = triggered(p, price);
      if (!reason) continue;
      const closed = await closePosition(run.trx, engine, p.id, { reason, second, price: p[TRIGGER_PRICE[reason]]! }, run.now);
      return closed ? 'closed' : changed;
    } else {
      break;
    }
  }
  return changed;
}

async function runTriggers(run: JobRun): Promise<void> {
  const window = await secondsSincePreviousRun(run, TRIGGERS_JOB);
  const symbols = await run.trx.selectFrom('contract_positions').select('symbol').distinct().where('status', 'in', ['entrust', 'open']).execute();
  if (!symbols.length || window.from > window.to) return;
  const engine = await run.services.market();
  const work: Array<{ id: number; user_id: number; struck: Struck }> = [];
  for (const { symbol } of symbols) {
    const struck = engine.pricesBetween(symbol, window.from, window.to);
    if (!struck.length) continue;
    const prices = struck.map((s) => new D(s.price));
    const low = prices.reduce((a, b) => (b.lt(a) ? b : a)).toFixed();
    const high = prices.reduce((a, b) => (b.gt(a) ? b : a)).toFixed();
    for (const c of await candidates(run.trx, symbol, low, high)) work.push({ ...c, struck });
  }
  work.sort((a, b) => a.user_id - b.user_id || a.id - b.id);
  const closed = new Map<number, number[]>();
  await forEachDue(run, work, async (w) => {
    const done = await walk(run, engine, w.id, w.struck, window);
    if (done === 'closed') closed.set(w.user_id, [...(closed.get(w.user_id) ?? []), w.id]);
    return done;
  }, [...CHANGED_EVENTS, MESSAGE_EVENT]); // a position closed by a trigger is reported in the message centre
  run.afterCommit(() => { for (const [user, ids] of closed) tellClosed(run.services, user, ids); });
}

async function runOvernight(run: JobRun): Promise<void> {
  const due = run.due;
  const owing = await run.trx.selectFrom('contract_positions').select(['id', 'user_id'])
    .where('status', '=', 'open').where('opened_at', '<', due)
    .where((eb) => eb.or([eb('overnight_at', 'is', null), eb('overnight_at', '<', due)]))
    .orderBy('user_id').orderBy('id').execute();
  await forEachDue(run, owing, (p) => chargeOvernight(run.trx, p.id, due), CHANGED_EVENTS);
}

export const contractJobs: JobDefinition[] = [
  { name: TRIGGERS_JOB, every: { everyMs: 1000, catchUp: 'latest' }, run: runTriggers },
  { name: OVERNIGHT_JOB, every: { everyMs: DAY_MS, offsetMs: 0, catchUp: 'each' }, run: runOvernight },
];
