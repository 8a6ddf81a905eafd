/**
 * A small Kysely dialect for PGlite. PGlite is a single connection, so every connection Kysely acquires
 * (one per query, or one for a whole transaction) holds a mutex until it is released: transactions never
 * interleave. Inside `db.transaction()` always use the `trx` object, never `db` (that would wait forever).
 */
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type DatabaseIntrospector, type Dialect, type DialectAdapter, type Driver,
  type Kysely, type QueryCompiler, type QueryResult, type TransactionSettings,
} from 'kysely';
import type { PgliteLike } from './pgliteThread';

/** FIFO async mutex. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => { release = resolve; });
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    let released = false;
    return () => { if (!released) { released = true; release(); } };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const unlock = await this.lock();
    try { return await fn(); } finally { unlock(); }
  }
}

/** Dates travel as ISO strings (a Date from another realm, e.g. a jest sandbox, is not `instanceof Date` for PGlite). */
export function toParam(value: unknown): unknown {
  if (Object.prototype.toString.call(value) === '[object Date]') return (value as Date).toISOString();
  return value;
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PgliteLike) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, query.parameters.map(toParam));
    const command = /^\s*(insert|update|delete|merge)\b/i.exec(query.sql);
    return {
      rows: result.rows ?? [],
      numAffectedRows: command ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private readonly releases = new Map<DatabaseConnection, () => void>();

  constructor(private readonly pg: PgliteLike, private readonly mutex: Mutex) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> { await this.pg.waitReady; }

  async acquireConnection(): Promise<DatabaseConnection> {
    const unlock = await this.mutex.lock();
    this.releases.set(this.connection, unlock);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin';
    if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) text += ` ${settings.accessMode}`;
    await conn.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('commit')); }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('rollback')); }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint "${name.replace(/"/g, '')}"`));
  }
  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint "${name.replace(/"/g, '')}"`));
  }
  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint "${name.replace(/"/g, '')}"`));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const unlock = this.releases.get(conn);
    this.releases.delete(conn);
    unlock?.();
  }

  async destroy(): Promise<void> {
    await this.mutex.run(async () => { if (!this.pg.closed) await this.pg.close(); });
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PgliteLike, private readonly mutex: Mutex) {}
  createAdapter(): DialectAdapter { return new PostgresAdapter(); }
  createDriver(): Driver { return new PGliteDriver(this.pg, this.mutex); }
  createQueryCompiler(): QueryCompiler { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector { return new PostgresIntrospector(db); }
}
