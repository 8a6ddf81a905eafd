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
    opening ??= (async () => {
      const { seed, startMs } = await marketOrigin(db, now());
      const store = databaseMarketStore(db, () => now().getTime());
      const engine = await MarketEngine.open({ seed, startMs, store, now: () => now().getTime() });
      engine.start(10, (err) => log.error({ err }, 'market snapshot not saved'));
      log.info({ startMs }, 'market simulator running');
      return engine;
    })();
    return opening;
  }) as MarketService;
  get.stop = async () => {
    if (!opening) return;
    const engine = await opening.catch(() => undefined);
    await engine?.stop();
  };
  return get;
}
