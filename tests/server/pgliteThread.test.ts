/**
 * The server's embedded database (a data directory) runs PGlite on a worker thread (db/pgliteThread.ts):
 * the same Database as in memory, and the event loop stays free while a query runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import workerThreads, { type Worker } from 'node:worker_threads';
import { openDatabase, type Database } from '../../src/server/db';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';

let dataDir: string;
let database: Database;
/** The threads the database starts, to end one as a crash would. */
const threads: Worker[] = [];
const NodeWorker = workerThreads.Worker;
jest.spyOn(workerThreads, 'Worker').mockImplementation((...args: ConstructorParameters<typeof Worker>) => {
  const worker = new NodeWorker(...args);
  threads.push(worker);
  return worker;
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  database = await openDatabase({ dataDir });
  await database.script((t) => t.exec('create table thread_probe (id int primary key, note text not null)'));
}, 120_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('migrated, and queries answer through Kysely', async () => {
  expect(database.kind).toBe('pglite');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(database.db);
  expect(rows[0].n).toBeGreaterThan(10);
  await database.db.insertInto('thread_probe' as never).values({ id: 1, note: 'one' } as never).execute();
  expect((await sql<{ note: string }>`select note from thread_probe where id = 1`.execute(database.db)).rows).toEqual([{ note: 'one' }]);
});

test('a failure keeps PostgreSQL\'s fields, and a failed transaction leaves nothing', async () => {
  const err = await sql`insert into thread_probe values (1, 'again')`.execute(database.db).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Error);
  expect(err).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });

  await expect(database.db.transaction().execute(async (trx) => {
    await sql`insert into thread_probe values (2, 'two')`.execute(trx);
    throw new Error('changed my mind');
  })).rejects.toThrow('changed my mind');
  await expect(database.script(async (t) => {
    await t.query('insert into thread_probe values ($1, $2)', [3, 'three']);
    throw new Error('no');
  })).rejects.toThrow('no');
  expect((await sql<{ id: number }>`select id from thread_probe order by id`.execute(database.db)).rows).toEqual([{ id: 1 }]);
});

test('LISTEN notices arrive, and stop when asked', async () => {
  const heard: string[] = [];
  const stop = await database.listen('thread_probe', (payload) => heard.push(payload), () => undefined);
  await sql`select pg_notify('thread_probe', 'hello')`.execute(database.db);
  await waitFor(() => heard.length === 1);
  expect(heard).toEqual(['hello']);
  await stop();
  await sql`select pg_notify('thread_probe', 'unheard')`.execute(database.db);
  await sql`select 1`.execute(database.db);
  expect(heard).toEqual(['hello']);
});

test('the event loop runs while a long query does', async () => {
  let ticks = 0;
  const timer = setInterval(() => { ticks++; }, 5);
  try {
    let during = 0;
    await sql`select count(*) from generate_series(1, 4000000)`.execute(database.db).then(() => { during = ticks; });
    expect(during).toBeGreaterThan(2); // on the event loop itself the query would let no timer fire
  } finally {
    clearInterval(timer);
  }
});

test('settling a database created in this open moves it to a new thread: data and listeners carry over', async () => {
  const heard: string[] = [];
  const stop = await database.listen('thread_probe', (payload) => heard.push(payload), () => undefined);
  await database.settle();
  expect((await sql<{ note: string }>`select note from thread_probe`.execute(database.db)).rows).toEqual([{ note: 'one' }]);
  await sql`select pg_notify('thread_probe', 'after')`.execute(database.db);
  await waitFor(() => heard.length === 1);
  expect(heard).toEqual(['after']);
  await stop();
  await database.settle(); // once only: nothing happens
});

test('a thread that dies is started again: what was asked meanwhile fails as unavailable, a transaction never spans two threads, notices resume', async () => {
  const heard: string[] = [];
  const lives: boolean[] = [];
  const stop = await database.listen('thread_probe', (payload) => heard.push(payload), (live) => lives.push(live));
  const trx = await database.db.startTransaction().execute();
  await sql`insert into thread_probe values (5, 'half a transaction')`.execute(trx);

  await threads.at(-1)!.terminate(); // as the thread would end if PGlite aborted
  await new Promise((r) => setTimeout(r, 500)); // longer than the first restart waits
  const during = await sql`insert into thread_probe values (6, 'in the transaction, after the death')`.execute(trx).catch((e: unknown) => e);
  expect(isDatabaseUnavailable(during)).toBe(true);
  await trx.rollback().execute().catch(() => undefined);
  // The restart waits for no query to run, so no statement of that transaction reached the new thread.
  for (let i = 0; i < 300 && !(await sql`select 1`.execute(database.db).then(() => true, (e: unknown) => !isDatabaseUnavailable(e))); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await sql<{ id: number }>`select id from thread_probe order by id`.execute(database.db)).rows).toEqual([{ id: 1 }]);
  expect(lives).toEqual([false, true]);
  await sql`select pg_notify('thread_probe', 'after the restart')`.execute(database.db);
  await waitFor(() => heard.length === 1);
  expect(heard).toEqual(['after the restart']);
  await stop();
}, 60_000);

test('what was written is there after a reopen', async () => {
  await database.close();
  database = await openDatabase({ dataDir });
  expect((await sql<{ note: string }>`select note from thread_probe`.execute(database.db)).rows).toEqual([{ note: 'one' }]);
}, 120_000);

async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
