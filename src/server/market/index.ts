/** The market service: opened on first use (or at start by main.ts), ticking until the app closes. */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db';
import { MarketEngine } from './engine';
import { databaseMarketStore, marketOrigin } from './store';

export type { MarketEngine } from './engine';

export interface MarketService {
  /** The running engine (opens and starts it the first time). */
  (): Promise<MarketEngine>;
  stop(): Promise<void>;
}

export function marketService(db: Kysely<DB>, now: () => Date, log: Logger): MarketService {
  let opening: Promise<MarketEngine> | undefined;
  const get = (() => {
    if (opening) return opening;
    opening = (async () => {
      const { seed, startMs } = await marketOrigin(db, now());
      const store = databaseMarketStore(db, () => now().getTime());
      const engine = await MarketEngine.open({ seed, startMs, store, now: () => now().getTime() });
      engine.start(10, (err) => log.error({ err }, 'market snapshot not saved: the next save tries again'));
      const ahead = engine.second() - Math.floor(now().getTime() / 1000);
      if (ahead > 0) log.warn({ seconds: ahead }, 'the clock is behind the last second the market struck: the market waits for it');
      log.info({ startMs }, 'market simulator running');
      return engine;
    })();
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
