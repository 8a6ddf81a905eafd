/**
 * Settlement prices: whatever settles against the market (a fill, a contract close, an option's expiry)
 * takes its price from here, and the price, its second and the cause are kept in `market_settlements`.
 * Pass the caller's transaction as `db` so the record commits or rolls back with the settlement itself.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db';
import type { MarketEngine } from './engine';

export interface SettlementPrice { symbol: string; price: string; pricedAt: Date }

export async function settlementPrice(
  db: Kysely<DB>, engine: MarketEngine, at: { symbol: string; cause: string; ref: string },
): Promise<SettlementPrice> {
  const inst = engine.instrument(at.symbol);
  if (!inst) throw new RangeError(`unknown instrument ${at.symbol}`);
  const { price, second } = engine.lastPrice(inst.symbol);
  const pricedAt = new Date(second * 1000);
  await db.insertInto('market_settlements')
    .values({ symbol: inst.symbol, price, priced_at: pricedAt, cause: at.cause, ref: at.ref }).execute();
  return { symbol: inst.symbol, price, pricedAt };
}
