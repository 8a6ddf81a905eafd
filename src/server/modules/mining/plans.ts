/**
 * The operator's lock-mining plans: listed for the app, opened for orders, and the daily rate of a day,
 * drawn once per plan and day from the order's range (the same for every order of the plan that day, on
 * every node and after a restart: a hash of the plan and the day, not a random number).
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { D, ROUND, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { currencyById, plain } from '../trading';

export type PlanRow = Selectable<DB['mining_plans']>;

/** "00:00" from minutes after midnight UTC. */
export const clockTime = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const percent = (rate: string) => new D(rate).times(100).toFixed();

export function planView(row: PlanRow) {
  return {
    id: row.id, currency_id: row.currency_id, currency_name: currencyById(row.currency_id).name,
    min_amount: plain(row.min_amount), max_amount: plain(row.max_amount),
    daily_rate_min: plain(row.daily_rate_min), daily_rate_max: plain(row.daily_rate_max),
    daily_percent_min: percent(row.daily_rate_min), daily_percent_max: percent(row.daily_rate_max),
    lock_days: row.lock_days, dividend_time: clockTime(row.dividend_minute),
    early_ratio: plain(row.early_ratio), early_percent: percent(row.early_ratio),
  };
}

/** The plans open for orders (or the one of `id`), in the operator's order. */
export function openPlans(db: Kysely<DB>, id?: number): Promise<PlanRow[]> {
  let q = db.selectFrom('mining_plans').selectAll().where('enabled', '=', true);
  if (id !== undefined) q = q.where('id', '=', id);
  return q.orderBy('sort').orderBy('id').execute();
}

export async function openPlan(db: Kysely<DB>, id: number): Promise<PlanRow> {
  const [plan] = await openPlans(db, id);
  if (!plan) throw new ApiError('api.mining.plan_not_found');
  return plan;
}

/** The daily rate of `planId` for the day paid at `due`: within [min, max], in steps of 0.0001%. */
export function dayRate(planId: number, due: Date, min: string, max: string): Decimal {
  const digest = createHash('sha256').update(`mining:${planId}:${due.toISOString()}`).digest();
  const share = new D(digest.readUInt32BE(0)).div(0xffffffff);
  return new D(min).plus(new D(max).minus(min).times(share)).round(6, ROUND.down);
}
