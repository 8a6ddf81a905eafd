/**
 * PostgreSQL for the bench: the server to use (BENCH_DATABASE_URL, default the test database), whether it
 * answers, and a fresh database of its own for a server started with DATABASE_URL (which migrates and seeds
 * the database it is given, so it must never be a shared one), dropped afterwards.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Undefined when PostgreSQL answers at POSTGRES, else why not. */
export async function postgresProblem(): Promise<string | undefined> {
  try {
    await withClient(POSTGRES, (c) => c.query('select 1'));
    return undefined;
  } catch (err) {
    return `PostgreSQL at ${POSTGRES} is unreachable (${(err as Error).message}); set BENCH_DATABASE_URL`;
  }
}

export interface FreshDatabase { url: string; name: string; drop(): Promise<void> }

/** `create database bench_<random>` on the POSTGRES server; `drop()` removes it (closing what is left connected). */
export async function freshDatabase(): Promise<FreshDatabase> {
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(POSTGRES, (c) => c.query(`create database ${name}`));
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withClient(POSTGRES, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
