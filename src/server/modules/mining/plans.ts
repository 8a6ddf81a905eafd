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
import type { MessageValues } from '../../i18n';
import { currencyById, plain } from '../../kernel';

export type PlanRow = Selectable<DB['mining_plans']>;

/** "00:00" from minutes after midnight UTC. */
export const clockTime = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A rate (a fraction: 0.003) as the wire's percent ("0.3"). */
export const percent = (rate: string) => new D(rate).times(100).toFixed();

/** Formats a message in the request's language (RequestContext.t). */
export type Translate = (key: string, values?: MessageValues) => string;

/** A plan as the platform's screens read it (MINING_PLAN); `intro` is a sentence built from its figures. */
export function planView(row: PlanRow, t: Translate) {
  const currency = currencyById(row.currency_id).name;
  const view = {
    id: row.id, currency_id: row.currency_id, currency_name: currency, category: row.category,
    save_min: plain(row.min_amount), save_max: plain(row.max_amount), day: row.lock_days,
    interest_rate: percent(row.daily_rate_min), interest_rate_max: percent(row.daily_rate_max),
    dividend_time: clockTime(row.dividend_minute), early_percent: percent(row.early_ratio),
  };
  const intro = t('mining.plan_intro', {
    min: view.save_min, currency, days: view.day, rate_min: view.interest_rate, rate_max: view.interest_rate_max,
    fixed: view.interest_rate === view.interest_rate_max ? 'yes' : 'no', time: view.dividend_time, early: view.early_percent,
  });
  return { ...view, intro };
}

/** The plans open for orders (those of `category`, or the one of `id`), in the operator's order. */
export function openPlans(db: Kysely<DB>, id?: number, category?: PlanRow['category']): Promise<PlanRow[]> {
  let q = db.selectFrom('mining_plans').selectAll().where('enabled', '=', true);
  if (id !== undefined) q = q.where('id', '=', id);
  if (category !== undefined) q = q.where('category', '=', category);
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
