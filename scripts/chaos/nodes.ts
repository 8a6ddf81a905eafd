/**
 * `--nodes N` (N > 1): the nodes share a PostgreSQL database made for the run (on DATABASE_URL's server, or
 * postgres://root@127.0.0.1:5432/test; dropped at the end) and Redis (REDIS_URL, or the local server's
 * database 1) under a prefix of the run's own: the adapter's channels and the throttle's keys, which expire
 * by themselves. Each node has its own DATA_DIR (ops.json) with one uploads folder for all, as a shared
 * volume would be.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { onCleanup } from './cleanup';

const DEFAULT_DATABASE_URL = 'postgres://root@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/1';

export interface SharedState { databaseUrl: string; redis: { url: string; prefix: string } }

/** Creates the run's database (dropped on cleanup, connections and all). */
async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `chaos_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try { await client.query(`create database ${name}`); } finally { await client.end(); }
  // Synchronous, as cleanups are (they also run from a signal handler).
  onCleanup(() => {
    const drop = `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
      c.connect().then(() => c.query('drop database if exists ${name} with (force)')).finally(() => c.end());`;
    spawnSync(process.execPath, ['-e', drop, serverUrl], { stdio: 'ignore', timeout: 20_000 });
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function sharedState(): Promise<SharedState> {
  return {
    databaseUrl: await freshDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL),
    redis: { url: process.env.REDIS_URL || DEFAULT_REDIS_URL, prefix: `chaos:${crypto.randomBytes(6).toString('hex')}:` },
  };
}

/** A node's DATA_DIR under `root`, its uploads folder the one of every node. */
export function nodeDataDir(root: string, node: number): string {
  const dataDir = path.join(root, `node${node}`);
  const uploads = path.join(root, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.symlinkSync(uploads, path.join(dataDir, 'uploads'));
  return dataDir;
}
