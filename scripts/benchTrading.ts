/**
 * Trading under load (issue 11), printed as a table by `npm run bench` (or alone: `npx ts-node
 * scripts/benchTrading.ts`): loopback throughput and p99 of `POST /coin/trade`, `POST /lever/submit` and
 * `POST /microtrade/submit` (autocannon, 50 connections, each a funded user of its own, 10 s), each beside the
 * same server's `GET /getSiteConfig` in the same run, on PGlite and on PostgreSQL (when reachable), with the
 * ledger reconciled after; and the time from a price crossing a limit order to the fill event reaching a
 * socket client. The server runs in this process; the load in a child process (benchTradingLoad.ts).
 * All clients share one address, so the per-address request limit is lifted for the run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { io } from 'socket.io-client';
import { buildApp } from '../src/server/app';
import { ACCOUNT_TYPES, post, reconcile } from '../src/server/ledger';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { issueToken } from '../src/server/modules/auth/tokens';
import { D } from '../src/shared/format/decimal';
import { TRADE_EVENT } from '../src/shared/contract/events';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const USERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { tradesPerS: 1000, p99Ms: 100 };

interface Load { requestsPerS: number; p99: number; errors: number; non2xx: number; total: number }

const LOADS: Array<{ name: string; method: 'GET' | 'POST'; path: string; bodies: string[] }> = [
  { name: 'GET /getSiteConfig (baseline)', method: 'GET', path: '/api/getSiteConfig', bodies: [''] },
  { name: 'POST /coin/trade', method: 'POST', path: '/api/coin/trade', bodies: ['currency_id=1&type=buy&amount=0.0001', 'currency_id=1&type=sell&amount=0.0001'] },
  { name: 'POST /lever/submit', method: 'POST', path: '/api/lever/submit', bodies: ['currency_id=1&direction=long&lots=1&multiple=100', 'currency_id=1&direction=short&lots=1&multiple=100'] },
  { name: 'POST /microtrade/submit', method: 'POST', path: '/api/microtrade/submit', bodies: ['match_id=1&currency_id=100&type=up&seconds=30&number=10', 'match_id=1&currency_id=100&type=down&seconds=30&number=10'] },
];

async function load(url: string, l: (typeof LOADS)[number], tokens: string[]): Promise<Load> {
  const task = { url, method: l.method, path: l.path, bodies: l.bodies, tokens: l.method === 'GET' ? [] : tokens, connections: USERS, seconds: SECONDS };
  const { stdout } = await run(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', path.join(__dirname, 'benchTradingLoad.ts'), JSON.stringify(task)],
    { cwd: ROOT, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Load;
}

async function fundedUsers(app: Awaited<ReturnType<typeof buildApp>>): Promise<string[]> {
  const { db } = app.services;
  const pay = await hashPassword('Bench-pay-1');
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const { id } = await db.insertInto('users').values({
      username: `bench${i}@example.com`, email: `bench${i}@example.com`, password_hash: pay, pay_password_hash: pay, extension_code: `BENCH${i}`,
    }).returning('id').executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => post(trx, { cause: 'deposit', ref: 'bench', legs: [
      { account: { platform: 'outside', currency: 100 }, amount: '-3000000' },
      { account: { user: id, currency: 100, type: ACCOUNT_TYPES.change }, amount: '1000000' },
      { account: { user: id, currency: 100, type: ACCOUNT_TYPES.lever }, amount: '1000000' },
      { account: { user: id, currency: 100, type: ACCOUNT_TYPES.micro }, amount: '1000000' },
      { account: { platform: 'outside', currency: 1 }, amount: '-10' },
      { account: { user: id, currency: 1, type: ACCOUNT_TYPES.change }, amount: '10' },
    ] }));
    tokens.push(await issueToken(db, id));
  }
  return tokens;
}

/** Milliseconds from the tick whose price crossed a limit buy to its `trade` event at a socket client, `samples` times. */
async function crossingToEvent(app: Awaited<ReturnType<typeof buildApp>>, url: string, token: string, samples: number): Promise<number[]> {
  const engine = await app.services.market();
  const socket = io(url, { transports: ['websocket'], auth: { token } });
  await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
  const out: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const last = new D(engine.lastPrice('BTC/USDT').price);
      const limit = last.minus('0.01');
      const placed = await fetch(`${url}/api/coin/trade`, {
        method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
        body: `currency_id=1&type=buy&amount=0.0001&target_price=${limit.toFixed(2)}`,
      }).then((r) => r.json() as Promise<{ type: string; message: { id: number } }>);
      if (placed.type !== 'ok') throw new Error(`could not place the limit order: ${JSON.stringify(placed)}`);
      let crossedAt = 0;
      const stop = engine.onTick((_second, ticked) => {
        const btc = ticked.find((t) => t.inst.symbol === 'BTC/USDT');
        if (!crossedAt && btc && new D(engine.lastPrice('BTC/USDT').price).lte(limit)) crossedAt = performance.now();
      });
      await new Promise<void>((resolve) => {
        const onTrade = () => { if (crossedAt) { socket.off(TRADE_EVENT, onTrade); resolve(); } };
        socket.on(TRADE_EVENT, onTrade);
      });
      stop();
      out.push(performance.now() - crossedAt);
    }
  } finally {
    socket.close();
  }
  return out;
}

