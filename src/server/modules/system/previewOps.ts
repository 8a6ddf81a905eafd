/**
 * The operator's commands on the draft configuration (configuration/preview.ts): open it, see what it holds
 * and what is wrong with it, get the preview link, publish it, discard it. The draft lives on the node that
 * ran `draft-open` (DATA_DIR/config-draft).
 */
import { OpsError, type OpsCaller, type OpsCommand, type OpsOutput } from '../../area';
import { ConfigCompileError } from '../../configuration/compile';
import { DraftRefused, type ConfigPreview, type DraftStatus } from '../../configuration/preview';
import type { Services } from '../../context';
import { UNKNOWN_OPERATOR } from '../../ops/commands';
import { statusLines } from './configOps';

const problemText = (err: ConfigCompileError) => err.problems.map((p) => `  ${p.file}: ${p.path}: ${p.reason}`);

/** Runs `fn` on the preview; its refusals become the command's (exit code 1, said as is). */
function onPreview<T>(services: Services, fn: (preview: ConfigPreview) => T): T {
  try {
    return fn(services.preview);
  } catch (err) {
    if (err instanceof DraftRefused) throw new OpsError(err.message);
    throw err;
  }
}

/** What the draft is, what it changes, and each problem of its last refused change; exit 1 while it has one. */
function draftLines(s: DraftStatus): OpsOutput {
  const lines = [`draft in ${s.dir}, opened ${s.info.openedAt} by ${s.info.openedBy} from ${s.info.base}${s.info.baseSeq ? ` (#${s.info.baseSeq})` : ''}`];
  if (s.draft) lines.push(...statusLines(s.draft, false).map((l) => l.replace(/^serving configuration/, 'previewing draft')));
  if (s.refusedAtStart) {
    lines.push(`the draft was REFUSED (${s.refusedAtStart.length} problem(s)); nothing of it is previewed until they are fixed:`);
    lines.push(...s.refusedAtStart.map((p) => `  ${p.file}: ${p.path}: ${p.reason}`));
  }
  lines.push(s.changed.length ? `changed from the published configuration: ${s.changed.join(', ')}` : 'no file changed from the published configuration yet');
  if (s.behind) lines.push('the published configuration changed since the draft was opened: publishing the draft would undo that change (see docs/operators.md, "Preview before publishing")');
  return { lines, exitCode: s.draft?.refused || s.refusedAtStart ? 1 : 0 };
}

const operatorOf = (caller?: OpsCaller) => caller?.operator ?? UNKNOWN_OPERATOR;

export const previewOps: OpsCommand[] = [
  {
    name: 'draft-open',
    summary: 'copies the served configuration into a draft folder to edit; only a preview session (preview-link) sees it',
    async run(services, _args, caller) {
      const status = onPreview(services, (p) => p.open(operatorOf(caller)));
      return { lines: [`draft opened: edit the files in ${status.dir} (screens/, schemas/, i18n/), then npm run ops -- preview-link`] };
    },
  },
  {
    name: 'draft-status',
    summary: 'reads the draft folder again: what it changes, and each problem of a refused change (file, JSON path or line:column, reason)',
    run: async (services, _args, caller) => draftLines(onPreview(services, (p) => p.reload(operatorOf(caller)))),
  },
  {
    name: 'preview-link',
    args: [{ name: 'site', kind: 'word', optional: true }],
    summary: 'a secret link that makes a browser a preview session of the draft (give the site\'s address, e.g. https://app.example.com; default: this server\'s)',
    async run(services, args, caller) {
      const site = String(args.site ?? caller?.site ?? '');
      if (!/^https?:\/\/[^\s/]+/.test(site)) throw new OpsError(`${site || 'no address'} is not a site address such as https://app.example.com`);
      const link = onPreview(services, (p) => p.link(site));
      return { lines: [link, 'open it in a browser: that browser sees the draft, with a "Preview" marker, until the draft is published or discarded; keep the link secret'] };
    },
  },
  {
    name: 'publish',
    args: [{ name: 'force', kind: 'word', optional: true }],
    summary: 'checks the draft again and publishes it: writes it into CONFIG_DIR as a new version (with who) and ends the draft; --force publishes a draft opened before the last published change',
    async run(services, args, caller) {
      if (args.force !== undefined && args.force !== '--force') throw new OpsError(`unknown option ${args.force}: the only one is --force`);
      try {
        const outcome = onPreview(services, (p) => p.publish(operatorOf(caller), args.force === '--force'));
        return { lines: [`published the draft as #${outcome.published?.seq} (${outcome.version}) into ${services.configuration.dir}; the draft is closed`] };
      } catch (err) {
        if (!(err instanceof ConfigCompileError)) throw err;
        return { lines: [`refused: the draft has ${err.problems.length} problem(s), nothing was published:`, ...problemText(err)], exitCode: 1 };
      }
    },
  },
  {
    name: 'draft-discard',
    summary: 'drops the draft; preview sessions see the published configuration again',
    async run(services, _args, caller) {
      onPreview(services, (p) => p.discard(operatorOf(caller)));
      return { lines: ['draft discarded'] };
    },
  },
];
