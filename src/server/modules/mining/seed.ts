/**
 * The lock-mining plans on the first start, from src/server/seeddata/earn.json (only while there are none,
 * so the operator's changes survive restarts). A mistake in the file stops the start with its place.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { CURRENCIES } from '../../market/currencies';
import EARN from '../../seeddata/earn.json';

interface PlanSeed {
  currency: string; min_amount: string; max_amount: string; daily_rate_min: string; daily_rate_max: string;
  lock_days: number; dividend_time: string; early_ratio: string;
}

export async function seedMining(db: Kysely<DB>, plans: PlanSeed[] = EARN.mining): Promise<void> {
  const rows = plans.map((p, i) => {
    const currency = CURRENCIES.find((c) => c.name === p.currency);
    if (!currency) throw new Error(`seeddata/earn.json mining[${i}]: no currency ${p.currency}`);
    const time = /^(\d{2}):(\d{2})$/.exec(p.dividend_time);
    if (!time) throw new Error(`seeddata/earn.json mining[${i}]: dividend_time ${p.dividend_time} is not HH:MM`);
    return {
      currency_id: currency.id, min_amount: p.min_amount, max_amount: p.max_amount, daily_rate_min: p.daily_rate_min, daily_rate_max: p.daily_rate_max,
      lock_days: p.lock_days, dividend_minute: Number(time[1]) * 60 + Number(time[2]), early_ratio: p.early_ratio, sort: i,
    };
  });
  const any = await db.selectFrom('mining_plans').select('id').limit(1).executeTakeFirst();
  if (!any && rows.length) await db.insertInto('mining_plans').values(rows).execute();
}
