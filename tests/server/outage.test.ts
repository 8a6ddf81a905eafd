/**
 * The server outlives its peers going away. PostgreSQL: its own connections terminated mid-flight
 * (pg_terminate_backend, found by the application_name this app is given), then every connection cut and
 * refused (a proxy in front of the database). Redis: cut the same way. Meanwhile requests are answered
 * "try again shortly" (or, without Redis, served with the limits counted in the database), /health says what
 * is down; afterwards requests succeed, notices reach the memory caches again and a job due meanwhile runs
 * once. The embedded database's thread dying is in pgliteThread.test.ts.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import pg from 'pg';
import { defineArea } from '../../src/server/area';
import { AREAS } from '../../src/server/areas';
import type { HealthReport } from '../../src/server/health';
import { Throttled } from '../../src/server/throttle';
import en from '../../i18n/en.json';
import { createTestApp, DEMO_PASSWORD, ON_PG, type TestApp } from './helpers';
import { proxied, type TcpProxy } from './tcpProxy';

const UNAVAILABLE = { type: 'error', message: en['api.unavailable'] };
const USDT = 3;

/** Polls `done` every 50 ms until it holds, for at most `ms`. */
async function until(done: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('still not so after the time allowed');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function health(t: TestApp): Promise<{ code: number; report: HealthReport }> {
  const res = await t.app.inject({ method: 'GET', url: '/health' });
  return { code: res.statusCode, report: res.json() as HealthReport };
}

const logged = (t: TestApp, msg: string) => t.logs.filter((l) => l.msg === msg).length;

(ON_PG ? describe : describe.skip)('PostgreSQL going away', () => {
  const appName = `outage-test-${crypto.randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let proxy: TcpProxy;
  /** A connection of the test's own, straight to the database and in the app's schema. */
  let admin: pg.Client;
  let demo: string;
  const jobArea = defineArea({
    name: 'outage', endpoints: [], handlers: {},
    jobs: [{
      name: 'outage.once',
      run: async ({ trx, key }) => {
        await trx.insertInto('market_state').values({ key: `outage:${key}:${crypto.randomUUID()}`, value: '1', updated_at: new Date() }).execute();
      },
    }],
  });
  const runsOf = async (key: string) => Number((await admin.query<{ n: number }>('select count(*)::int as n from market_state where key like $1', [`outage:${key}:%`])).rows[0].n);
  const transfer = (key?: string) => t.call('POST /wallet/change', { currency_id: USDT, number: '7', from_field: 'change', to_field: 'lever' },
    { token: demo, headers: key ? { 'idempotency-key': key } : {} });
  const leverUsdt = async () => {
    const list = await t.call('POST /wallet/list', {}, { token: demo });
    return list.message.lever_wallet.balance.find((b: { currency: number }) => b.currency === USDT);
  };

  beforeAll(async () => {
    const through = await proxied(process.env.DATABASE_URL!);
    proxy = through.proxy;
    const url = new URL(through.url);
    url.searchParams.set('application_name', appName);
    t = await createTestApp({ databaseUrl: url.toString(), areas: [...AREAS, jobArea] });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path="${t.app.services.database.schema}"` });
    await admin.connect();
    demo = (await t.call('POST /user/login', { user_string: 'demo@example.com', password: DEMO_PASSWORD })).message;
  }, 60_000);

  afterAll(async () => {
    await admin?.end();
    await t?.close();
    await proxy?.close();
  });

  test('a money request whose connection is terminated mid-flight is answered "try again shortly", keeps nothing, and succeeds when sent again', async () => {
    const before = await leverUsdt();
    // The request waits for the user's row, which this connection holds, while every connection of the app is ended.
    await admin.query('begin');
    await admin.query('select id from users where email = $1 for update', ['demo@example.com']);
    const pending = transfer('outage-terminated-1');
    await until(async () => (await admin.query('select 1 from pg_stat_activity where application_name = $1 and wait_event_type = $2', [appName, 'Lock'])).rowCount! > 0);
    const ended = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1', [appName]);
    await admin.query('rollback');
    expect(ended.rows.length).toBeGreaterThanOrEqual(2); // the request's and the one listening for notices, at least
    expect(await pending).toEqual(UNAVAILABLE);
    expect(await leverUsdt()).toEqual(before);

    const again = await transfer('outage-terminated-1');
    expect(again.type).toBe('ok');
    expect(await transfer('outage-terminated-1')).toEqual(again); // once
    expect(Number((await leverUsdt()).lever_balance)).toBe(Number(before.lever_balance) + 7);
    expect(logged(t, 'the connection listening for database notices was lost: listening again')).toBe(1);
  });

  test('notices resume after their connection was terminated: a change made elsewhere reaches the memory caches again', async () => {
    await until(async () => (await health(t)).report.notices === 'up');
    const nickname = async () => (await t.call('GET /user/info', {}, { token: demo })).message.nickname as string;
    const kept = await nickname(); // now kept in memory until a notice says the row changed
    await admin.query('update users set nickname = $1 where email = $2', [`${kept}-renamed`, 'demo@example.com']);
    await until(async () => (await nickname()) === `${kept}-renamed`, 5000); // kept for a minute without the notice
  });

  test('while the database refuses every connection, requests are answered at once, /health says it is down; a job due meanwhile runs once when it is back', async () => {
    const { jobs, db, now } = t.app.services;
    await jobs.schedule(db, 'outage.once', 'due-in-the-outage', new Date(now().getTime() + 3_600_000));
    jobs.start(100);
    await proxy.cut();
    t.advance(3_600_000 + 1000); // the run is due now, while the database is out of reach

    const asked = Date.now();
    expect(await transfer()).toEqual(UNAVAILABLE);
    expect(await t.call('POST /wallet/list', {}, { token: demo })).toEqual(UNAVAILABLE);
    expect(Date.now() - asked).toBeLessThan(5000);
    await until(async () => (await health(t)).report.jobs.failing);
    const down = await health(t);
    expect(down).toEqual({ code: 503, report: { status: 'down', database: 'down', notices: 'down', jobs: expect.objectContaining({ running: true, failing: true }) } });
    await new Promise((r) => setTimeout(r, 500)); // a few more passes fail
    expect(logged(t, 'a pass of the jobs failed: the next tick tries again')).toBe(1);

    await proxy.restore();
    await until(async () => await runsOf('due-in-the-outage') === 1);
    await until(async () => (await health(t)).report.status === 'up');
    expect(await health(t)).toEqual({ code: 200, report: { status: 'up', database: 'up', notices: 'up', jobs: expect.objectContaining({ running: true, leader: true, failing: false }) } });
    expect(logged(t, 'jobs run again')).toBe(1);
    expect((await transfer()).type).toBe('ok');
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf('due-in-the-outage')).toBe(1);
  });
});

