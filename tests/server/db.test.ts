import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import { Mutex } from '../../src/server/db/pglite-dialect';

const databaseUrl = process.env.DATABASE_URL || undefined;
let d: Database;
beforeAll(async () => { d = await openDatabase({ databaseUrl, memory: !databaseUrl, isolatedSchema: Boolean(databaseUrl) }); }, 60_000);
afterAll(async () => { await d?.close(); });

test('migrations are recorded and applied once', async () => {
  const rows = await d.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
  expect(rows.map((r) => r.name)).toEqual(migrationFiles());
  expect(await migrate(d)).toEqual([]);
});

test('NUMERIC keeps exact decimals and comes back as a string', async () => {
  await d.db.insertInto('fiat_rates').values({ currency_code: 'VND', rate: '25420.123456789012345678' }).execute();
  const row = await d.db.selectFrom('fiat_rates').select('rate').where('currency_code', '=', 'VND').executeTakeFirstOrThrow();
  expect(row.rate).toBe('25420.123456789012345678');
  await expect(d.db.insertInto('fiat_rates').values({ currency_code: 'XXX', rate: '0' }).execute()).rejects.toThrow();
});

test('transactions commit, roll back and do not interleave', async () => {
  await expect(d.db.transaction().execute(async (trx) => {
    await trx.insertInto('site_config').values({ key: 'rolled', value: '1' }).execute();
    throw new Error('abort');
  })).rejects.toThrow('abort');
  expect(await d.db.selectFrom('site_config').select('key').where('key', '=', 'rolled').executeTakeFirst()).toBeUndefined();

  await d.db.insertInto('site_config').values({ key: 'counter', value: '0' }).execute();
  await Promise.all(Array.from({ length: 10 }, () => d.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('site_config').select('value').where('key', '=', 'counter').forUpdate().executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 2));
    await trx.updateTable('site_config').set({ value: String(Number(row.value) + 1) }).where('key', '=', 'counter').execute();
  })));
  const done = await d.db.selectFrom('site_config').select('value').where('key', '=', 'counter').executeTakeFirstOrThrow();
  expect(done.value).toBe('10');
});

test('savepoints (nested transactions) work', async () => {
  const trx = await d.db.startTransaction().execute();
  await trx.insertInto('site_config').values({ key: 'outer', value: '1' }).execute();
  const sp = await trx.savepoint('inner').execute();
  await sp.insertInto('site_config').values({ key: 'inner', value: '1' }).execute();
  await sp.rollbackToSavepoint('inner').execute();
  await trx.commit().execute();
  const keys = (await d.db.selectFrom('site_config').select('key').where('key', 'in', ['outer', 'inner']).execute()).map((r) => r.key);
  expect(keys).toEqual(['outer']);
});

test('dates round-trip', async () => {
  const at = new Date('2030-01-02T03:04:05.678Z');
  const { rows } = await sql<{ t: Date }>`select ${at}::timestamptz as t`.execute(d.db);
  expect(new Date(rows[0].t).toISOString()).toBe(at.toISOString());
});

test('the mutex runs critical sections one at a time, in order', async () => {
  const m = new Mutex();
  const log: string[] = [];
  await Promise.all([1, 2, 3].map((i) => m.run(async () => {
    log.push(`start${i}`);
    await new Promise((r) => setTimeout(r, 5));
    log.push(`end${i}`);
  })));
  expect(log).toEqual(['start1', 'end1', 'start2', 'end2', 'start3', 'end3']);
});

(databaseUrl ? test : test.skip)('pg: the isolated schema is used and dropped on close', async () => {
  expect(d.schema).toMatch(/^t_[0-9a-f]{12}$/);
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(d.db);
  expect(rows[0].s).toBe(d.schema);
  const other = await openDatabase({ databaseUrl, isolatedSchema: true });
  const name = other.schema!;
  await other.close();
  const { rows: left } = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${name}`.execute(d.db);
  expect(left[0].n).toBe(0);
});
