/**
 * `lockmining.yield` (every minute): pays each locked order every day due by now, at its dividend time, and
 * releases the principal with the last day. Days missed while the server was down are paid once each when it
 * runs again; a day already paid (by another node, by a run that was cut off and retried) is never paid twice
 * (orders.ts). At most BATCH orders per run: a run at a busy dividend time leaves the rest for the next minute.
 */
import { BALANCE_EVENT, EARN_EVENT } from '../../../shared/contract/events';
import { MINUTE, type JobDefinition, type JobRun } from '../../jobs/types';
import { lockUsers } from '../../ledger';
import { payDueDays } from './orders';

export const YIELD_JOB = 'lockmining.yield';
const BATCH = 500;

async function runYield(run: JobRun): Promise<void> {
  const due = await run.trx.selectFrom('mining_orders').select(['id', 'user_id'])
    .where('status', '=', 'locked').where('next_due_at', '<=', run.now)
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  const told = new Set<number>();
  for (const o of due) {
    await lockUsers(run.trx, [o.user_id]);
    if (await payDueDays(run.trx, o.id, run.now)) told.add(o.user_id);
  }
  run.afterCommit(() => {
    for (const user of told) {
      run.services.tell(user, EARN_EVENT);
      run.services.tell(user, BALANCE_EVENT);
    }
  });
}

export const miningJobs: JobDefinition[] = [{ name: YIELD_JOB, every: { everyMs: MINUTE, catchUp: 'latest' }, run: runYield }];
