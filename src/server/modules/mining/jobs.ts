/**
 * `mining.yield` (every minute): pays each locked order every day due by now, at its dividend time, and
 * releases the principal with the last day. Days missed while the server was down are paid once each when it
 * runs again; a day already paid (by another node, by a run that was cut off and retried) is never paid twice
 * (orders.ts). At most BATCH orders per run: a run at a busy dividend time leaves the rest for the next minute.
 */
import { BALANCE_EVENT, EARN_EVENT } from '../../../shared/contract/events';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { payDueDays } from './orders';
import { forEachDue, MINUTE_MS } from '../../kernel';

const BATCH = 500;

async function runYield(run: JobRun): Promise<void> {
  const due = await run.trx.selectFrom('mining_orders').select(['id', 'user_id'])
    .where('status', '=', 'locked').where('next_due_at', '<=', run.now)
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  await forEachDue(run, due, (o) => payDueDays(run.trx, o.id, run.now), [EARN_EVENT, BALANCE_EVENT]);
}

export const miningJobs: JobDefinition[] = [{ name: 'mining.yield', every: { everyMs: MINUTE_MS, catchUp: 'latest' }, run: runYield }];
