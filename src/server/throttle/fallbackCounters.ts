/**
 * Counters in Redis while it is reachable, in the database while it is not: the limits keep holding on every
 * node through a Redis outage (the database is shared as well), instead of letting every request through or
 * refusing them all. A key's window that began in one store is not seen by the other, so across a switch a
 * client may get up to twice a limit, once.
 */
import { ReplyError } from 'ioredis';
import type { Counters } from './counters';

/** `primary` while `primaryUp()`, else `fallback`; a call that fails on `primary` for anything but a command error is made on `fallback`. */
export function fallbackCounters(primary: Counters, fallback: Counters, primaryUp: () => boolean): Counters {
  const use = async <T>(call: (counters: Counters) => Promise<T>): Promise<T> => {
    if (!primaryUp()) return call(fallback);
    try {
      return await call(primary);
    } catch (err) {
      if (err instanceof ReplyError) throw err;
      return call(fallback);
    }
  };
  return {
    // Counted as Redis is (each request a hit of its own): during an outage that is a database statement each.
    kind: primary.kind,
    hit: (key, windowMs, n) => use((c) => c.hit(key, windowMs, n)),
    peek: (key) => use((c) => c.peek(key)),
    clear: (key) => use((c) => c.clear(key)),
  };
}
