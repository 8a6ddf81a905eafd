/**
 * Fixed-window counters shared by every node: `hit(key, windowMs)` adds one and tells the count in the
 * current window and when it ends. Each hit is one atomic statement (PostgreSQL `insert … on conflict do
 * update`, a Redis script), so concurrent hits on several nodes are all counted.
 */
import { sql, type Kysely } from 'kysely';
import type Redis from 'ioredis';
import type { DB } from '../db';

export interface Count { count: number; resetAt: Date }

export interface Counters {
  /** Where the counts are kept: a hit costs a database statement, or a Redis round trip. */
  readonly kind: 'database' | 'redis';
  /** Adds `n` (default 1) to the key's count in the current window, opening one when none is. */
  hit(key: string, windowMs: number, n?: number): Promise<Count>;
  /** The count without adding one (0 when no window is open). */
  peek(key: string): Promise<Count>;
  /** Forgets a key (a successful login clears its failures). */
  clear(key: string): Promise<void>;
}

export function databaseCounters(db: Kysely<DB>, now: () => Date): Counters {
  return {
    kind: 'database',
    async hit(key, windowMs, n = 1) {
      const at = now();
      const ends = new Date(at.getTime() + windowMs);
      const row = await sql<{ count: number; expires_at: Date }>`
        insert into throttle_counters (key, count, expires_at) values (${key}, ${n}, ${ends})
        on conflict (key) do update set
          count = case when throttle_counters.expires_at <= ${at} then ${n} else throttle_counters.count + ${n} end,
          expires_at = case when throttle_counters.expires_at <= ${at} then excluded.expires_at else throttle_counters.expires_at end
        returning count, expires_at`.execute(db);
      const [{ count, expires_at }] = row.rows;
      return { count, resetAt: new Date(expires_at) };
    },
    async peek(key) {
      const at = now();
      const row = await db.selectFrom('throttle_counters').select(['count', 'expires_at'])
        .where('key', '=', key).where('expires_at', '>', at).executeTakeFirst();
      return row ? { count: row.count, resetAt: new Date(row.expires_at) } : { count: 0, resetAt: at };
    },
    async clear(key) {
      await db.deleteFrom('throttle_counters').where('key', '=', key).execute();
    },
  };
}

/** INCRBY, and start the window's expiry on the first hit; answers the count and the milliseconds left. */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export function redisCounters(redis: Redis, prefix = 'throttle:'): Counters {
  return {
    kind: 'redis',
    async hit(key, windowMs, n = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs), String(n))) as [number, number];
      return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}
