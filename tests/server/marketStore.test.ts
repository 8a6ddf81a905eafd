/** The market's store in the database: candles and snapshots saved together, nothing lost to a failed save. */
import { sql } from 'kysely';
import type { Database } from '../../src/server/db';
import { databaseMarketStore } from '../../src/server/market/store';
import { openTestDatabase } from './helpers';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); }, 60_000);
afterAll(async () => { await database?.close(); });

const T0 = Date.parse('2026-11-22T13:47:00Z');

test('a save that fails stores no candle ahead of the snapshot, and the next save stores them with it', async () => {
  const { db } = database;
  const store = databaseMarketStore(db, () => T0);
  const minute = (n: number) => ({ time: T0 + n * 60_000, open: 100 + n, high: 110 + n, low: 90 + n, close: 105 + n, volume: 7 });
  store.saveClosed('BTC/USDT', '1min', minute(0));
  store.saveClosed('BTC/USDT', '1min', minute(1));
  // The snapshot's write fails (as when the connection drops between the two).
  await sql`create function refuse_snapshot() returns trigger language plpgsql as $$ begin raise exception 'no snapshot now'; end $$`.execute(db);
  await sql`create trigger refuse_snapshot before insert on market_state for each row when (new.key like 'snapshot:%') execute function refuse_snapshot()`.execute(db);
  await expect(store.saveSnapshots([{ symbol: 'BTC/USDT', second: T0 / 1000 + 119, price: 106 }])).rejects.toThrow('no snapshot now');
  expect(await store.closedCandles('BTC/USDT', '1min', 10)).toEqual([]);
  expect(await store.snapshot('BTC/USDT')).toBeUndefined();

  await sql`drop trigger refuse_snapshot on market_state`.execute(db);
  store.saveClosed('BTC/USDT', '1min', minute(2));
  await store.saveSnapshots([{ symbol: 'BTC/USDT', second: T0 / 1000 + 179, price: 107 }]);
  expect(await store.closedCandles('BTC/USDT', '1min', 10)).toEqual([minute(0), minute(1), minute(2)]);
  expect(await store.snapshot('BTC/USDT')).toEqual({ second: T0 / 1000 + 179, price: 107 });
});
