/**
 * `dual.settle` (every minute): matures the products due by now (the reference price recorded once for
 * a product with orders; one without is closed without asking the market, which would have to strike every
 * second since it last ran) and pays their orders, at most BATCH a run (the rest the next minute). Paid users
 * are told over their private room. Renewing series open their next round when the products are read
 * (products.ts), so that a server nobody asks does not run the market for them.
 */
import { BALANCE_EVENT, EARN_EVENT } from '../../../shared/contract/events';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { matureProduct, payOrder } from './orders';
import { forEachDue, MINUTE_MS } from '../../kernel';

const BATCH = 500;

async function runSettle(run: JobRun): Promise<void> {
  const due = await run.trx.selectFrom('dual_products').selectAll().where('status', '=', 'open').where('settle_at', '<=', run.now)
    .orderBy('settle_at').limit(20).execute();
  for (const p of due) await matureProduct(run.trx, run.services.market, p);
  const orders = await run.trx.selectFrom('dual_orders').select(['id', 'user_id']).where('status', '=', 'settlement')
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  await forEachDue(run, orders, (o) => payOrder(run.trx, o.id, run.now), [EARN_EVENT, BALANCE_EVENT]);
}

export const dualJobs: JobDefinition[] = [{ name: 'dual.settle', every: { everyMs: MINUTE_MS, catchUp: 'latest' }, run: runSettle }];
