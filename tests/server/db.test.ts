import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/server/db/migrate';
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

test('migration 018 moves a database made before it to the platform\'s currency ids: USDT 100 -> 3, bases from 3 up by one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const upTo = (last: string) => {
    for (const f of migrationFiles()) if (f <= last) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  };
  const old = await openDatabase({ databaseUrl, memory: !databaseUrl, isolatedSchema: Boolean(databaseUrl), migrate: false });
  try {
    upTo('017_change_notices.sql');
    await migrate(old, dir);
    const user = await old.db.insertInto('users').values({ username: 'u', email: 'u@example.com', password_hash: 'x', nickname: 'u', extension_code: 'OLD018' }).returning('id').executeTakeFirstOrThrow();
    await old.db.insertInto('currency_chains').values([
      { currency_id: 100, chain: 'TRC20', deposit_address: 'T1', deposit_min: '1', withdraw_min: '1', withdraw_fee: '1', sort: 0 },
      { currency_id: 3, chain: 'BEP20', deposit_address: '0x1', deposit_min: '1', withdraw_min: '1', withdraw_fee: '1', sort: 1 },
      { currency_id: 4, chain: 'SOL', deposit_address: 'S1', deposit_min: '1', withdraw_min: '1', withdraw_fee: '1', sort: 2 },
    ]).execute();
    // The column was `qr` before migration 020.
    await old.db.insertInto('wallet_addresses').values({ user_id: user.id, currency_id: 100, chain: 'TRC20', name: 'mine', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', qr: '' } as never).execute();
    // USDT, BNB (3), SOL (4) and BTC (1) accounts of one user: renumbered without colliding on the unique key.
    for (const currency_id of [100, 3, 4, 1]) await old.db.insertInto('ledger_accounts').values({ owner: `user:${user.id}`, user_id: user.id, currency_id, type: 2 }).execute();
    upTo('018_platform_currency_ids.sql');
    expect(await migrate(old, dir)).toEqual(['018_platform_currency_ids.sql']);
    const accounts = await old.db.selectFrom('ledger_accounts').select('currency_id').where('owner', '=', `user:${user.id}`).orderBy('currency_id').execute();
    expect(accounts.map((a) => a.currency_id)).toEqual([1, 3, 4, 5]);
    const chains = await old.db.selectFrom('currency_chains').select(['currency_id', 'chain']).orderBy('currency_id').execute();
    expect(chains).toEqual([{ currency_id: 3, chain: 'TRC20' }, { currency_id: 4, chain: 'BEP20' }, { currency_id: 5, chain: 'SOL' }]);
    const address = await old.db.selectFrom('wallet_addresses').select(['currency_id', 'chain']).executeTakeFirstOrThrow();
    expect(address).toEqual({ currency_id: 3, chain: 'TRC20' });
  } finally {
    await old.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
