/** The operator's IEO projects as the app shows them, and their state moved by time (warm-up, in progress, done). */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { IEO_TIME_STATUS } from '../../../shared/contract/ieo';
import { D, ROUND, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { CURRENCIES } from '../../market/currencies';
import type { MarketEngine } from '../../market/engine';
import { lastUsdtPrice } from '../financial';
import { currencyById, plain } from '../../kernel';

const currencyByName = (name: string) => CURRENCIES.find((c) => c.name === name)!;

export type ProjectRow = Selectable<DB['ieo_projects']>;

export const nonNegative = (d: Decimal): Decimal => (d.lt(0) ? new D(0) : d);

/** A project as the platform's screens read it (IEO_PROJECT). */
export function projectView(p: ProjectRow, now: Date) {
  const remaining = nonNegative(new D(p.total).minus(p.applied));
  const until = p.status === 'warmup' ? p.starts_at : p.ends_at;
  return {
    id: p.id, title: p.name, logo: p.logo, currency_id: p.currency_id, currency_name: currencyById(p.currency_id).name,
    pay_currency_id: p.pay_currency_id, pay_currency_name: currencyById(p.pay_currency_id).name,
    price: plain(p.price), amount: plain(p.total), total_sell: plain(p.applied), remaining: remaining.toFixed(),
    percentage: new D(p.applied).times(100).div(p.total).round(2, ROUND.down).toFixed(),
    min_amount: plain(p.min_amount), max_amount: plain(p.max_amount), day: p.lock_days,
    start_at: new Date(p.starts_at).toISOString(), end_at: new Date(p.ends_at).toISOString(), listing_at: new Date(p.listing_at).toISOString(),
    time_status: IEO_TIME_STATUS.code(p.status),
    seconds_left: p.status === 'done' ? 0 : Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)),
  };
}

/** The issue price in `currency` (BTC, ETH) at the last prices, rounded down to that currency's decimals. */
export function issuePriceIn(engine: MarketEngine, p: ProjectRow, currency: string): string {
  const c = currencyByName(currency);
  const usdt = new D(p.price).times(lastUsdtPrice(engine, p.pay_currency_id));
  return usdt.div(lastUsdtPrice(engine, c.id)).round(c.decimals, ROUND.down).toFixed();
}

export async function projectById(db: Kysely<DB>, id: number): Promise<ProjectRow> {
  const p = await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw new ApiError('api.ieo.not_found');
  return p;
}

/** Moves projects whose time has come: warm-up to in progress at starts_at, to done at ends_at. */
export async function moveStates(trx: Transaction<DB>, now: Date): Promise<void> {
  await trx.updateTable('ieo_projects').set({ status: 'done', updated_at: now }).where('status', '!=', 'done').where('ends_at', '<=', now).execute();
  await trx.updateTable('ieo_projects').set({ status: 'active', updated_at: now }).where('status', '=', 'warmup').where('starts_at', '<=', now).execute();
}
