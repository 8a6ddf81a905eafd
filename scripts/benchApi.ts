/**
 * The API table: loopback requests/s and p99 under autocannon (50 connections, BENCH_SECONDS each, default
 * 10; the load runs in a child process, benchTradingLoad.ts) of
 * - a bare Fastify server answering `{ type: 'ok', message: {} }` (benchBareFastify.ts, a process of its own),
 *   the baseline, loaded for half as long before the first row and after each row of the app; a row is judged
 *   against the mean of the runs around it, since the machine's speed drifts;
 * - the app's `GET /currency/quotation_new`, `GET /getSiteConfig`, `GET /user/info` (each connection a
 *   logged-in user) and the trading endpoints (benchTrading.ts), each as a share of the bare runs around it;
 * on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the test database, in a schema of its own dropped
 * after; skipped with the reason when unreachable). The app runs in this process as `npm start` runs it
 * (NODE_ENV=production, set before the server modules load) with the per-address request limit lifted,
 * since every connection comes from one address. Requests send Accept-Encoding as a browser does.
 * Run alone: `npx ts-node scripts/benchApi.ts`.
 */
import './benchProduction';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { freePort, heading, median, ms, percent, reason, ROOT, sleep, table, verdict } from './benchCommon';
import { POSTGRES, postgresProblem } from './benchPostgres';
import { fundedUsers, TRADE_LOADS, TRADE_TARGET, tradingAfterLoad } from './benchTrading';
import { loadHeaders, type LoadResult, type LoadTask } from './benchTradingLoad';

const run = promisify(execFile);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The least share of the bare Fastify server's requests/s (Row.target `sharePostgres`: judged on PostgreSQL only). */
const SHARE_TARGET = 25;
/** The bare server's runs between the rows (the machine's speed drifts within a table). */
const BARE_SECONDS = Math.max(2, Math.round(SECONDS / 2));

type Kind = 'PGlite' | 'PostgreSQL';
interface Row { name: string; method: 'GET' | 'POST'; path: string; bodies: string[]; auth: boolean; target?: 'share' | 'sharePostgres' | 'trade' }

const READS: Row[] = [
  { name: 'GET /currency/quotation_new', method: 'GET', path: '/api/currency/quotation_new', bodies: [''], auth: false, target: 'share' },
  { name: 'GET /getSiteConfig', method: 'GET', path: '/api/getSiteConfig', bodies: [''], auth: false, target: 'sharePostgres' },
  { name: 'GET /user/info (logged in)', method: 'GET', path: '/api/user/info', bodies: [''], auth: true, target: 'sharePostgres' },
];
const ROWS: Row[] = [...READS, ...TRADE_LOADS.map((t): Row => ({ ...t, auth: true, target: 'trade' }))];

async function load(url: string, row: Pick<Row, 'method' | 'path' | 'bodies'>, tokens: string[], seconds = SECONDS): Promise<LoadResult> {
  const task: LoadTask = { url, method: row.method, path: row.path, bodies: row.bodies, tokens, connections: CONNECTIONS, seconds };
  const { stdout } = await run(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', path.join(__dirname, 'benchTradingLoad.ts'), JSON.stringify(task)],
    { cwd: ROOT, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
}

/** One request as the load sends it: undefined when answered `{ type: 'ok' }`, else what came back. */
async function answerProblem(url: string, row: Row, token?: string): Promise<string | undefined> {
  const res = await fetch(`${url}${row.path}`, {
    method: row.method, headers: loadHeaders(row.method, token), body: row.method === 'POST' ? row.bodies[0] : undefined,
  });
  const text = await res.text();
  try {
    if (res.ok && (JSON.parse(text) as { type?: string }).type === 'ok') return undefined;
  } catch { /* not JSON */ }
  return `HTTP ${res.status} ${text.slice(0, 160)}`;
}

/** The bare Fastify server in a process of its own, running beside the app for the whole table. */
async function startBare(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', path.join(__dirname, 'benchBareFastify.ts')], {
    cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the bare Fastify server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop: () => { child.kill('SIGKILL'); } };
    } catch { /* not up yet */ }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the bare Fastify server did not answer within 60 s');
}

const BARE_ROW = { method: 'GET' as const, path: '/', bodies: [''] };

