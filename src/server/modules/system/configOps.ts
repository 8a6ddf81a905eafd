/**
 * The operator's commands on the served configuration: its status on every node, a reload, and the
 * published versions (configuration/history.ts): list, compare, restore.
 */
import { OpsError, type OpsCommand, type OpsOutput } from '../../area';
import { everyNodeConfig, type NodeConfigStatus } from '../../configuration/nodes';
import { ConfigCompileError } from '../../configuration/compile';
import { diffVersions } from '../../configuration/lineDiff';
import type { ConfigHistory, PublishedVersion } from '../../configuration/history';
import type { Services } from '../../context';
import { UNKNOWN_OPERATOR } from '../../ops/commands';

/** One node's configuration; `refused` lines name file, path and reason, one problem each, then the files held back. */
export function statusLines(s: NodeConfigStatus, reloaded: boolean, node = ''): string[] {
  const published = s.published ? `, published #${s.published.seq} by ${s.published.by}` : '';
  const lines = [`${node}serving configuration ${s.version} from ${s.dir}, loaded ${s.loadedAt}${published}${reloaded ? (s.changed ? ' (reloaded now)' : ' (no change)') : ''}`];
  if (s.refused) {
    lines.push(s.refused.atStart
      ? `${node}REFUSED AT START (${s.refused.problems.length} problem(s)) on ${s.refused.at}: the files in ${s.dir} are not served; the last good published version above is:`
      : `${node}the change of ${s.refused.at} was refused (${s.refused.problems.length} problem(s)); the configuration above keeps serving:`);
    for (const p of s.refused.problems) lines.push(`  ${p.file}: ${p.path}: ${p.reason}`);
    for (const b of s.refused.blocked) lines.push(`  held back until the problem(s) above are fixed: ${b.file}${b.by ? ` (saved by ${b.by})` : ''}`);
  }
  return lines;
}

/** This node's lines, then one block per other node; exit 1 when a node refused a change, did not answer or serves another version. */
async function configLines(services: Services, reload: boolean, operator?: string): Promise<OpsOutput> {
  const { here, others, unanswered } = await everyNodeConfig(services.realtime.cluster, services.configuration, reload, operator);
  const lines = [...statusLines(here, reload), ...others.flatMap((s) => statusLines(s, reload, 'another node: '))];
  const versions = new Set([here, ...others].map((s) => s.version));
  if (versions.size > 1) lines.push(`the nodes serve different versions (${[...versions].join(', ')}): make their CONFIG_DIRs agree, then npm run ops -- reload-config`);
  if (unanswered) lines.push(`not every node answered: ${unanswered}`);
  return { lines, exitCode: [here, ...others].some((s) => s.refused) || unanswered || versions.size > 1 ? 1 : 0 };
}

function historyOf(services: Services): ConfigHistory {
  const { history } = services.configuration;
  if (!history) throw new OpsError('this server keeps no configuration history');
  return history;
}

function found(history: ConfigHistory, ref: string): PublishedVersion {
  const v = history.find(ref);
  if (!v) throw new OpsError(`no published configuration version "${ref}" (give its number, e.g. 12, or its hash; see npm run ops -- config-history)`);
  return v;
}

const label = (v: PublishedVersion) => `#${v.seq} (${v.version})`;

export const configOps: OpsCommand[] = [
  {
    name: 'config-status',
    summary: 'the configuration each node serves (screens/, schemas/, i18n/) and the last refused change: file, JSON path or line:column, reason, and the files it holds back',
    run: (services) => configLines(services, false),
  },
  {
    name: 'reload-config', summary: 'reads the configuration folders again now, on every node (each node also watches its own)',
    run: (services, _args, caller) => configLines(services, true, caller?.operator),
  },
  {
    name: 'config-history',
    summary: 'the published configuration versions, newest first: number, hash, when, who, the files changed',
    async run(services) {
      const served = services.configuration.status().published?.seq;
      const lines = historyOf(services).list().reverse().map((v) => `#${v.seq} ${v.version} ${v.at} by ${v.by}${v.restoredFrom ? `, restore of #${v.restoredFrom}` : ''}${v.fromDraft ? ', from the draft' : ''}${v.seq === served ? ' (serving)' : ''}: ${v.changed.length ? v.changed.join(', ') : 'no file changed'}`);
      return { lines: lines.length ? lines : ['no configuration version published yet'] };
    },
  },
  {
    name: 'config-diff',
    args: [{ name: 'version', kind: 'word' }, { name: 'other', kind: 'word', optional: true }],
    summary: 'the unified diff from one published version to another (default: the one serving)',
    async run(services, args) {
      const history = historyOf(services);
      const from = found(history, String(args.version));
      const servedSeq = services.configuration.status().published?.seq;
      const to = args.other !== undefined ? found(history, String(args.other)) : servedSeq !== undefined ? found(history, String(servedSeq)) : undefined;
      if (!to) throw new OpsError('the serving configuration is not a published version: name the second version');
      const diff = diffVersions(history.files(from), history.files(to));
      return { lines: [`${label(from)} -> ${label(to)}`, ...(diff ? diff.replace(/\n$/, '').split('\n') : ['no difference'])] };
    },
  },
  {
    name: 'config-restore',
    args: [{ name: 'version', kind: 'word' }],
    summary: 'writes the files of a published version back into CONFIG_DIR, serves it and publishes it as a new version (a restore), on every node',
    async run(services, args, caller) {
      const operator = caller?.operator ?? UNKNOWN_OPERATOR;
      const v = found(historyOf(services), String(args.version));
      try {
        services.configuration.restore(v, operator);
      } catch (err) {
        if (!(err instanceof ConfigCompileError)) throw err;
        throw new OpsError(`${label(v)} cannot be served by this version of the code, nothing was written: ${err.problems.map((p) => `${p.file}: ${p.path}: ${p.reason}`).join('; ')}`);
      }
      const status = await configLines(services, true, operator);
      return { lines: [`restored ${label(v)} into ${services.configuration.dir}`, ...status.lines], exitCode: status.exitCode };
    },
  },
];
