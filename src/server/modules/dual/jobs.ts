/**
 * `dualinvest.settle` (every minute): matures the products due by now (the reference price recorded once for
 * a product with orders; one without is closed without asking the market, which would have to strike every
 * second since it last ran) and pays their orders, at most BATCH a run (the rest the next minute). Paid users
 * are told over their private room. Renewing series open their next round when the products are read
 * (products.ts), so that a server nobody asks does not run the market for them.
 */
import { BALANCE_EVENT, EARN_EVENT } from '../../../shared/contract/events';
import { MINUTE, type JobDefinition, type JobRun } from '../../jobs/types';
import { lockUsers } from '../../ledger';
import { matureProduct, payOrder } from './orders';

export const DUAL_JOB = 'dualinvest.settle';
const BATCH = 500;

async function runSettle(run: JobRun): Promise<void> {
  const due = await run.trx.selectFrom('dual_products').selectAll().where('status', '=', 'open').where('settle_at', '<=', run.now)
    .orderBy('settle_at').limit(20).execute();
  for (const p of due) await matureProduct(run.trx, run.services.market, p);
  const orders = await run.trx.selectFrom('dual_orders').select(['id', 'user_id']).where('status', '=', 'settlement')
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  const told = new Set<number>();
  for (const o of orders) {
    await lockUsers(run.trx, [o.user_id]);
    if (await payOrder(run.trx, o.id, run.now)) told.add(o.user_id);
  }
  run.afterCommit(() => {
    for (const user of told) {
      run.services.tell(user, EARN_EVENT);
      run.services.tell(user, BALANCE_EVENT);
    }
  });
}

export const dualJobs: JobDefinition[] = [{ name: DUAL_JOB, every: { everyMs: MINUTE, catchUp: 'latest' }, run: runSettle }];
