/**
 * The `spot.fills` job: every second, each open limit order whose price the market crossed since the job's
 * previous run (or since the order was placed) fills whole at its price. Orders are selected by the window's
 * lowest and highest price, so untouched orders are not read.
 */
import { TRADE_EVENT, BALANCE_EVENT } from '../../../shared/contract/events';
import { spotCrossed } from '../../../shared/domain/spot';
import { D } from '../../../shared/format/decimal';
import type { JobDefinition } from '../../jobs/types';
import { after, secondsSincePreviousRun } from '../trading';
import { fillLimitOrder } from './orders';

export const SPOT_FILLS = 'spot.fills';
/** Fills per run at most; the rest wait for the next second. */
const BATCH = 500;

export const spotFillsJob: JobDefinition = {
  name: SPOT_FILLS,
  every: { everyMs: 1000, catchUp: 'latest' },
  async run(run) {
    const { trx } = run;
    const symbols = await trx.selectFrom('spot_orders').select('symbol').distinct().where('status', '=', 'open').execute();
    if (symbols.length === 0) return;
    const window = await secondsSincePreviousRun(run, SPOT_FILLS);
    const engine = await run.services.market();
    const owners = new Set<number>();
    for (const { symbol } of symbols) {
      const prices = engine.pricesBetween(symbol, window.from, window.to);
      if (prices.length === 0) continue;
      const low = prices.reduce((m, p) => (new D(p.price).lt(m) ? p.price : m), prices[0].price);
      const high = prices.reduce((m, p) => (new D(p.price).gt(m) ? p.price : m), prices[0].price);
      const candidates = await trx.selectFrom('spot_orders').select(['id', 'user_id', 'side', 'limit_price', 'created_at'])
        .where('status', '=', 'open').where('symbol', '=', symbol)
        .where((eb) => eb.or([
          eb.and([eb('side', '=', 'buy'), eb('limit_price', '>=', low)]),
          eb.and([eb('side', '=', 'sell'), eb('limit_price', '<=', high)]),
        ]))
        .orderBy('user_id').orderBy('id').limit(BATCH).execute();
      for (const c of candidates) {
        const seen = after(window, c.created_at);
        const crossing = prices.find((p) => p.second >= seen.from && p.second <= seen.to && spotCrossed(c.side, c.limit_price!, p.price));
        if (!crossing) continue;
        if (await fillLimitOrder(trx, engine, c, crossing.second, run.now)) owners.add(c.user_id);
      }
    }
    run.afterCommit(() => {
      for (const user of owners) {
        run.services.tell(user, TRADE_EVENT);
        run.services.tell(user, BALANCE_EVENT);
      }
    });
  },
};