describe('Redis going away', () => {
  const subject = `outage-${crypto.randomBytes(4).toString('hex')}`;
  const key = `throttle:codeChecksPerClient:${subject}`;
  let t: TestApp;
  let proxy: TcpProxy;
  /** Redis itself, logical database 2 (the tests' own). */
  let redis: Redis;
  const hit = () => t.app.services.throttle.hit('codeChecksPerClient', subject);
  const inDatabase = async () => (await t.app.services.db.selectFrom('throttle_counters').select('count').where('key', '=', `codeChecksPerClient:${subject}`).executeTakeFirst())?.count;

  beforeAll(async () => {
    const through = await proxied('redis://127.0.0.1:6379/2');
    proxy = through.proxy;
    redis = new Redis('redis://127.0.0.1:6379/2');
    t = await createTestApp({ redisUrl: through.url, limits: { codeChecksPerClient: { max: 3, windowMs: 60_000 } } });
  }, 60_000);

  afterAll(async () => {
    await redis?.del(key);
    redis?.disconnect();
    await t?.close();
    await proxy?.close();
  });

  test('while Redis cannot be reached, requests are served and the limits hold, counted in the database; /health says Redis is down; the counting goes back to Redis', async () => {
    await until(async () => (await health(t)).report.redis === 'up');
    expect(await health(t)).toEqual({ code: 200, report: { status: 'up', database: 'up', notices: 'up', redis: 'up', jobs: expect.any(Object) } });
    await hit();
    expect(await redis.get(key)).toBe('1');

    await proxy.cut();
    await until(async () => (await health(t)).report.redis === 'down');
    expect(await health(t)).toMatchObject({ code: 200, report: { status: 'degraded', database: 'up', redis: 'down' } });
    expect((await t.call('GET /wallet/coins')).type).toBe('ok');
    for (let i = 0; i < 3; i++) await hit();
    await expect(hit()).rejects.toBeInstanceOf(Throttled);
    expect(await inDatabase()).toBe(4); // what was counted in Redis before the cut is not seen here (at most twice a limit, once)
    expect(logged(t, 'Redis is unreachable: rate limits are counted in the database until it is back')).toBe(1);

    await proxy.restore();
    await until(async () => (await health(t)).report.redis === 'up');
    await hit();
    expect(await redis.get(key)).toBe('2');
    expect(logged(t, 'Redis is reachable again: rate limits are counted there again')).toBe(1);
  });
});
