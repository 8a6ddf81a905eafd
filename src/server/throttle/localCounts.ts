/**
 * A shared counter counted in memory between syncs, for the request limit kept in the database (with Redis
 * each request is counted there at once: plugin.ts): the first hit of a key on this node goes to the shared
 * counter at once (a client already over the limit elsewhere is refused), later hits are counted here and
 * added to the shared counter in one statement per key once every `syncMs`. A busy client costs one
 * database statement a second instead of one per request. With several nodes, a client can pass the limit
 * by what it sends to the other nodes within one sync interval; on one node the count is exact. Several
 * nodes run with Redis (README "Running several nodes"), where the count is exact.
 */
import type { Count, Counters } from './counters';

interface Entry {
  /** The shared count at the last sync, this node's hits included. */
  shared: number;
  /** Hits counted here since. */
  pending: number;
  resetAt: number;
}

export interface LocalCounts {
  hit(key: string): Promise<Count>;
  /** Adds what is pending to the shared counters now (tests, shutdown). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export function localCounts(counters: Counters, windowMs: number, now: () => Date, syncMs = 1000): LocalCounts {
  const entries = new Map<string, Entry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let syncing: Promise<void> = Promise.resolve();

  const remember = (key: string, { count, resetAt }: Count) => {
    const entry = entries.get(key);
    const pending = entry?.pending ?? 0;
    entries.set(key, { shared: count, pending, resetAt: resetAt.getTime() });
    return { count: count + pending, resetAt };
  };

  async function syncAll(): Promise<void> {
    timer = undefined;
    const at = now().getTime();
    for (const [key, entry] of entries) {
      if (entry.pending === 0) {
        if (entry.resetAt <= at) entries.delete(key);
        continue;
      }
      const n = entry.pending;
      entry.pending = 0;
      try {
        remember(key, await counters.hit(key, windowMs, n));
      } catch (err) {
        entry.pending += n; // counted again at the next sync
        throw err;
      }
    }
  }

  const sync = () => {
    syncing = syncing.then(syncAll, syncAll);
    return syncing;
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => { sync().catch(() => schedule()); }, syncMs);
    timer.unref?.();
  };

  return {
    async hit(key) {
      const at = now().getTime();
      const entry = entries.get(key);
      if (!entry || entry.resetAt <= at) {
        entries.delete(key);
        return remember(key, await counters.hit(key, windowMs));
      }
      entry.pending += 1;
      schedule();
      return { count: entry.shared + entry.pending, resetAt: new Date(entry.resetAt) };
    },
    sync,
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await sync().catch(() => undefined);
    },
  };
}
