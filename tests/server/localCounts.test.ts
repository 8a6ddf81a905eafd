/** The per-request count kept in memory between syncs with the shared counter (throttle/localCounts.ts). */
import type { Count, Counters } from '../../src/server/throttle/counters';
import { localCounts } from '../../src/server/throttle/localCounts';

const WINDOW = 60_000;

/** The shared counter as the database keeps it, recording each statement. */
function sharedCounters(now: () => Date) {
  const rows = new Map<string, { count: number; expires: number }>();
  const calls: Array<{ key: string; n: number }> = [];
  const counters: Counters = {
    kind: 'database',
    async hit(key, windowMs, n = 1): Promise<Count> {
      calls.push({ key, n });
      const at = now().getTime();
      const row = rows.get(key);
      const next = !row || row.expires <= at ? { count: n, expires: at + windowMs } : { count: row.count + n, expires: row.expires };
      rows.set(key, next);
      return { count: next.count, resetAt: new Date(next.expires) };
    },
    async peek() { throw new Error('not used'); },
    async clear(key) { rows.delete(key); },
  };
  return { counters, calls, rows };
}

test('one node counts exactly; the shared counter gets the first hit at once and the rest in one statement', async () => {
  const clock = { ms: Date.parse('2026-11-25T10:00:00Z') };
  const now = () => new Date(clock.ms);
  const shared = sharedCounters(now);
  const counts = localCounts(shared.counters, WINDOW, now, 60_000);
  const seen: number[] = [];
  for (let i = 0; i < 5; i++) seen.push((await counts.hit('k')).count);
  expect(seen).toEqual([1, 2, 3, 4, 5]);
  expect(shared.calls).toEqual([{ key: 'k', n: 1 }]);
  await counts.sync();
  expect(shared.calls).toEqual([{ key: 'k', n: 1 }, { key: 'k', n: 4 }]);
  expect(shared.rows.get('k')?.count).toBe(5);
  expect((await counts.hit('k')).count).toBe(6);
  await counts.stop();
  expect(shared.rows.get('k')?.count).toBe(6);
});

test('two nodes see each other\'s hits at each sync; a new window starts from the shared counter', async () => {
  const clock = { ms: Date.parse('2026-11-25T10:00:00Z') };
  const now = () => new Date(clock.ms);
  const shared = sharedCounters(now);
  const a = localCounts(shared.counters, WINDOW, now, 60_000);
  const b = localCounts(shared.counters, WINDOW, now, 60_000);
  for (let i = 0; i < 3; i++) await a.hit('k');
  await a.sync();
  expect((await b.hit('k')).count).toBe(4); // b's first hit goes to the shared counter
  await b.hit('k');
  await b.sync();
  await a.hit('k');
  await a.sync();
  expect((await a.hit('k')).count).toBe(7); // a's 4 + b's 2, and this one
  clock.ms += WINDOW;
  expect((await a.hit('k')).count).toBe(1);
  await a.stop();
  await b.stop();
});

test('a failed sync keeps what was pending for the next one', async () => {
  const clock = { ms: Date.parse('2026-11-25T10:00:00Z') };
  const now = () => new Date(clock.ms);
  const shared = sharedCounters(now);
  const counts = localCounts(shared.counters, WINDOW, now, 60_000);
  await counts.hit('k');
  await counts.hit('k');
  const hit = shared.counters.hit;
  shared.counters.hit = async () => { throw new Error('database unavailable'); };
  await expect(counts.sync()).rejects.toThrow('database unavailable');
  shared.counters.hit = hit;
  await counts.sync();
  expect(shared.rows.get('k')?.count).toBe(2);
  await counts.stop();
});
