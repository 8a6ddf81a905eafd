/**
 * `--nodes N` (N > 1): the nodes share the run's PostgreSQL database (database.ts) and Redis (REDIS_URL, or
 * the local server's database 1) under a prefix of the run's own: the adapter's channels and the throttle's
 * keys, which expire by themselves. Each node has its own DATA_DIR (ops.json) with one uploads folder for
 * all, as a shared volume would be.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/1';

export function sharedRedis(): { url: string; prefix: string } {
  return { url: process.env.REDIS_URL || DEFAULT_REDIS_URL, prefix: `chaos:${crypto.randomBytes(6).toString('hex')}:` };
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
