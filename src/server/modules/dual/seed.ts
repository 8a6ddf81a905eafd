/**
 * The dual-investment series on the first start, from src/server/seeddata/earn.json (only while there are
 * no products, so the operator's changes survive restarts): each a renewing round on sale until the next
 * value time, pegged at the last recorded price (the instrument's first price on a new database) plus its
 * offset, read without starting the market. A mistake in the file stops the start with its place.
 */
import type { Kysely } from 'kysely';
import { DUAL_TYPES, type DualType } from '../../../shared/domain/dual';
import { DAY_MS } from '../../kernel';
import { D } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { USDT_ID } from '../../market/currencies';
import { findInstrument, type Instrument } from '../../market/instruments';
import EARN from '../../seeddata/earn.json';
import { saleEnd } from './ops';
import { peggedPrice } from './products';

interface ProductSeed { pair: string; type: string; unit_price: string; annual_rate: string; peg_offset: string; days: number; shares: number }

/** The last minute's close recorded for `inst`, or its first price. */
async function lastRecordedPrice(db: Kysely<DB>, inst: Instrument): Promise<string> {
  const row = await db.selectFrom('market_candles').select('close').where('symbol', '=', inst.symbol).where('period', '=', '1min')
    .orderBy('time', 'desc').limit(1).executeTakeFirst();
  return row ? new D(String(row.close)).div(new D(10).pow(inst.priceDecimals)).toFixed(inst.priceDecimals) : inst.startPrice;
}

export async function seedDual(db: Kysely<DB>, now: Date, products: ProductSeed[] = EARN.dual): Promise<void> {
  const any = await db.selectFrom('dual_products').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const value = saleEnd(now);
  const prices = new Map<string, string>();
  for (const p of products) {
    const inst = findInstrument(p.pair);
    if (inst && !prices.has(inst.symbol)) prices.set(inst.symbol, await lastRecordedPrice(db, inst));
  }
  const rows = products.map((p, i) => {
    const inst = findInstrument(p.pair);
    if (!inst) throw new Error(`seeddata/earn.json dual[${i}]: no pair ${p.pair}`);
    if (!(DUAL_TYPES as readonly string[]).includes(p.type)) throw new Error(`seeddata/earn.json dual[${i}]: type ${p.type} is not sell_high or buy_low`);
    return {
      currency_id: inst.id, quote_id: USDT_ID, type: p.type as DualType, unit_price: p.unit_price, annual_rate: p.annual_rate,
      peg_offset: p.peg_offset, peg_price: peggedPrice(prices.get(inst.symbol)!, p.peg_offset, inst.priceDecimals),
      days: p.days, value_at: value, settle_at: new Date(value.getTime() + p.days * DAY_MS),
      total_shares: p.shares, remaining_shares: p.shares, renew: true, sort: i,
    };
  });
  if (rows.length) await db.insertInto('dual_products').values(rows).execute();
}
