/**
 * The socket fan-out: 5,000 clients of our app in the `tickers` room (every pair's `daymarket` once a market
 * second), all on one node, then spread over two nodes (the real server, `npm start`'s way, on a PostgreSQL
 * database of the bench's own and Redis under a prefix of its own), beside a bare socket.io server sending a
 * message of the same size to as many clients (benchBareSocketIo.ts; same run, same client). For each second:
 * the time from the first client to get that second's message to the last one, on the slowest node (each
 * node feeds its own sockets from its own timer), and the messages received a second. Then a private event:
 * a transfer answered by one node to its `balance` on the user's socket, on the same node and on the other
 * (through Redis). Run alone: `npx ts-node scripts/benchFanout.ts` (BENCH_DATABASE_URL, REDIS_URL).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { copyConfiguration } from '../src/server/configuration/files';
import { DEMO_EMAIL } from '../src/server/seed';
import { SUBSCRIBER_AUTH, TICKERS_EVENT } from '../src/shared/contract/events';
import { freePort, heading, median, ms, ratio, reason, ROOT, sleep, table } from './benchCommon';
import { freshDatabase, postgresProblem } from './benchPostgres';
import { ServerProcess } from './chaos/server';

const CLIENTS = 5000;
const MEASURED_SECONDS = 8;
const PRIVATE_EVENTS = 40;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379/1';
const DEMO_PASSWORD = 'bench-fanout-1';

interface Fanout { spreadMs: number; worstMs: number; reached: number; messagesPerS: number }

/** Our app's sockets (each its own connection), spread over `urls`, each in the `tickers` room. */
async function openClients(urls: readonly string[], n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i += 250) {
    sockets.push(...await Promise.all(Array.from({ length: Math.min(250, n - i) }, (_, j) => new Promise<Socket>((resolve, reject) => {
      const s = connect(urls[(i + j) % urls.length], { path: '/socket.io', transports: ['websocket'], auth: SUBSCRIBER_AUTH, forceNew: true, reconnection: false, timeout: 60_000 });
      s.once('connect_error', reject);
      s.once('connect', () => s.emit('subscribe', 'tickers', () => resolve(s)));
    }))));
  }
  return sockets;
}

/** Receipts of `tickers` for MEASURED_SECONDS, grouped by second (the message's prices) and node. */
async function measure(sockets: readonly Socket[], nodes: number): Promise<Fanout> {
  const seconds = new Map<string, number[][]>();
  let messages = 0;
  const listeners = sockets.map((s, i) => {
    const got = (batch: Array<{ now_price: string }>) => {
      const at = performance.now();
      messages++;
      const key = batch.map((q) => q.now_price).join('|');
      const byNode = seconds.get(key) ?? Array.from({ length: nodes }, () => []);
      byNode[i % nodes].push(at);
      seconds.set(key, byNode);
    };
    s.on(TICKERS_EVENT, got);
    return got;
  });
  await sleep(1500); // the first second may be under way
  seconds.clear();
  messages = 0;
  await sleep(MEASURED_SECONDS * 1000);
  sockets.forEach((s, i) => s.off(TICKERS_EVENT, listeners[i]));
  // Whole seconds only: the first and last may be cut by the window.
  const whole = [...seconds.values()].slice(1, -1);
  const spreads = whole.map((byNode) => Math.max(...byNode.map((times) => (times.length ? Math.max(...times) - Math.min(...times) : 0))));
  const reached = whole.map((byNode) => byNode.reduce((n, times) => n + times.length, 0));
  return { spreadMs: median(spreads), worstMs: Math.max(...spreads), reached: Math.min(...reached), messagesPerS: messages / MEASURED_SECONDS };
}

async function fanout(urls: readonly string[]): Promise<Fanout> {
  const sockets = await openClients(urls, CLIENTS);
  try {
    return await measure(sockets, urls.length);
  } finally {
    for (const s of sockets) s.close();
  }
}

async function bareSocketIo(): Promise<Fanout> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', './scripts/typescript-hook.cjs', path.join('scripts', 'benchBareSocketIo.ts')], {
    cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: 'ignore',
  });
  try {
    await sleep(1500);
    return await fanout([`http://127.0.0.1:${port}`]);
  } finally {
    child.kill('SIGKILL');
  }
}

