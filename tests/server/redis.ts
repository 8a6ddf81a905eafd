/**
 * Redis for the tests of several nodes: logical database 1 of the local server, and a prefix of each
 * suite's own on every key and channel, whose keys alone are removed at the end (others share this Redis:
 * never FLUSHALL or FLUSHDB).
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379/1';

export interface RedisScope {
  prefix: string;
  /** Deletes the keys under the prefix and closes the connection. */
  clear(): Promise<void>;
}

export function redisScope(): RedisScope {
  const prefix = `test:${crypto.randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    async clear() {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await redis.quit();
      }
    },
  };
}