async function onDatabase(kind: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trading-'));
  const app = await buildApp({
    dataDir, distDir: path.join(ROOT, 'dist'), logger: pino({ level: 'warn' }), seed: { demo: false }, watchConfig: false,
    ...(kind === 'PostgreSQL' ? { databaseUrl: POSTGRES, isolatedSchema: true } : { databaseUrl: '' }),
    limits: { requestsPerClient: { max: 100_000_000, windowMs: 60_000 } },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await app.services.market();
    app.services.jobs.start();
    const tokens = await fundedUsers(app);
    const results: Array<[string, Load]> = [];
    for (const l of LOADS) results.push([l.name, await load(url, l, tokens)]);
    const baseline = results[0][1];
    console.log(`\nTrading on ${kind}: ${USERS} connections, one funded user each, ${SECONDS} s (requests/s, p99 ms, share of getSiteConfig)`);
    for (const [name, r] of results) {
      const trade = name !== results[0][0];
      const verdict = trade && kind === 'PostgreSQL'
        ? `target >= ${TARGET.tradesPerS}/s, p99 < ${TARGET.p99Ms} ms: ${r.requestsPerS >= TARGET.tradesPerS && r.p99 < TARGET.p99Ms ? 'met' : 'MISSED'}` : '';
      const failed = r.non2xx + r.errors ? `  (${r.non2xx + r.errors} failed)` : '';
      console.log(`  ${name.padEnd(32)} ${r.requestsPerS.toFixed(0).padStart(6)}/s  p99 ${String(r.p99).padStart(5)} ms  ${(r.requestsPerS / baseline.requestsPerS * 100).toFixed(0).padStart(3)}%  ${verdict}${failed}`);
    }
    const fills = await crossingToEvent(app, url, tokens[0], 5);
    console.log(`  price crossing -> fill event at the app: median ${Math.round(median(fills))} ms (of ${fills.map((x) => Math.round(x)).join(', ')}; the fills job runs every second)`);
    await app.services.jobs.stop();
    const rec = await reconcile(app.services.db);
    console.log(`  ledger after the run: ${rec.accounts} accounts, ${rec.entries} entries, ${rec.ok ? 'reconciled' : 'MISMATCHES'}`);
    if (!rec.ok) process.exitCode = 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchTrading(): Promise<void> {
  await onDatabase('PGlite');
  try {
    await onDatabase('PostgreSQL');
  } catch (err) {
    console.log(`\nTrading on PostgreSQL: not measured (${(err as Error).message}); set BENCH_DATABASE_URL`);
  }
}

if (require.main === module) benchTrading().catch((err: unknown) => { console.error(err); process.exit(1); });
