/**
 * The IEO projects on the first start, from src/server/seeddata/earn.json (only while there are none, so
 * the operator's changes survive restarts), timed from the first start: one in progress, one in warm-up,
 * one done. A project distributes one of the platform's currencies. A mistake in the file stops the start.
 * Every start gives a project without an image its token's badge (logo.ts), seeded or added since.
 */
import type { Kysely } from 'kysely';
import { DAY_MS } from '../../kernel';
import { D } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { CURRENCIES } from '../../market/currencies';
import EARN from '../../seeddata/earn.json';
import { fillMissingLogos } from './logo';

interface ProjectSeed {
  name: string; currency: string; pay_currency: string; price: string; total: string; applied: string; min_amount: string; max_amount: string;
  lock_days: number; starts_in_days: number; days: number; listing_after_days: number; white_paper: string; website: string; intro: string;
}

export async function seedIeo(db: Kysely<DB>, now: Date, uploadsDir: string, projects: ProjectSeed[] = EARN.ieo): Promise<void> {
  const any = await db.selectFrom('ieo_projects').select('id').limit(1).executeTakeFirst();
  if (!any) await insertProjects(db, now, projects);
  await fillMissingLogos(db, uploadsDir);
}

async function insertProjects(db: Kysely<DB>, now: Date, projects: ProjectSeed[]): Promise<void> {
  const idOf = (name: string, i: number) => {
    const c = CURRENCIES.find((x) => x.name === name);
    if (!c) throw new Error(`seeddata/earn.json ieo[${i}]: no currency ${name}`);
    return c.id;
  };
  const rows = projects.map((p, i) => {
    const starts = now.getTime() + p.starts_in_days * DAY_MS;
    const ends = starts + p.days * DAY_MS;
    return {
      name: p.name, currency_id: idOf(p.currency, i), pay_currency_id: idOf(p.pay_currency, i), price: p.price, total: p.total, applied: p.applied,
      passed: ends <= now.getTime() ? (new D(p.applied).gt(p.total) ? p.total : p.applied) : '0', min_amount: p.min_amount, max_amount: p.max_amount, lock_days: p.lock_days,
      starts_at: new Date(starts), ends_at: new Date(ends), listing_at: new Date(ends + p.listing_after_days * DAY_MS),
      white_paper: p.white_paper, website: p.website, intro: p.intro,
      status: (ends <= now.getTime() ? 'done' : starts <= now.getTime() ? 'active' : 'warmup') as 'done' | 'active' | 'warmup', sort: i,
    };
  });
  if (rows.length) await db.insertInto('ieo_projects').values(rows).execute();
}
