/**
 * Several nodes (README "Running several nodes"). Every node computes the same market, so each feeds its own
 * sockets (any database). On PostgreSQL with Redis, two nodes on one schema behind a round-robin proxy
 * without sticky sessions: private events reach the user's sockets on either node, a settlement runs once
 * with both ticking, a logout or password reset ends the sockets on both, a configuration reload reaches
 * both, and long-polling needs sticky sessions where websockets do not.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Socket } from 'socket.io-client';
import type { Database } from '../../src/server/db';
import { findInstrument, INSTRUMENTS } from '../../src/server/market/instruments';
import { copyConfig, createTestApp, DEMO_PASSWORD, editJson, ON_PG, openTestDatabase, opsFor, type TestApp } from './helpers';
import { canWithdraw, expectLedgerClean, fund } from './money';
import { redisScope, TEST_REDIS_URL, type RedisScope } from './redis';
import { roundRobinProxy, type RoundRobinProxy } from './roundRobinProxy';
import { appAuth, listen, SocketClients } from './sockets';

const clock = { ms: Date.parse('2026-11-22T10:00:20Z') };
const now = () => new Date(clock.ms);
const clients = new SocketClients();
afterEach(() => clients.closeAll());

const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));
const connected = (s: Socket) => new Promise<void>((resolve, reject) => { s.once('connect', () => resolve()); s.once('connect_error', reject); });
const disconnected = (s: Socket) => new Promise<string>((resolve) => { s.once('disconnect', resolve); });

/** Until `check` passes (events travel through Redis, notices through PostgreSQL). */
async function eventually(check: () => void, ms = 5000): Promise<void> {
  for (const until = Date.now() + ms; ; await settle(20)) {
    try { return check(); } catch (err) { if (Date.now() > until) throw err; }
  }
}

/** The `daymarket` of every pair, as the platform's app gets them once a second (it never subscribes). */
function nextSecondOfDaymarket(s: Socket): Promise<unknown[]> {
  return new Promise((resolve) => {
    const got: unknown[] = [];
    const take = (one: unknown) => {
      got.push(one);
      if (got.length < INSTRUMENTS.length) return;
      s.off('daymarket', take);
      resolve(got);
    };
    s.on('daymarket', take);
  });
}

describe('every node computes the same market and feeds its own sockets', () => {
  let database: Database;
  const opened: TestApp[] = [];
  beforeAll(async () => { database = await openTestDatabase(); }, 60_000);
  afterEach(async () => {
    await clients.closeAll();
    for (const t of opened.splice(0)) await t.close();
  });
  afterAll(async () => { await database?.close(); });
  const node = async (offsetMs = 0) => {
    const t = await createTestApp({ database, ownDatabase: false, now: () => new Date(clock.ms + offsetMs) });
    opened.push(t);
    return t;
  };

  test('two nodes send identical daymarket for the same second, one of them started mid-minute after the other had run', async () => {
    const a = await node();
    const engine = await a.app.services.market();
    clock.ms += 130_000; // 10:02:30
    engine.second(); // struck up to now, as its timer does every second,
    await engine.save(); // and saved, as it does every 10 seconds: the closed minutes and where it is
    clock.ms += 5_000;
    const b = await node();
    await b.app.services.market(); // restored from the store: the open minute is struck again from its start
    const [sa, sb] = [clients.open(await listen(a)), clients.open(await listen(b))];
    await Promise.all([connected(sa), connected(sb)]);
    for (let second = 0; second < 3; second++) {
      const fed = [nextSecondOfDaymarket(sa), nextSecondOfDaymarket(sb)];
      clock.ms += 1000;
      const [fromA, fromB] = await Promise.all(fed);
      expect(fromB).toEqual(fromA);
    }
  });

  (ON_PG ? test : test.skip)('two nodes opening at once after a long downtime walk on from the same point', async () => {
    clock.ms += 2 * 3_600_000;
    const [a, b] = await Promise.all([node(), node(7_000)]); // b's clock 7 s ahead: it fills the gap up to another second
    const [ea, eb] = await Promise.all([a.app.services.market(), b.app.services.market()]);
    clock.ms += 30_000;
    const second = Math.floor(clock.ms / 1000);
    for (const { symbol } of INSTRUMENTS.slice(0, 5)) {
      expect(eb.pricesBetween(symbol, second - 20, second)).toEqual(ea.pricesBetween(symbol, second - 20, second));
    }
  });
});

