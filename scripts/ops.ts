/**
 * `npm run ops -- <command>`: the operator's back-office steps against the running server (DESIGN "ops/").
 *   deposits                         deposits under review
 *   approve-deposit <id>             credit a deposit to the user's spot account
 *   reject-deposit <id> <reason...>  refuse a deposit, telling the user why
 *   withdrawals                      withdrawals under review
 *   pay-withdrawal <id>              pay a withdrawal out (amount minus fee leaves, the fee stays with the platform)
 *   reject-withdrawal <id> <reason>  refuse a withdrawal; the amount is unfrozen
 *   identity                         identity verification (KYC) submissions under review, with what was submitted
 *   approve-identity <id>            verify the user at the submission's level (Lv1 or Lv2)
 *   reject-identity <id> <reason>    refuse a submission, telling the user why (the level already reached stays)
 *   config-status                    the configuration being served (screens/, schemas/, i18n/) and the last
 *                                    refused change: file, JSON path or line:column, reason
 *   reload-config                    reads the configuration folders again now (the server also watches them)
 * The server writes its address and a token to DATA_DIR/ops.json when it starts (DATA_DIR as for npm start).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { OPS_FILE, OPS_TOKEN_HEADER } from '../src/server/ops/http';

const USAGE = 'usage: npm run ops -- deposits | approve-deposit <id> | reject-deposit <id> <reason>'
  + ' | withdrawals | pay-withdrawal <id> | reject-withdrawal <id> <reason>'
  + ' | identity | approve-identity <id> | reject-identity <id> <reason> | config-status | reload-config';

interface Reply { ok: boolean; data?: unknown; error?: string }

async function call(dataDir: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<Reply> {
  const file = path.join(dataDir, OPS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} not found: is the server running (npm start) with this DATA_DIR?`);
  const { url, token } = JSON.parse(fs.readFileSync(file, 'utf8')) as { url: string; token: string };
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { [OPS_TOKEN_HEADER]: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 404) throw new Error('the server refused the ops token (restarted since? it writes a new ops.json on each start)');
  return (await res.json()) as Reply;
}

type Row = Record<string, string | number>;
const describe = (r: Row) => `#${r.id}  ${r.username}  ${r.amount} (currency ${r.currency_id}, ${r.chain})`;

/** Lv1: the document's details; Lv2: the photos (served by the server at these paths). */
function identityLine(r: Row): string {
  const what = Number(r.level) === 1
    ? `${r.id_type} ${r.card_id}  ${r.first_name} ${r.last_name}  address: ${r.address}`
    : `front ${r.front_pic}  back ${r.reverse_pic}  holding ${r.hand_pic}`;
  return `#${r.id}  ${r.username}  Lv${r.level} (now Lv${r.real_level})  ${what}  ${new Date(r.created_at).toISOString()}`;
}

/** The commands: a listing or a decision on one item (with a reason when rejecting). */
const COMMANDS: Record<string, { list?: string; act?: string; reason?: boolean; done: string; line?: (r: Row) => string }> = {
  deposits: { list: '/ops/deposits', done: 'no deposits under review', line: (r) => `${describe(r)}  voucher ${r.voucher}  ${new Date(r.created_at).toISOString()}` },
  'approve-deposit': { act: '/ops/deposits/:id/approve', done: 'deposit #:id approved and credited' },
  'reject-deposit': { act: '/ops/deposits/:id/reject', reason: true, done: 'deposit #:id rejected' },
  withdrawals: { list: '/ops/withdrawals', done: 'no withdrawals under review', line: (r) => `${describe(r)}  fee ${r.fee}  to ${r.destination} ${r.address}  ${new Date(r.created_at).toISOString()}\n      pay to: ${r.payee}` },
  'pay-withdrawal': { act: '/ops/withdrawals/:id/pay', done: 'withdrawal #:id paid out' },
  'reject-withdrawal': { act: '/ops/withdrawals/:id/reject', reason: true, done: 'withdrawal #:id rejected and unfrozen' },
  identity: { list: '/ops/identity', done: 'no identity submissions under review', line: identityLine },
  'approve-identity': { act: '/ops/identity/:id/approve', done: 'identity submission #:id approved' },
  'reject-identity': { act: '/ops/identity/:id/reject', reason: true, done: 'identity submission #:id rejected' },
};

interface ConfigStatus {
  dir: string; version: string; loadedAt: string; changed?: boolean;
  refused?: { at: string; problems: { file: string; path: string; reason: string }[] };
}

/** The configuration's state; `refused` lines name file, path and reason, one problem each. */
function configLines(s: ConfigStatus, reloaded: boolean): string[] {
  const lines = [`serving configuration ${s.version} from ${s.dir}, loaded ${s.loadedAt}${reloaded ? (s.changed ? ' (reloaded now)' : ' (no change)') : ''}`];
  if (s.refused) {
    lines.push(`the change of ${s.refused.at} was refused (${s.refused.problems.length} problem(s)); the configuration above keeps serving:`);
    for (const p of s.refused.problems) lines.push(`  ${p.file}: ${p.path}: ${p.reason}`);
  }
  return lines;
}

/** Runs one command; returns the process exit code. */
export async function runOps(args: string[], dataDir = loadConfig().dataDir, out: (line: string) => void = console.log): Promise<number> {
  const [name, idArg, ...rest] = args;
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, name ?? '') ? COMMANDS[name] : undefined;
  const id = Number(idArg);
  const reason = rest.join(' ').trim();
  let reply: Reply;
  if ((name === 'config-status' || name === 'reload-config') && !idArg) {
    reply = name === 'config-status' ? await call(dataDir, 'GET', '/ops/config') : await call(dataDir, 'POST', '/ops/config/reload');
    if (!reply.ok) { out(`refused: ${reply.error}`); return 1; }
    const status = reply.data as ConfigStatus;
    for (const line of configLines(status, name === 'reload-config')) out(line);
    return status.refused ? 1 : 0;
  }
  if (command?.list && !idArg) {
    reply = await call(dataDir, 'GET', command.list);
    if (reply.ok) {
      const rows = reply.data as Row[];
      if (!rows.length) out(command.done);
      for (const r of rows) out(command.line!(r));
    }
  } else if (command?.act && Number.isInteger(id) && id > 0 && (command.reason ? reason !== '' : rest.length === 0)) {
    reply = await call(dataDir, 'POST', command.act.replace(':id', String(id)), command.reason ? { reason } : undefined);
    if (reply.ok) out(command.done.replace(':id', String(id)));
  } else {
    out(USAGE);
    return 2;
  }
  if (!reply.ok) out(`refused: ${reply.error}`);
  return reply.ok ? 0 : 1;
}

if (require.main === module) {
  runOps(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
