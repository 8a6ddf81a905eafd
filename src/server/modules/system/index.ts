/** Site configuration, settings, dialing codes, fiat rates; the operator's view of the served configuration. */
import { systemEndpoints } from '../../../shared/contract/system';
import { defineArea } from '../../area';
import { configOps } from './configOps';
import { previewOps } from './previewOps';
import { systemHandlers } from './handlers';
import { seedSystem } from './seed';
import { sql } from 'kysely';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../kernel';

export const systemArea = defineArea({
  name: 'system',
  endpoints: systemEndpoints,
  seed: seedSystem,
  handlers: systemHandlers,
  jobs: [{
    name: 'system.purge_throttle',
    every: { everyMs: HOUR_MS, catchUp: 'latest' },
    async run({ trx, now }) {
      await trx.deleteFrom('throttle_counters').where('expires_at', '<=', now).execute();
    },
  }, {
    // The trigger jobs of trading run every second: their done runs are kept a day, then dropped. Each job's
    // latest run stays whatever its age: the scheduler counts the runs a job owes from it.
    name: 'system.purge_job_runs',
    every: { everyMs: HOUR_MS, offsetMs: 5 * MINUTE_MS, catchUp: 'latest' },
    async run({ trx, now }) {
      await sql`delete from job_runs as old where old.done_at is not null and old.due_at < ${new Date(now.getTime() - DAY_MS)}
        and old.due_at < (select max(latest.due_at) from job_runs as latest where latest.name = old.name)`.execute(trx);
    },
  }],
  ops: [...configOps, ...previewOps],
});
