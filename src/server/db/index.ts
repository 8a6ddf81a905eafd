/**
 * The database: Kysely over embedded PGlite (default; DATA_DIR/pglite, or in memory for tests) or over a
 * `pg` Pool when DATABASE_URL is set. The same SQL migrations run on both.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Module, { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrate, migrationFiles, MIGRATIONS_DIR } from './migrate';
import { Mutex, PGliteDialect, toParam } from './pglite-dialect';
import type { DB } from './schema.generated';

export type { DB } from './schema.generated';

/** One SQL transaction for scripts (migrations): `exec` runs multi-statement SQL, `query` one statement with parameters. */
export interface ScriptTransaction {
  exec(sql: string): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'pg';
  /** The schema this instance works in (pg isolated mode), else undefined. */
  schema?: string;
  script<T>(fn: (t: ScriptTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory parent (data lives in `<dataDir>/pglite`); ignored with `memory`. */
  dataDir?: string;
  /** PGlite in memory (tests). */
  memory?: boolean;
  /** pg only: create a fresh schema with a random name, use it on every pooled connection, drop it on close. */
  isolatedSchema?: boolean;
  /** Apply migrations (default true). */
  migrate?: boolean;
  /**
   * PGlite in memory only (tests): start from a dump of a freshly migrated database cached in this
   * directory (keyed by the migration files), which is several times faster than initdb + migrations.
   */
  pgliteTemplateDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPg(options.databaseUrl, options.isolatedSchema ?? false) : await openPglite(options);
  if (options.migrate !== false) {
    try { await migrate(database); } catch (err) { await database.close().catch(() => undefined); throw err; }
  }
  return database;
}

type PgliteModule = typeof import('@electric-sql/pglite');

/**
 * PGlite's CommonJS build loads node built-ins with dynamic `import()`, which jest's module sandbox refuses
 * (without --experimental-vm-modules). Under jest it is therefore loaded by Node's own loader, outside the
 * sandbox; everywhere else with a plain require.
 */
function loadPglite(): PgliteModule {
  if (process.env.JEST_WORKER_ID !== undefined) {
    const nodeModule = Module as unknown as { _load?: (request: string, parent: unknown, isMain: boolean) => unknown };
    if (typeof nodeModule._load === 'function') return nodeModule._load(require.resolve('@electric-sql/pglite'), null, false) as PgliteModule;
  }
  return createRequire(__filename)('@electric-sql/pglite') as PgliteModule;
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite } = loadPglite();
  let pglite: PGlite;
  if ((options.memory || !options.dataDir) && options.pgliteTemplateDir && options.migrate !== false) {
    pglite = await fromTemplate(PGlite, options.pgliteTemplateDir);
  } else if (options.memory || !options.dataDir) {
    pglite = await PGlite.create();
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const mutex = new Mutex();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, mutex) });
  return {
    db,
    kind: 'pglite',
    script: (fn) => mutex.run(() => pglite.transaction(async (tx) => fn({
      exec: async (sql) => { await tx.exec(sql); },
      query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params?.map(toParam))).rows,
    }))),
    close: () => db.destroy(),
  };
}

async function fromTemplate(PGliteClass: PgliteModule['PGlite'], dir: string): Promise<PGlite> {
  const hash = crypto.createHash('sha256');
  for (const f of migrationFiles()) hash.update(f).update(fs.readFileSync(path.join(MIGRATIONS_DIR, f)));
  const file = path.join(dir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) {
    try {
      return await PGliteClass.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    } catch {
      fs.rmSync(file, { force: true });
    }
  }
  const fresh = await PGliteClass.create();
  const mutex = new Mutex();
  const temp: Database = {
    db: new Kysely<DB>({ dialect: new PGliteDialect(fresh, mutex) }),
    kind: 'pglite',
    script: (fn) => mutex.run(() => fresh.transaction(async (tx) => fn({
      exec: async (sql) => { await tx.exec(sql); },
      query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params?.map(toParam))).rows,
    }))),
    close: async () => undefined,
  };
  await migrate(temp);
  const dump = await fresh.dumpDataDir('none');
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return fresh;
}

async function openPg(connectionString: string, isolated: boolean): Promise<Database> {
  let schema: string | undefined;
  if (isolated) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString });
    await client.connect();
    try { await client.query(`create schema "${schema}"`); } finally { await client.end(); }
  }
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pg',
    schema,
    async script(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          exec: async (sql) => { await client.query(sql); },
          query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (schema) await pool.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
      await db.destroy();
    },
  };
}
