/**
 * The Redis client (REDIS_URL). A lost connection is tried again by ioredis itself, backing off; meanwhile a
 * command fails at once rather than waiting for it (its callers fall back: throttle/fallbackCounters.ts).
 * The outage and the return are logged once each. A start waits a moment for the first connection.
 */
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { backoffMs } from './backoff';

/** How long a start waits for Redis before it serves without it (and connects to it as soon as it can). */
const FIRST_CONNECT_MS = 2000;

export async function openRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    // A command fails at once while disconnected, and one in flight when the connection breaks fails then.
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => backoffMs(attempt, 200, 5000),
  });
  let down = false;
  const lost = (err?: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err?.message }, 'Redis is unreachable: rate limits are counted in the database until it is back');
  };
  redis.on('error', lost);
  redis.on('reconnecting', () => lost()); // a connection that closed, which need not come with an error
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again: rate limits are counted there again');
  });
  await new Promise<void>((resolve) => {
    const ready = () => { clearTimeout(timer); resolve(); };
    const timer = setTimeout(() => { redis.off('ready', ready); resolve(); }, FIRST_CONNECT_MS);
    redis.once('ready', ready);
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