async function startApp(kind: Kind, dataDir: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    dataDir, distDir: path.join(ROOT, 'dist'), logger: pino({ level: 'warn' }), seed: { demo: false }, watchConfig: false,
    ...(kind === 'PostgreSQL' ? { databaseUrl: POSTGRES, isolatedSchema: true } : { databaseUrl: '' }),
    limits: { requestsPerClient: { max: 100_000_000, windowMs: 60_000 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.services.market();
  app.services.jobs.start();
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

function targetText(row: Row, kind: Kind, r: LoadResult, bareRequestsPerS: number): string {
  const share = (r.requestsPerS / bareRequestsPerS) * 100;
  if (row.target === 'share' || (row.target === 'sharePostgres' && kind === 'PostgreSQL')) {
    return `>= ${SHARE_TARGET}% of bare: ${verdict(share >= SHARE_TARGET)}`;
  }
  if (row.target === 'trade' && kind === 'PostgreSQL') {
    return `>= ${TRADE_TARGET.tradesPerS}/s, p99 < ${TRADE_TARGET.p99Ms} ms: ${verdict(r.requestsPerS >= TRADE_TARGET.tradesPerS && r.p99 < TRADE_TARGET.p99Ms)}`;
  }
  return '';
}

/** The table of one database; false when something failed (an endpoint's error answer, a ledger mismatch). */
async function onDatabase(kind: Kind): Promise<boolean> {
  const bare = await startBare();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  let started: Awaited<ReturnType<typeof startApp>> | undefined;
  let ok = true;
  try {
    started = await startApp(kind, dataDir);
    const { app, url } = started;
    const tokens = await fundedUsers(app, CONNECTIONS);
    // bare, row, bare, row, ..., row, bare: each row is judged against the mean of the bare runs around it.
    const bares: LoadResult[] = [await load(bare.url, BARE_ROW, [], BARE_SECONDS)];
    const measured: Array<{ row: Row; r: LoadResult; before: LoadResult; after: LoadResult } | { row: Row; problem: string }> = [];
    for (const row of ROWS) {
      const problem = await answerProblem(url, row, row.auth ? tokens[0] : undefined);
      if (problem) { measured.push({ row, problem }); continue; }
      const r = await load(url, row, row.auth ? tokens : []);
      const before = bares[bares.length - 1];
      bares.push(await load(bare.url, BARE_ROW, [], BARE_SECONDS));
      measured.push({ row, r, before, after: bares[bares.length - 1] });
    }
    const siteConfig = measured.find((m) => m.row.path === '/api/getSiteConfig' && 'r' in m);
    const rows = measured.map((m) => {
      if ('problem' in m) {
        ok = false;
        return [m.row.name, '-', '-', '-', '-', '', '', `not measured: ${m.problem}`];
      }
      const { row, r } = m;
      const base = (m.before.requestsPerS + m.after.requestsPerS) / 2;
      const ofSiteConfig = row.target === 'trade' && siteConfig && 'r' in siteConfig ? percent(r.requestsPerS, siteConfig.r.requestsPerS) : '';
      return [row.name, r.requestsPerS.toFixed(0), String(r.p99), base.toFixed(0), percent(r.requestsPerS, base),
        ofSiteConfig, failures(r), targetText(row, kind, r, base)];
    });
    const bareRates = bares.map((b) => b.requestsPerS);
    const bareRow = ['bare Fastify GET / (baseline)', median(bareRates).toFixed(0), ms(median(bares.map((b) => b.p99))), '', '100%', '',
      bares.map(failures).filter(Boolean).join('; '), `median of ${bares.length} runs of ${BARE_SECONDS} s (${Math.min(...bareRates).toFixed(0)}-${Math.max(...bareRates).toFixed(0)}/s)`];
    heading(`API on ${kind}`,
      `autocannon, ${CONNECTIONS} connections for ${SECONDS} s per row (logged-in rows: one user per connection), on loopback, with`,
      'Accept-Encoding as a browser sends it. The bare Fastify server (its own process) is loaded for',
      `${BARE_SECONDS} s before the first row and after each row: "bare req/s" is the mean of the runs before and after the`,
      'row (the machine\'s speed drifts), "vs bare" the row\'s requests/s as a share of it;',
      '"vs config": a trading row\'s requests/s as a share of GET /getSiteConfig.');
    table(['endpoint', 'req/s', 'p99 ms', 'bare req/s', 'vs bare', 'vs config', 'failed', 'target'], [bareRow, ...rows], { note: true });
    if (!await tradingAfterLoad(app, url, tokens[0])) ok = false;
  } finally {
    bare.stop();
    await started?.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

function failures(r: LoadResult): string {
  const parts = [
    r.non2xx ? `${r.non2xx} non-2xx` : '', r.errors ? `${r.errors} errors` : '', r.timeouts ? `${r.timeouts} timeouts` : '',
    r.notOk ? `${r.notOk} error answers` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')} of ${r.total}` : '';
}

export async function benchApi(): Promise<boolean> {
  let ok = await onDatabase('PGlite');
  const problem = await postgresProblem();
  if (problem) {
    heading('API on PostgreSQL', `not measured: ${problem}`);
    return ok;
  }
  try {
    ok = (await onDatabase('PostgreSQL')) && ok;
  } catch (err) {
    heading('API on PostgreSQL', `FAILED: ${reason(err)}`);
    ok = false;
  }
  return ok;
}

if (require.main === module) {
  benchApi().then((ok) => { if (!ok) process.exitCode = 1; }, (err: unknown) => { console.error(err); process.exit(1); });
}
