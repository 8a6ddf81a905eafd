/**
 * The mining plans on the first start, from src/server/seeddata/earn.json: those of a category (lock when the
 * file names none, defi, cloud) only while the category has none, so the operator's changes survive restarts and
 * an install from before the categories gains their plans once. A mistake in the file stops the start with its place.
 */
import type { Kysely } from 'kysely';
import { MINING_CATEGORIES, type MiningCategory } from '../../../shared/contract/mining';
import type { DB } from '../../db';
import { CURRENCIES } from '../../market/currencies';
import EARN from '../../seeddata/earn.json';

interface PlanSeed {
  category?: string; currency: string; min_amount: string; max_amount: string; daily_rate_min: string; daily_rate_max: string;
  lock_days: number; dividend_time: string; early_ratio: string;
}

export async function seedMining(db: Kysely<DB>, plans: PlanSeed[] = EARN.mining): Promise<void> {
  const rows = plans.map((p, i) => {
    const currency = CURRENCIES.find((c) => c.name === p.currency);
    if (!currency) throw new Error(`seeddata/earn.json mining[${i}]: no currency ${p.currency}`);
    const category = (p.category ?? 'lock') as MiningCategory;
    if (!MINING_CATEGORIES.includes(category)) throw new Error(`seeddata/earn.json mining[${i}]: category ${p.category} is not one of ${MINING_CATEGORIES.join(', ')}`);
    const time = /^(\d{2}):(\d{2})$/.exec(p.dividend_time);
    if (!time) throw new Error(`seeddata/earn.json mining[${i}]: dividend_time ${p.dividend_time} is not HH:MM`);
    return {
      category, currency_id: currency.id, min_amount: p.min_amount, max_amount: p.max_amount, daily_rate_min: p.daily_rate_min, daily_rate_max: p.daily_rate_max,
      lock_days: p.lock_days, dividend_minute: Number(time[1]) * 60 + Number(time[2]), early_ratio: p.early_ratio, sort: i,
    };
  });
  const seeded = new Set((await db.selectFrom('mining_plans').select('category').distinct().execute()).map((r) => r.category));
  const missing = rows.filter((r) => !seeded.has(r.category));
  if (missing.length) await db.insertInto('mining_plans').values(missing).execute();
}
