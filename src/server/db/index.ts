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
import pino, { type Logger } from 'pino';
import { backoffMs } from '../backoff';
import { migrate, migrationFiles, MIGRATIONS_DIR } from './migrate';
import { Mutex, PGliteDialect, toParam } from './pglite-dialect';
import { PgliteThread, type PgliteLike } from './pgliteThread';
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
  /**
   * Receives the notices of `channel` (LISTEN) until the returned function is called. `onLive(false)`: the
   * listening connection broke and notices may be missed until `onLive(true)` (it reconnects by itself).
   */
  listen(channel: string, onNotice: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Gives back the memory that setting the database up took (call it once migrations and seeding are done):
   * PGlite on a thread that created its database in this start reopens it on a new thread, since its
   * WebAssembly memory never shrinks. Elsewhere it does nothing.
   */
  settle(): Promise<void>;
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
  /** Where lost connections and reconnections are told (default: nowhere). */
  log?: Logger;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.log ?? pino({ level: 'silent' });
  const database = options.databaseUrl ? await openPg(options.databaseUrl, options.isolatedSchema ?? false, log) : await openPglite(options, log);
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

/**
 * PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks: 16 MB
 * keeps an idle server near half the memory (pages beyond it are read from the operating system's cache).
 */
const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers = 16MB', 'wal_buffers = 1MB', 'maintenance_work_mem = 8MB', 'work_mem = 2MB', 'temp_buffers = 2MB'] };

async function openPglite(options: DatabaseOptions, log: Logger): Promise<Database> {
  if (options.dataDir && !options.memory) {
    // A data directory is the server's database: on a thread of its own, off the event loop.
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    // Creating the database (initdb), migrating and seeding it grow PGlite's memory by a few hundred MB.
    const creating = fs.readdirSync(dir).length === 0;
    const mutex = new Mutex();
    const thread = await PgliteThread.open(dir, PGLITE_OPTIONS, { log, exclusive: (fn) => mutex.run(fn) });
    return pgliteDatabase(thread, (db) => db.destroy(), { mutex, renew: creating ? () => thread.renew() : undefined, onLife: (fn) => thread.onLife(fn) });
  }
  const { PGlite } = loadPglite();
  const pglite = options.pgliteTemplateDir && options.migrate !== false
    ? await fromTemplate(PGlite, options.pgliteTemplateDir)
    : await PGlite.create(PGLITE_OPTIONS);
  return pgliteDatabase(pglite, (db) => db.destroy());
}

/**
 * A Database over PGlite: one query at a time (the mutex), `close` as given, `settle` running `renew` once,
 * listeners told by `onLife` when notices stop and resume (a thread that died and runs again).
 */
function pgliteDatabase(pglite: PgliteLike, close: (db: Kysely<DB>) => Promise<void>, options: {
  mutex?: Mutex;
  renew?: () => Promise<void>;
  onLife?: (fn: (live: boolean) => void) => () => void;
} = {}): Database {
  let unsettled = options.renew;
  const mutex = options.mutex ?? new Mutex();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, mutex) });
  return {
    db,
    kind: 'pglite',
    script: (fn) => mutex.run(async () => {
      await pglite.exec('begin');
      try {
        const out = await fn({
          exec: async (sql) => { await pglite.exec(sql); },
          query: async <R>(sql: string, params?: unknown[]) => (await pglite.query<R>(sql, params?.map(toParam))).rows,
        });
        await pglite.exec('commit');
        return out;
      } catch (err) {
        await pglite.exec('rollback').catch(() => undefined);
        throw err;
      }
    }),
    async settle() {
      const renewing = unsettled;
      unsettled = undefined;
      if (renewing) await mutex.run(renewing);
    },
    async listen(channel, onNotice, onLive) {
      // In the same process as every writer: no connection to lose, only a thread that may die.
      const stop = await mutex.run(() => pglite.listen(channel, onNotice));
      const unwatch = options.onLife?.(onLive);
      return () => { unwatch?.(); return mutex.run(() => stop()); };
    },
    // Kysely's destroy closes PGlite only once a query went through Kysely: a database used only by scripts
    // (migrations, the type generator) is closed here, else its timers keep the process alive.
    close: async () => {
      await close(db);
      await mutex.run(async () => { if (!pglite.closed) await pglite.close(); });
    },
  };
}

