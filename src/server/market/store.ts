/** The market's persistence: seed and first start, per-instrument snapshots and closed candles. */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db';
import type { Candle } from './candles';
import type { MarketSnapshot, MarketStore } from './engine';
import type { Period } from './periods';
import { DAY_MS } from '../../shared/domain/time';

/** Minute candles older than this are deleted (longer periods are kept). */
const MINUTES_KEPT_MS = 3 * DAY_MS;

async function getState(db: Kysely<DB>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('market_state').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/**
 * The simulator's seed and first start: from the database, or created now (`MARKET_SEED` fixes the seed
 * of a new database, so two fresh installs can show the same market).
 */
export async function marketOrigin(db: Kysely<DB>, now: Date, seedFromEnv = process.env.MARKET_SEED): Promise<{ seed: string; startMs: number }> {
  const seed = seedFromEnv || crypto.randomBytes(12).toString('hex');
  await db.insertInto('market_state').values([
    { key: 'seed', value: seed },
    { key: 'start_ms', value: String(now.getTime()) },
  ]).onConflict((oc) => oc.column('key').doNothing()).execute();
  return { seed: (await getState(db, 'seed'))!, startMs: Number(await getState(db, 'start_ms')) };
}

export function databaseMarketStore(db: Kysely<DB>, now: () => number): MarketStore {
  let pending: Array<{ symbol: string; period: Period; candle: Candle }> = [];
  const num = (v: string | number) => Number(v);

  /** Writes the candles closed so far in `trx`; they stay pending unless it commits. */
  async function flush(trx: Kysely<DB>, rows: typeof pending): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await trx.insertInto('market_candles')
        .values(rows.slice(i, i + 500).map(({ symbol, period, candle: c }) => ({ symbol, period, ...c })))
        .onConflict((oc) => oc.columns(['symbol', 'period', 'time']).doNothing())
        .execute();
    }
  }

  return {
    async closedCandles(symbol, period, limit) {
      const rows = await db.selectFrom('market_candles').selectAll()
        .where('symbol', '=', symbol).where('period', '=', period)
        .orderBy('time', 'desc').limit(limit).execute();
      return rows.reverse().map((r) => ({ time: num(r.time), open: num(r.open), high: num(r.high), low: num(r.low), close: num(r.close), volume: num(r.volume) }));
    },
    async snapshot(symbol): Promise<MarketSnapshot | undefined> {
      const raw = await getState(db, `snapshot:${symbol}`);
      if (!raw) return undefined;
      const { second, price } = JSON.parse(raw) as MarketSnapshot;
      return Number.isSafeInteger(second) && Number.isSafeInteger(price) && price > 0 ? { second, price } : undefined;
    },
    saveClosed(symbol, period, candle) {
      pending.push({ symbol, period, candle: { ...candle } });
    },
    /**
     * The candles closed since the last save and the snapshots, in one transaction: stored candles never run
     * ahead of the snapshot, and what a failed save (the database gone) leaves is saved by the next one.
     */
    async saveSnapshots(rows) {
      const candles = pending;
      pending = [];
      try {
        await db.transaction().execute(async (trx) => {
          await flush(trx, candles);
          if (!rows.length) return;
          await trx.insertInto('market_state')
            .values(rows.map(({ symbol, second, price }) => ({ key: `snapshot:${symbol}`, value: JSON.stringify({ second, price }) })))
            .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: new Date() })))
            .execute();
        });
      } catch (err) {
        pending = [...candles, ...pending];
        throw err;
      }
      await db.deleteFrom('market_candles').where('period', '=', '1min').where('time', '<', now() - MINUTES_KEPT_MS).execute();
    },
  };
}
