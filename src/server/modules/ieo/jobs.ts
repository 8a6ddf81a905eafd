/**
 * `ieoprojects.progress` (every minute): moves projects from warm-up to in progress to done as their times
 * come, allocates the applications of done projects (pro rata when oversubscribed, the rest refunded) and
 * releases tokens whose lock period is over, at most BATCH applications a run (the rest the next minute).
 */
import { BALANCE_EVENT, EARN_EVENT } from '../../../shared/contract/events';
import { MINUTE, type JobDefinition, type JobRun } from '../../jobs/types';
import { lockUsers } from '../../ledger';
import { allocateOrder, releaseOrder } from './orders';
import { moveStates } from './projects';

export const IEO_JOB = 'ieoprojects.progress';
const BATCH = 500;

async function runProgress(run: JobRun): Promise<void> {
  await moveStates(run.trx, run.now);
  const told = new Set<number>();
  const applied = await run.trx.selectFrom('ieo_orders').innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
    .select(['ieo_orders.id', 'ieo_orders.user_id']).where('ieo_orders.status', '=', 'applied').where('ieo_projects.status', '=', 'done')
    .orderBy('ieo_orders.user_id').orderBy('ieo_orders.id').limit(BATCH).execute();
  const due = await run.trx.selectFrom('ieo_orders').select(['id', 'user_id']).where('status', '=', 'allocated').where('release_at', '<=', run.now)
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  // Every user's row once, in one order (ledger/locks.ts), before any of their money moves.
  await lockUsers(run.trx, [...applied, ...due].map((o) => o.user_id));
  for (const o of applied) if (await allocateOrder(run.trx, o.id, run.now)) told.add(o.user_id);
  for (const o of due) if (await releaseOrder(run.trx, o.id, run.now)) told.add(o.user_id);
  run.afterCommit(() => {
    for (const user of told) {
      run.services.tell(user, EARN_EVENT);
      run.services.tell(user, BALANCE_EVENT);
    }
  });
}

export const ieoJobs: JobDefinition[] = [{ name: IEO_JOB, every: { everyMs: MINUTE, catchUp: 'latest' }, run: runProgress }];