/** Milliseconds from sending a transfer to `api` until its `balance` reaches the user's socket on `socketUrl` (median, worst). */
async function privateEvents(api: string, socketUrl: string): Promise<{ medianMs: number; worstMs: number }> {
  const login = await fetch(`${api}/api/user/login`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { message: string }).message;
  const socket = connect(socketUrl, { path: '/socket.io', transports: ['websocket'], auth: { ...SUBSCRIBER_AUTH, token }, forceNew: true, reconnection: false });
  await new Promise((resolve) => socket.once('session', resolve));
  const times: number[] = [];
  try {
    for (let i = 0; i < PRIVATE_EVENTS; i++) {
      const told = new Promise<number>((resolve) => socket.once('balance', () => resolve(performance.now())));
      const sent = performance.now();
      const res = await fetch(`${api}/api/wallet/change`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token, 'idempotency-key': crypto.randomUUID() },
        body: new URLSearchParams({ currency_id: '3', number: '1', from_field: 'change', to_field: 'lever' }),
      });
      if (((await res.json()) as { type: string }).type !== 'ok') throw new Error('a transfer of the private-event part was refused');
      times.push(await told - sent);
    }
  } finally {
    socket.close();
  }
  return { medianMs: median(times), worstMs: Math.max(...times) };
}

async function redisProblem(): Promise<string | undefined> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (err) {
    return `Redis at ${REDIS_URL} is unreachable (${reason(err)}); set REDIS_URL`;
  } finally {
    redis.disconnect();
  }
}

export async function benchFanout(): Promise<void> {
  const title = `Socket fan-out: ${CLIENTS.toLocaleString('en')} clients, one node and two`;
  const problem = await postgresProblem() ?? await redisProblem();
  if (problem) { heading(title, `not measured: ${problem}`); return; }
  const baseline = await bareSocketIo();
  const database = await freshDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fanout-'));
  const redis = { url: REDIS_URL, prefix: `bench:${crypto.randomBytes(6).toString('hex')}:` };
  const configDir = copyConfiguration(path.join(root, 'config'));
  const nodes = await Promise.all([0, 1].map(async (n) => new ServerProcess({
    dataDir: path.join(root, `node${n}`), distDir: path.join(root, 'dist'), configDir, port: await freePort(), demoPassword: DEMO_PASSWORD, marketSeed: 1, databaseUrl: database.url, redis,
  })));
  try {
    await nodes[0].start();
    const one = await fanout([nodes[0].url]);
    await nodes[1].start();
    const two = await fanout(nodes.map((n) => n.url));
    const sameNode = await privateEvents(nodes[0].url, nodes[0].url);
    const otherNode = await privateEvents(nodes[0].url, nodes[1].url);
    heading(title,
      'Our app\'s sockets in the `tickers` room (every pair\'s daymarket, once a market second). First to last: from the first client',
      `to get a second's message to the last one, on the slowest node (median and worst of ${MEASURED_SECONDS - 2} seconds); every client got every`,
      'second\'s message where "reached" is the number of clients. Baseline: a bare socket.io server sending a message of the same size',
      'to as many clients, the same client. Two nodes: PostgreSQL and Redis, each node feeding its own sockets.');
    const row = (name: string, f: Fanout) => [name, ms(f.spreadMs), ms(f.worstMs), ratio(f.spreadMs, baseline.spreadMs), String(f.reached), f.messagesPerS.toFixed(0), ratio(f.messagesPerS, baseline.messagesPerS)];
    table(['', 'first to last ms', 'worst ms', 'vs bare', 'reached', 'messages/s', 'vs bare'], [
      row('bare socket.io (baseline)', baseline), row('one node', one), row('two nodes', two),
    ]);
    console.log('');
    table(['private event: transfer answered to its balance on the socket', 'median ms', 'worst ms', 'vs same node'], [
      ['socket on the node that answered (baseline)', ms(sameNode.medianMs), ms(sameNode.worstMs), '1.0x'],
      ['socket on the other node (through Redis)', ms(otherNode.medianMs), ms(otherNode.worstMs), ratio(otherNode.medianMs, sameNode.medianMs)],
    ]);
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await database.drop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchFanout().catch((err: unknown) => { console.error(err); process.exitCode = 1; });
}
