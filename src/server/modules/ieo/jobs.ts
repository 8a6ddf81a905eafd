/**
 * `ieo.progress` (every minute): moves projects from warm-up to in progress to done as their times
 * come, allocates the applications of done projects (pro rata when oversubscribed, the rest refunded) and
 * releases tokens whose lock period is over, at most BATCH applications a run (the rest the next minute).
 */
import { BALANCE_EVENT, EARN_EVENT } from '../../../shared/contract/events';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { allocateOrder, releaseOrder } from './orders';
import { moveStates } from './projects';
import { forEachDue, MINUTE_MS } from '../../kernel';

const BATCH = 500;

async function runProgress(run: JobRun): Promise<void> {
  await moveStates(run.trx, run.now);
  const applied = await run.trx.selectFrom('ieo_orders').innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
    .select(['ieo_orders.id', 'ieo_orders.user_id']).where('ieo_orders.status', '=', 'applied').where('ieo_projects.status', '=', 'done')
    .orderBy('ieo_orders.user_id').orderBy('ieo_orders.id').limit(BATCH).execute();
  const due = await run.trx.selectFrom('ieo_orders').select(['id', 'user_id']).where('status', '=', 'allocated').where('release_at', '<=', run.now)
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  const work = [...applied.map((o) => ({ ...o, step: allocateOrder })), ...due.map((o) => ({ ...o, step: releaseOrder }))];
  await forEachDue(run, work, (o) => o.step(run.trx, o.id, run.now), [EARN_EVENT, BALANCE_EVENT]);
}

export const ieoJobs: JobDefinition[] = [{ name: 'ieo.progress', every: { everyMs: MINUTE_MS, catchUp: 'latest' }, run: runProgress }];
