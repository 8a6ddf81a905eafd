/** Site configuration, settings, dialing codes, fiat rates; the operator's view of the served configuration. */
import { systemEndpoints } from '../../../shared/contract/system';
import { defineArea, type OpsOutput } from '../../area';
import type { ConfigStatus } from '../../configuration/store';
import { systemHandlers } from './handlers';
import { HOUR } from '../../jobs/types';

/** The configuration's state; `refused` lines name file, path and reason, one problem each (exit 1). */
function configLines(s: ConfigStatus & { changed?: boolean }, reloaded: boolean): OpsOutput {
  const lines = [`serving configuration ${s.version} from ${s.dir}, loaded ${s.loadedAt}${reloaded ? (s.changed ? ' (reloaded now)' : ' (no change)') : ''}`];
  if (s.refused) {
    lines.push(`the change of ${s.refused.at} was refused (${s.refused.problems.length} problem(s)); the configuration above keeps serving:`);
    for (const p of s.refused.problems) lines.push(`  ${p.file}: ${p.path}: ${p.reason}`);
  }
  return { lines, exitCode: s.refused ? 1 : 0 };
}

export const systemArea = defineArea({
  name: 'system',
  endpoints: systemEndpoints,
  handlers: systemHandlers,
  jobs: [{
    name: 'system.purge_throttle',
    every: { everyMs: HOUR, catchUp: 'latest' },
    async run({ trx, now }) {
      await trx.deleteFrom('throttle_counters').where('expires_at', '<=', now).execute();
    },
  }],
  ops: [
    {
      name: 'config-status',
      summary: 'the configuration being served (screens/, schemas/, i18n/) and the last refused change: file, JSON path or line:column, reason',
      run: async (services) => configLines(services.configuration.status(), false),
    },
    {
      name: 'reload-config', summary: 'reads the configuration folders again now (the server also watches them)',
      run: async (services) => configLines(services.configuration.reload(), true),
    },
  ],
});
