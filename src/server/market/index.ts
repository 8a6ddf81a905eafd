/** The market service: opened on first use (or at start by main.ts), ticking until the app closes. */
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db';
import { MarketEngine } from './engine';
import { databaseMarketStore, marketOrigin } from './store';

export type { MarketEngine } from './engine';

export interface MarketService {
  /** The running engine (opens and starts it the first time). */
  (): Promise<MarketEngine>;
  stop(): Promise<void>;
}

/**
 * Several nodes on PostgreSQL open the market one at a time (an advisory lock), each saving where it is
 * before the next one opens: after a downtime of more than an hour (filled a minute at a time up to an hour
 * before the moment of opening) two nodes opening a few seconds apart would otherwise walk on from different
 * points and show different markets for good. The next one continues from the first one's save.
 */
async function oneNodeAtATime<T>(database: Database, open: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return open(); // one process holds the database: the only node
  return database.db.connection().execute(async (conn) => {
    const key = sql`hashtext(current_schema() || ':market')`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await open();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

export function marketService(database: Database, now: () => Date, log: Logger): MarketService {
  const { db } = database;
  let opening: Promise<MarketEngine> | undefined;
  const get = (() => {
    if (opening) return opening;
    opening = oneNodeAtATime(database, async () => {
      const { seed, startMs } = await marketOrigin(db, now());
      const store = databaseMarketStore(db, () => now().getTime());
      const engine = await MarketEngine.open({ seed, startMs, store, now: () => now().getTime() });
      await engine.save();
      engine.start(10, (err) => log.error({ err }, 'market snapshot not saved: the next save tries again'));
      const ahead = engine.second() - Math.floor(now().getTime() / 1000);
      if (ahead > 0) log.warn({ seconds: ahead }, 'the clock is behind the last second the market struck: the market waits for it');
      log.info({ startMs }, 'market simulator running');
      return engine;
    });
    // A market that could not open (the database unreachable) is opened again at its next use.
    opening.catch(() => { opening = undefined; });
    return opening;
  }) as MarketService;
  get.stop = async () => {
    if (!opening) return;
    const engine = await opening.catch(() => undefined);
    // Stopping while the database is out of reach loses only the seconds since the last periodic save.
    await engine?.stop().catch((err: unknown) => log.error({ err }, 'market snapshot not saved at the stop'));
  };
  return get;
}