async function fromTemplate(PGliteClass: PgliteModule['PGlite'], dir: string): Promise<PGlite> {
  const hash = crypto.createHash('sha256');
  for (const f of migrationFiles()) hash.update(f).update(fs.readFileSync(path.join(MIGRATIONS_DIR, f)));
  const file = path.join(dir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) {
    try {
      return await PGliteClass.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([fs.readFileSync(file)]) });
    } catch {
      fs.rmSync(file, { force: true });
    }
  }
  const fresh = await PGliteClass.create(PGLITE_OPTIONS);
  const temp = pgliteDatabase(fresh, async () => undefined);
  await migrate(temp);
  const dump = await fresh.dumpDataDir('none');
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return fresh;
}

/**
 * Every connection of the server: named in pg_stat_activity (an `application_name` in DATABASE_URL wins),
 * kept alive by TCP keep-alives so that a peer gone silent is noticed, and given up after 10 s of trying to
 * connect (or of waiting for a free pooled connection) rather than hanging the request.
 */
const PG_CONNECTION = { application_name: 'trading-app', keepAlive: true, connectionTimeoutMillis: 10_000 };

async function openPg(connectionString: string, isolated: boolean, log: Logger): Promise<Database> {
  let schema: string | undefined;
  if (isolated) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ ...PG_CONNECTION, connectionString });
    await client.connect();
    try { await client.query(`create schema "${schema}"`); } finally { await client.end(); }
  }
  const clientConfig = { ...PG_CONNECTION, connectionString, ...(schema ? { options: `-c search_path="${schema}"` } : {}) };
  const pool = new pg.Pool({ ...clientConfig, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // A connection the server ends (a restart, a failover, pg_terminate_backend, idle_session_timeout) emits
  // 'error' on its client, and an idle one's on the pool too: with no listener either would end the process.
  // The pool drops such a client and connects anew when one is next needed; a query that was running on it
  // fails, and its request is answered "try again shortly".
  pool.on('error', (err) => log.warn({ err: err.message }, 'a pooled database connection was lost: the pool connects anew'));
  pool.on('connect', (client) => client.on('error', () => undefined));
  const listeners = new Set<() => Promise<void>>();
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
    async listen(channel, onNotice, onLive) {
      const stop = await listenPg(clientConfig, channel, onNotice, onLive, log);
      listeners.add(stop);
      return async () => { listeners.delete(stop); await stop(); };
    },
    settle: async () => undefined,
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      if (schema) await pool.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
      await db.destroy();
    },
  };
}

/**
 * LISTEN on a connection of its own (not a pooled one). After a break it connects again, backing off while
 * that fails, and tells `onLive` when the notices stop and when they flow again.
 */
async function listenPg(
  config: pg.ClientConfig, channel: string, onNotice: (payload: string) => void, onLive: (live: boolean) => void, log: Logger,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  const connect = async () => {
    const c = new pg.Client(config);
    c.on('notification', (n) => { if (n.channel === channel) onNotice(n.payload ?? ''); });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
  };
  const again = () => {
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      connect().then(() => {
        log.info({ channel, attempts }, 'listening for database notices again');
        attempts = 0;
        onLive(true);
      }, (err: unknown) => {
        log.warn({ channel, attempts, err: err instanceof Error ? err.message : String(err) }, 'database notices: could not listen again yet');
        again();
      });
    }, backoffMs(++attempts));
    retry.unref?.();
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = undefined;
    log.warn({ channel }, 'the connection listening for database notices was lost: listening again');
    onLive(false);
    c.end().catch(() => undefined);
    again();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
