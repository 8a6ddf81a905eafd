/**
 * The scheduler through the real database, on a test clock: runs due in the past run once, also after a
 * restart; a recurring job catches up in order after downtime; a failed run is retried later and holds back
 * the later runs of its job; two servers on one PostgreSQL database run each due run once between them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { defineArea, type Area } from '../../src/server/area';
import { AREAS } from '../../src/server/areas';
import type { Services } from '../../src/server/context';
import { openDatabase, type Database } from '../../src/server/db';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { Scheduler } from '../../src/server/jobs/scheduler';
import type { JobRun } from '../../src/server/jobs/types';
import { miningJobs } from '../../src/server/modules/mining/jobs';
import { HOUR_MS, MINUTE_MS } from '../../src/shared/domain/time';

jest.setTimeout(60_000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const T0 = new Date('2026-11-24T10:30:00Z');

/** The runs of this process, in the order they ran. */
const ranInOrder: string[] = [];

/** A job's runs are recorded in market_state (any key/value table would do) so a restart sees them. */
const record = async ({ trx, key }: JobRun, job: string) => {
  ranInOrder.push(`${job}:${key}`);
  await trx.insertInto('market_state').values({ key: `jobtest:${job}:${key}`, value: new Date().toISOString(), updated_at: new Date() }).execute();
};

let failuresLeft = 0;
const testArea: Area = defineArea({
  name: 'jobtest',
  endpoints: [],
  handlers: {},
  jobs: [
    { name: 'jobtest.once', run: (r) => record(r, 'once') },
    { name: 'jobtest.hourly', every: { everyMs: HOUR_MS, catchUp: 'each' }, run: (r) => record(r, 'hourly') },
    { name: 'jobtest.minutely', every: { everyMs: MINUTE_MS, catchUp: 'latest' }, run: (r) => record(r, 'minutely') },
    {
      name: 'jobtest.flaky', run: async (r) => {
        if (failuresLeft > 0) { failuresLeft--; throw new Error('not yet'); }
        await record(r, 'flaky');
      },
    },
  ],
});

let database: Database;
beforeAll(async () => {
  database = await openDatabase({
    databaseUrl, isolatedSchema: Boolean(databaseUrl), memory: !databaseUrl, pgliteTemplateDir: path.join(os.tmpdir(), 'trading-app-test-db'),
  });
}, 60_000);
afterAll(async () => { await database?.close(); });

async function server(clock: { now: Date }) {
  return buildApp({ database, ownDatabase: false, watchConfig: false, now: () => clock.now, areas: [...AREAS, testArea], distDir: path.join(os.tmpdir(), 'no-dist') });
}

const runsOf = async (job: string) => (await database.db.selectFrom('market_state').select('key').where('key', 'like', `jobtest:${job}:%`).orderBy('key').execute())
  .map((r) => r.key.slice(`jobtest:${job}:`.length));

test('a run due in the past runs once, after a restart too', async () => {
  const clock = { now: T0 };
  const first = await server(clock);
  await first.services.jobs.schedule(database.db, 'jobtest.once', 'order:7', new Date(T0.getTime() - 60_000));
  await first.close(); // stopped before it ticked
  const second = await server(clock);
  try {
    await second.services.jobs.tick();
    await second.services.jobs.tick();
    expect(await runsOf('once')).toEqual(['order:7']);
    const row = await database.db.selectFrom('job_runs').selectAll().where('name', '=', 'jobtest.once').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: 'order:7', attempts: 1, last_error: null });
    expect(new Date(row.done_at!)).toEqual(T0);
  } finally { await second.close(); }
});

test('a recurring job runs for each due time missed while the server was down, in order, once', async () => {
  const clock = { now: T0 };
  const app = await server(clock);
  try {
    await app.services.jobs.tick();
    expect(await runsOf('hourly')).toEqual(['2026-11-24T10:00:00.000Z']);
    clock.now = new Date(T0.getTime() + 4 * HOUR_MS); // 14:30
    await app.services.jobs.tick();
    await app.services.jobs.tick();
    expect(await runsOf('hourly')).toEqual(['10', '11', '12', '13', '14'].map((h) => `2026-11-24T${h}:00:00.000Z`));
    const order = await database.db.selectFrom('job_runs').select(['key', 'id']).where('name', '=', 'jobtest.hourly').orderBy('id').execute();
    expect(order.map((r) => r.key)).toEqual([...order.map((r) => r.key)].sort());
  } finally { await app.close(); }
});

