/** Site configuration, settings, dialing codes, fiat rates; the operator's view of the served configuration. */
import { systemEndpoints } from '../../../shared/contract/system';
import { defineArea, type OpsOutput } from '../../area';
import { everyNodeConfig, type NodeConfigStatus } from '../../configuration/nodes';
import { systemHandlers } from './handlers';
import { seedSystem } from './seed';
import { sql } from 'kysely';
import type { Services } from '../../context';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../kernel';

/** One node's configuration; `refused` lines name file, path and reason, one problem each. */
function statusLines(s: NodeConfigStatus, reloaded: boolean, node = ''): string[] {
  const lines = [`${node}serving configuration ${s.version} from ${s.dir}, loaded ${s.loadedAt}${reloaded ? (s.changed ? ' (reloaded now)' : ' (no change)') : ''}`];
  if (s.refused) {
    lines.push(`${node}the change of ${s.refused.at} was refused (${s.refused.problems.length} problem(s)); the configuration above keeps serving:`);
    for (const p of s.refused.problems) lines.push(`  ${p.file}: ${p.path}: ${p.reason}`);
  }
  return lines;
}

/** This node's lines, then one block per other node; exit 1 when a node refused a change or did not answer. */
async function configLines(services: Services, reload: boolean): Promise<OpsOutput> {
  const { here, others, unanswered } = await everyNodeConfig(services.realtime.cluster, services.configuration, reload);
  const lines = [...statusLines(here, reload), ...others.flatMap((s) => statusLines(s, reload, 'another node: '))];
  if (unanswered) lines.push(`not every node answered: ${unanswered}`);
  return { lines, exitCode: [here, ...others].some((s) => s.refused) || unanswered ? 1 : 0 };
}

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
  ops: [
    {
      name: 'config-status',
      summary: 'the configuration each node serves (screens/, schemas/, i18n/) and the last refused change: file, JSON path or line:column, reason',
      run: (services) => configLines(services, false),
    },
    {
      name: 'reload-config', summary: 'reads the configuration folders again now, on every node (each node also watches its own)',
      run: (services) => configLines(services, true),
    },
  ],
});
