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
  return record(db, { symbol: inst.symbol, price, second, cause: at.cause, ref: at.ref });
}

/**
 * The price of a given second (a seconds contract's expiry, the second a stop was crossed), recorded like
 * the last price. `price` overrides the engine's when the settlement is at a set price the market crossed
 * in that second (a limit, a take-profit): the record keeps what was paid.
 */
export async function settlementPriceAt(
  db: Kysely<DB>, engine: MarketEngine, at: { symbol: string; second: number; cause: string; ref: string; price?: string },
): Promise<SettlementPrice> {
  const inst = engine.instrument(at.symbol);
  if (!inst) throw new RangeError(`unknown instrument ${at.symbol}`);
  const struck = engine.priceAt(inst.symbol, at.second);
  return record(db, { symbol: inst.symbol, price: at.price ?? struck.price, second: struck.second, cause: at.cause, ref: at.ref });
}

async function record(db: Kysely<DB>, r: { symbol: string; price: string; second: number; cause: string; ref: string }): Promise<SettlementPrice> {
  const pricedAt = new Date(r.second * 1000);
  await db.insertInto('market_settlements').values({ symbol: r.symbol, price: r.price, priced_at: pricedAt, cause: r.cause, ref: r.ref }).execute();
  return { symbol: r.symbol, price: r.price, pricedAt };
}
