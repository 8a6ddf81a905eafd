/**
 * The Redis client (REDIS_URL). A lost connection is tried again by ioredis itself, backing off; meanwhile a
 * command fails at once rather than waiting in a queue (its callers fall back: throttle/fallbackCounters.ts).
 * The outage and the return are logged once each.
 */
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { backoffMs } from './backoff';

export function openRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => backoffMs(attempt, 200, 5000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, 'Redis is unreachable: rate limits are counted in the database until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again: rate limits are counted there again');
  });
  return redis;
}

export function redisIsUp(redis: Redis): boolean {
  return redis.status === 'ready';
}

/** Ends the connection: politely when it is up, at once when it is not (QUIT would wait for a reconnection). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redisIsUp(redis)) await redis.quit();
  else redis.disconnect();
}