test('a failed run is logged, tried again after a back-off, and holds back the later runs of its job', async () => {
  const clock = { now: T0 };
  const app = await server(clock);
  try {
    failuresLeft = 1;
    await app.services.jobs.schedule(database.db, 'jobtest.flaky', 'a', new Date(T0.getTime() - 2000));
    await app.services.jobs.schedule(database.db, 'jobtest.flaky', 'b', new Date(T0.getTime() - 1000));
    expect(await app.services.jobs.tick()).toMatchObject({ failed: 1 });
    expect(await runsOf('flaky')).toEqual([]);
    expect(await database.db.selectFrom('job_runs').select(['key', 'attempts', 'last_error']).where('name', '=', 'jobtest.flaky').orderBy('key').execute())
      .toEqual([{ key: 'a', attempts: 1, last_error: 'not yet' }, { key: 'b', attempts: 0, last_error: null }]);
    await app.services.jobs.tick(); // within the back-off: nothing, and b still waits for a
    expect(await runsOf('flaky')).toEqual([]);
    clock.now = new Date(T0.getTime() + 5000);
    await app.services.jobs.tick();
    expect(await runsOf('flaky')).toEqual(['a', 'b']);
  } finally { await app.close(); }
});

test('a backlog of one job does not hold back the others: a few of each run at a time, all in one tick', async () => {
  const clock = { now: new Date(T0.getTime() + 10 * HOUR_MS) };
  const app = await server(clock);
  try {
    const backlog = 65;
    for (let i = 0; i < backlog; i++) await app.services.jobs.schedule(database.db, 'jobtest.once', `backlog:${i}`, new Date(T0.getTime() + i * 1000));
    ranInOrder.length = 0;
    await app.services.jobs.tick();
    const once = ranInOrder.filter((r) => r.startsWith('once:backlog:'));
    expect(once).toEqual(Array.from({ length: backlog }, (_, i) => `once:backlog:${i}`)); // all, in order
    const minutely = ranInOrder.findIndex((r) => r.startsWith('minutely:'));
    expect(minutely).toBeGreaterThanOrEqual(0);
    // due after the whole backlog, yet run after no more than one batch of it
    expect(ranInOrder.slice(0, minutely).filter((r) => r.startsWith('once:backlog:')).length).toBeLessThanOrEqual(20);
  } finally { await app.close(); }
});

test('a pass asked for after the clock moved runs what is then due, though one begun before is still running', async () => {
  const clock = { now: T0 };
  const app = await server(clock);
  try {
    await app.services.jobs.schedule(database.db, 'jobtest.once', 'after-the-move', new Date(T0.getTime() + 60_000));
    const begun = app.services.jobs.tick();
    clock.now = new Date(T0.getTime() + 120_000); // the test clock moves while the server's own pass runs
    expect(app.services.jobs.tick()).toBe(begun); // a plain tick shares that pass
    await app.services.jobs.tickFromNow();
    expect(await runsOf('once')).toContain('after-the-move');
  } finally { await app.close(); }
});

(databaseUrl ? test : test.skip)('two servers on one PostgreSQL database: each due run runs once between them', async () => {
  const clock = { now: T0 };
  const [a, b] = [await server(clock), await server(clock)];
  try {
    for (let i = 0; i < 40; i++) await a.services.jobs.schedule(database.db, 'jobtest.once', `race:${i}`, new Date(T0.getTime() - i * 1000));
    await Promise.all([a.services.jobs.tick(), b.services.jobs.tick(), a.services.jobs.tick(), b.services.jobs.tick()]);
    await Promise.all([a.services.jobs.tick(), b.services.jobs.tick()]);
    const runs = (await runsOf('once')).filter((k) => k.startsWith('race:'));
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
  } finally { await a.close(); await b.close(); }
});

test('migration 025 carries a run pending under a job\'s old name over to its new one: it runs once, under the new name', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const copy = (until: (file: string) => boolean) => {
    for (const f of migrationFiles()) if (until(f)) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  };
  const old = await openDatabase({ databaseUrl, memory: !databaseUrl, isolatedSchema: Boolean(databaseUrl), migrate: false });
  try {
    copy((f) => f < '025_job_names.sql');
    await migrate(old, dir);
    const due = new Date(T0.getTime() - MINUTE_MS);
    await old.db.insertInto('job_runs').values({ name: 'lockmining.yield', key: due.toISOString(), due_at: due }).execute();
    copy((f) => f <= '025_job_names.sql');
    expect(await migrate(old, dir)).toEqual(['025_job_names.sql']);
    const ran: string[] = [];
    const yieldJob = { name: 'mining.yield', run: async ({ key }: JobRun) => { ran.push(key); } };
    const scheduler = new Scheduler(old, () => ({}) as Services, [yieldJob], () => T0, pino({ level: 'silent' }));
    await scheduler.tick();
    await scheduler.tick();
    expect(miningJobs.map((j) => j.name)).toEqual(['mining.yield']);
    expect(ran).toEqual([due.toISOString()]);
    expect(await old.db.selectFrom('job_runs').select(['name', 'done_at']).execute())
      .toEqual([{ name: 'mining.yield', done_at: expect.anything() }]);
  } finally {
    await old.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
