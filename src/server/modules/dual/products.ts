/**
 * The operator's dual-investment products: a round of a series is sold until its value time, earns for
 * `days` from it and settles at maturity. A renewing round's successor (the same terms, sold for a day more,
 * pegged at the price then x (1 + peg_offset)) opens when the products are next read after its sale closed,
 * so a series always has a round on sale when someone looks.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { DUAL_PRODUCT_STATUS, DUAL_TYPE } from '../../../shared/contract/dual';
import { currencyById, DAY_MS, plain, plainOrNull } from '../../kernel';
import { D, ROUND } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import type { MarketEngine } from '../../market/engine';

export type ProductRow = Selectable<DB['dual_products']>;

export const symbolOf = (p: Pick<ProductRow, 'currency_id' | 'quote_id'>) => `${currencyById(p.currency_id).name}/${currencyById(p.quote_id).name}`;
export const investCurrency = (p: Pick<ProductRow, 'type' | 'currency_id' | 'quote_id'>) => (p.type === 'sell_high' ? p.currency_id : p.quote_id);
export const onSale = (p: ProductRow, now: Date) => p.status === 'open' && new Date(p.value_at) > now && p.remaining_shares > 0;

/** The annual rate (a fraction: 0.365) as the wire's percent ("36.5"). */
export const annualPercent = (p: Pick<ProductRow, 'annual_rate'>) => new D(p.annual_rate).times(100).toFixed();

/** A product as the platform's screens read it (DUAL_PRODUCT). */
export function productView(p: ProductRow, now: Date) {
  const invest = currencyById(investCurrency(p));
  return {
    id: p.id, name: symbolOf(p), currency_id: p.currency_id, currency_name: currencyById(p.currency_id).name, quote_id: p.quote_id,
    quote_name: currencyById(p.quote_id).name, type: DUAL_TYPE.code(p.type),
    invest_currency_id: invest.id, invest_currency_name: invest.name, unit_price: plain(p.unit_price),
    rate: annualPercent(p), exercise_price: plain(p.peg_price), days: p.days,
    start_time: new Date(p.value_at).toISOString(), end_time: new Date(p.settle_at).toISOString(),
    total_number: p.total_shares, purchased_number: p.total_shares - p.remaining_shares, remaining_number: p.remaining_shares,
    status: DUAL_PRODUCT_STATUS.code(p.status), on_sale: onSale(p, now), settle_price: plainOrNull(p.settle_price),
  };
}

export async function productById(db: Kysely<DB>, id: number): Promise<ProductRow> {
  const p = await db.selectFrom('dual_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw new ApiError('api.dual.not_found');
  return p;
}

/** The first time at `minute` after midnight UTC strictly after `from`. */
export function nextTimeOfDay(from: Date, minute: number): Date {
  const day = Math.floor(from.getTime() / DAY_MS) * DAY_MS + minute * 60_000;
  return new Date(day > from.getTime() ? day : day + DAY_MS);
}

/** A price pegged `offset` away from `price`, with the pair's price decimals. */
export function peggedPrice(price: string, offset: string, decimals: number): string {
  return new D(price).times(new D(1).plus(offset)).round(decimals, ROUND.halfUp).toFixed();
}

/** Opens the successor of each renewing round whose sale has closed by `now`; answers how many opened. */
export async function renewRounds(trx: Transaction<DB>, market: () => Promise<MarketEngine>, now: Date): Promise<number> {
  const closed = await trx.updateTable('dual_products').set({ renewed: true })
    .where('renew', '=', true).where('renewed', '=', false).where('status', '!=', 'cancelled').where('value_at', '<=', now)
    .returningAll().execute();
  const engine = closed.length ? await market() : undefined;
  for (const p of closed) {
    if (!engine) break;
    const inst = engine.instrument(symbolOf(p));
    if (!inst) continue;
    // The next round is sold for a day from when this one stopped selling (or from now, after a downtime).
    let value = new Date(new Date(p.value_at).getTime() + DAY_MS);
    while (value <= now) value = new Date(value.getTime() + DAY_MS);
    await trx.insertInto('dual_products').values({
      currency_id: p.currency_id, quote_id: p.quote_id, type: p.type, unit_price: p.unit_price, annual_rate: p.annual_rate,
      peg_price: peggedPrice(engine.lastPrice(inst.symbol).price, p.peg_offset, inst.priceDecimals), peg_offset: p.peg_offset,
      days: p.days, value_at: value, settle_at: new Date(value.getTime() + p.days * DAY_MS),
      total_shares: p.total_shares, remaining_shares: p.total_shares, renew: true, sort: p.sort,
    }).execute();
  }
  return closed.length;
}
