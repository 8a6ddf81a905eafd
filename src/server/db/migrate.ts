/**
 * Applies `migrations/NNN_name.sql` in order, each file once, recorded in `schema_migrations`. Runs in one
 * transaction under an advisory lock so several nodes starting together do not race.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './index';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs.readdirSync(dir).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
}

/** Returns the names of the migrations applied now. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  return database.script(async (t) => {
    await t.query('select pg_advisory_xact_lock(hashtext(current_schema()))');
    await t.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await t.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await t.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
      await t.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
