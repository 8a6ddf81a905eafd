/**
 * The database the run's server uses: the embedded one in its DATA_DIR, or (`--pg`) a PostgreSQL database the
 * run creates for itself and drops at the end. On PostgreSQL the server's connections carry an
 * `application_name` of this run, so that dropping them (drops.ts) ends this run's connections and no one else's.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './cleanup';

export const DEFAULT_PG_URL = 'postgres://root@127.0.0.1:5432/test';

export interface ChaosDatabase {
  /** `PGlite in DATA_DIR`, `PostgreSQL database chaos_… on 127.0.0.1:5432`. */
  readonly label: string;
  /** DATABASE_URL for the server; none for the embedded database. */
  readonly serverUrl?: string;
  /** PostgreSQL: ends every connection the run's server holds (pg_terminate_backend); answers how many. */
  terminateServerConnections?(): Promise<number>;
}

export const embeddedDatabase: ChaosDatabase = { label: 'PGlite in DATA_DIR' };

/** A new database on the server of `adminUrl`, dropped when the run ends, however it ends. */
export async function postgresDatabase(adminUrl: string, seed: number): Promise<ChaosDatabase> {
  const suffix = `${seed}_${crypto.randomBytes(3).toString('hex')}`;
  const name = `chaos_${suffix}`;
  const applicationName = `chaos-${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl, application_name: 'chaos-admin' });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  onCleanup(() => dropDatabase(adminUrl, name));
  onCleanup(() => { void admin.end(); });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  url.searchParams.set('application_name', applicationName);
  return {
    label: `PostgreSQL database ${name} on ${url.host}`,
    serverUrl: url.toString(),
    async terminateServerConnections() {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2 and pid <> pg_backend_pid()',
        [applicationName, name],
      );
      return rowCount ?? 0;
    },
  };
}

/**
 * Drops the run's database, ending what still connects to it (a killed server's connections may linger).
 * Synchronous, as cleanups must be (they also run from signal handlers): a short node process does it.
 */
function dropDatabase(adminUrl: string, name: string): void {
  const script = `const pg = require('pg');
const c = new pg.Client({ connectionString: process.argv[1], application_name: 'chaos-admin' });
c.connect().then(() => c.query('drop database if exists "${name}" with (force)')).then(() => c.end(), (err) => { console.error(err.message); process.exit(1); });`;
  const dropped = spawnSync(process.execPath, ['-e', script, adminUrl], { cwd: __dirname, encoding: 'utf8', timeout: 30_000 });
  if (dropped.status !== 0) console.error(`could not drop the database ${name}: ${dropped.stderr.trim() || dropped.error?.message}`);
}