(ON_PG ? describe : describe.skip)('two nodes behind a round-robin proxy, on one PostgreSQL schema and Redis', () => {
  let database: Database;
  let redis: RedisScope;
  let proxy: RoundRobinProxy;
  const nodes: TestApp[] = [];
  const ops: Array<(...args: string[]) => Promise<string[]>> = [];
  const configDirs = [copyConfig(), copyConfig()];
  let urls: string[];

  beforeAll(async () => {
    database = await openTestDatabase();
    redis = redisScope();
    for (const configDir of configDirs) {
      nodes.push(await createTestApp({ database, ownDatabase: false, now, configDir, redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix }));
    }
    for (const t of nodes) ops.push(await opsFor(t));
    urls = nodes.map((t) => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    proxy = await roundRobinProxy(urls);
  }, 60_000);
  afterAll(async () => {
    await clients.closeAll();
    await proxy?.close();
    for (const t of nodes) await t.close();
    await database?.close();
    await redis?.clear();
    for (const dir of configDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Which node a socket is connected to. */
  const nodeOf = (s: Socket) => nodes.findIndex((t) => t.app.services.realtime.io.sockets.sockets.has(s.id!));

  /** Our app's socket through the proxy, opened again until it lands on node `n`; waits for its session when logged in. */
  async function socketOn(n: number, token?: string): Promise<Socket> {
    for (;;) {
      const s = clients.open(proxy.url, appAuth(token));
      const session = token ? new Promise((resolve) => s.once('session', resolve)) : undefined;
      await connected(s);
      if (nodeOf(s) === n) { await session; return s; }
      s.close();
    }
  }

  /** A request through the proxy (each request goes to the next node); the envelope and the node that served it. */
  async function call(endpoint: string, data: Record<string, string> = {}, headers: Record<string, string> = {}) {
    const [method, route] = endpoint.split(' ');
    const body = new URLSearchParams(data).toString();
    const res = await fetch(method === 'GET' ? `${proxy.url}/api${route}?${body}` : `${proxy.url}/api${route}`, {
      method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: method === 'GET' ? undefined : body,
    });
    return { answer: await res.json() as { type: string; message: any; data?: any }, node: urls.indexOf(proxy.served.at(-1)!) };
  }
  const login = async (user_string: string, password: string) => (await call('POST /user/login', { user_string, password })).answer.message as string;

  /** Counts the events of `event` a socket receives. */
  function counter(s: Socket, event: string): { n: number } {
    const count = { n: 0 };
    s.on(event, () => { count.n += 1; });
    return count;
  }

  test('0 lost private events: money requests served by either node reach the user\'s sockets on both, once each', async () => {
    const token = await login('demo@example.com', DEMO_PASSWORD);
    const sockets = [await socketOn(0, token), await socketOn(1, token)];
    const balances = sockets.map((s) => counter(s, 'balance'));
    const servedBy = new Set<number>();
    const transfers = 6;
    for (let i = 0; i < transfers; i++) {
      const { answer, node } = await call('POST /wallet/change', { currency_id: '3', number: '1', from_field: 'change', to_field: 'lever' },
        { authorization: token, 'idempotency-key': crypto.randomUUID() });
      expect(answer.type).toBe('ok');
      servedBy.add(node);
    }
    expect([...servedBy].sort()).toEqual([0, 1]);
    await eventually(() => expect(balances.map((b) => b.n)).toEqual([transfers, transfers]));
    await settle();
    expect(balances.map((b) => b.n)).toEqual([transfers, transfers]);
  });

  test('an operator\'s decision through one node reaches the user\'s socket on the other', async () => {
    const email = 'nodes.identity@example.com';
    const token = await nodes[0].signUp(email);
    const s = await socketOn(0, token);
    const account = counter(s, 'account');
    expect((await nodes[0].call('POST /sms_send', { area_code: '+852', mobile: '61234567' }, { token })).type).toBe('ok');
    const mobileCode = await nodes[0].lastCode('+852 61234567');
    expect((await nodes[0].call('POST /safe/mobile', { area_code: '+852', mobile: '61234567', code: mobileCode }, { token })).type).toBe('ok');
    expect((await nodes[0].call('POST /user/real', { real_type: 1, id_type: 1, name: 'Ann Lee', card_id: 'e12345678', address: '12 Harbour Road' }, { token })).type).toBe('ok');
    const id = (await ops[1]('identity')).map((line) => /^#(\d+)\s+(\S+)/.exec(line)).find((m) => m?.[2] === email)![1];
    await ops[1]('approve-identity', id);
    await eventually(() => expect(account.n).toBe(1));
  });

  test('0 double settlements: a seconds contract due with both nodes ticking settles once, its balance event once', async () => {
    const token = await nodes[0].signUp('nodes.seconds@example.com');
    const user = (await nodes[0].call('GET /user/info', {}, { token })).message.id as number;
    await fund(database.db, user, 3, '1000');
    await canWithdraw(database.db, user);
    expect((await nodes[0].call('POST /wallet/change', { currency_id: 3, number: '1000', from_field: 'change', to_field: 'micro' }, { token })).type).toBe('ok');
    await Promise.all(nodes.map((t) => t.app.services.market()));
    const order = (await call('POST /microtrade/submit', { match_id: String(findInstrument('BTC/USDT')!.id), currency_id: '3', seconds: '60', number: '100', type: '1' },
      { authorization: token })).answer;
    expect(order.type).toBe('ok');
    const s = await socketOn(1, token);
    const balances = counter(s, 'balance');
    clock.ms += 61_000;
    await Promise.all(nodes.map((t) => t.app.services.jobs.tickFromNow()));
    const ref = `seconds:${(order.data ?? order.message).id}`;
    expect(await database.db.selectFrom('ledger_entries').select('id').where('cause', '=', 'seconds.settle').where('ref', '=', ref).execute()).toHaveLength(1);
    await eventually(() => expect(balances.n).toBe(1));
    await settle();
    expect(balances.n).toBe(1);
    await expectLedgerClean(database.db);
  });

  test('a logout ends that session\'s sockets on both nodes; a password reset ends every session\'s', async () => {
    const email = 'nodes.sessions@example.com';
    await nodes[1].signUp(email);
    const [first, second] = [await login(email, 'secret-pass'), await login(email, 'secret-pass')];
    const firstSockets = [await socketOn(0, first), await socketOn(1, first)];
    const secondSockets = [await socketOn(0, second), await socketOn(1, second)];
    const ended = firstSockets.map(disconnected);
    expect((await call('GET /user/logout', {}, { authorization: first })).answer.type).toBe('ok');
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(secondSockets.map((s) => s.connected)).toEqual([true, true]);

    clock.ms += 61_000; // past the resend interval of the registration code
    expect((await call('POST /sms_mail', { user_string: email, scene: 'forget' })).answer.type).toBe('ok');
    const code = await nodes[0].lastCode(email);
    const reset = secondSockets.map(disconnected);
    expect((await call('POST /user/forget', { user_string: email, code, password: 'new-password', re_password: 'new-password' })).answer.type).toBe('ok');
    expect(await Promise.all(reset)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  test('a configuration reload asked of one node reaches both: each reads its own folder and tells its own sockets once', async () => {
    const sockets = [await socketOn(0), await socketOn(1)];
    const heard = sockets.map((s) => {
      const versions: string[] = [];
      s.on('config', (manifest: { version: string }) => versions.push(manifest.version));
      return versions;
    });
    for (const dir of configDirs) editJson(dir, 'i18n/en.json', (m) => { m['api.invalid_request'] = 'That request was not understood'; });
    const lines = await ops[1]('reload-config');
    expect(lines).toEqual([
      expect.stringMatching(/^serving configuration [0-9a-f]{10} from .* \(reloaded now\)$/),
      expect.stringMatching(/^another node: serving configuration [0-9a-f]{10} from .* \(reloaded now\)$/),
    ]);
    const versions = nodes.map((t) => t.app.services.configuration.current.manifest.version);
    expect(versions[1]).toBe(versions[0]);
    await eventually(() => expect(heard).toEqual([[versions[0]], [versions[0]]]));
    await settle();
    expect(heard).toEqual([[versions[0]], [versions[0]]]);
    expect(await ops[0]('config-status')).toEqual([expect.stringMatching(/^serving /), expect.stringMatching(/^another node: serving /)]);
  });

  test('without sticky sessions a websocket stays connected; long-polling, whose requests reach both nodes, does not', async () => {
    const ws = clients.open(proxy.url, appAuth());
    await connected(ws);
    const polling = clients.open(proxy.url, appAuth(), ['polling']);
    const failed = await new Promise<boolean>((resolve) => {
      polling.once('connect_error', () => resolve(true));
      polling.once('disconnect', () => resolve(true));
      setTimeout(() => resolve(false), 3000);
    });
    expect(failed).toBe(true);
    expect(ws.connected).toBe(true);
  });
});
