/** The running market: ticks, candles of every period, statistics, restarts and long downtimes. */
import type { Candle } from '../../src/server/market/candles';
import { MarketEngine, type MarketSnapshot, type MarketStore } from '../../src/server/market/engine';
import { candleStart, PERIODS, type Period } from '../../src/server/market/periods';
import { D } from '../../src/shared/format/decimal';

/** The store contract, in memory. */
function memoryStore(): MarketStore & { candles: Map<string, Candle[]>; snaps: Map<string, MarketSnapshot> } {
  const candles = new Map<string, Candle[]>();
  const snaps = new Map<string, MarketSnapshot>();
  return {
    candles, snaps,
    async closedCandles(symbol, period, limit) { return (candles.get(`${symbol}|${period}`) ?? []).slice(-limit).map((c) => ({ ...c })); },
    async snapshot(symbol) { return snaps.get(symbol); },
    saveClosed(symbol, period, candle) {
      const key = `${symbol}|${period}`;
      if (!candles.has(key)) candles.set(key, []);
      candles.get(key)!.push({ ...candle });
    },
    async saveSnapshots(rows) { for (const { symbol, ...s } of rows) snaps.set(symbol, s); },
  };
}

const T0 = Date.parse('2026-11-22T13:47:30Z');
const SEED = 'engine-test';

async function openAt(store: MarketStore, nowMs: { v: number }): Promise<MarketEngine> {
  return MarketEngine.open({ seed: SEED, startMs: T0, store, now: () => nowMs.v });
}

test('history of every period is there from the first start; the first tick moves from the starting price', async () => {
  const now = { v: T0 };
  const engine = await openAt(memoryStore(), now);
  const q = engine.quote('BTC/USDT');
  expect(q.symbol).toBe('BTC/USDT');
  expect(Math.abs(Number(q.last) / 67250 - 1)).toBeLessThan(0.001);
  expect(q.change).toMatch(/^-?\d+\.\d{2}$/);
  for (const p of PERIODS) {
    const candles = engine.candles('BTC/USDT', p, 0, T0, 5000);
    expect(candles.length).toBeGreaterThanOrEqual(300);
    expect(candles.every((c) => /^\d+\.\d{2}$/.test(String(c.close)) && /^\d+\.\d{6}$/.test(String(c.volume)))).toBe(true);
  }
});

test('each second ticks; closed candles go to the store; quote and book follow the price', async () => {
  const now = { v: T0 };
  const store = memoryStore();
  const engine = await openAt(store, now);
  now.v = T0 + 150_000;
  const last = engine.advanceTo(now.v);
  expect(last).toHaveLength(32);
  const minutes = store.candles.get('BTC/USDT|1min') ?? [];
  const firstMinute = candleStart('1min', T0);
  expect(minutes.map((c) => c.time)).toEqual([firstMinute, firstMinute + 60_000, firstMinute + 120_000]); // 13:47, :48, :49
  const price = engine.quote('BTC/USDT').last;
  const book = engine.book('BTC/USDT');
  expect(Number(book.bids[0][0])).toBeLessThan(Number(price));
  expect(Number(book.asks[0][0])).toBeGreaterThan(Number(price));
  const open = engine.candles('BTC/USDT', '1min', now.v - 1000, now.v);
  expect(open).toHaveLength(1);
  expect(open[0].close).toBe(price);
});

test('a restart continues exactly where a market that never stopped would be', async () => {
  const nowA = { v: T0 };
  const never = await openAt(memoryStore(), nowA);
  nowA.v = T0 + 400_000;
  never.advanceTo(nowA.v);

  const nowB = { v: T0 };
  const store = memoryStore();
  const first = await openAt(store, nowB);
  nowB.v = T0 + 130_000;
  first.advanceTo(nowB.v);
  await first.save();
  nowB.v = T0 + 400_000;
  const second = await openAt(store, nowB);
  for (const symbol of ['BTC/USDT', 'ETH/USDT', 'AAPL/USDT']) expect(second.priceTicks(symbol)).toBe(never.priceTicks(symbol));
  const minutes = (e: MarketEngine) => e.candles('ETH/USDT', '1min', T0, T0 + 300_000).map((c) => c.close);
  expect(minutes(second)).toEqual(minutes(never));
});

test('a node opened later, mid-minute, shows what the node running all along shows: the open minute, the 24 hours, past seconds', async () => {
  const now = { v: T0 };
  const store = memoryStore();
  const running = await openAt(store, now);
  now.v = T0 + 610_000;
  running.advanceTo(now.v);
  await running.save();
  now.v += 5_000;
  const later = await openAt(store, now);
  for (const symbol of ['BTC/USDT', 'ETH/USDT', 'AAPL/USDT']) {
    expect(later.quote(symbol)).toEqual(running.quote(symbol));
    for (const p of PERIODS) expect(later.candles(symbol, p, candleStart(p, now.v), now.v)).toEqual(running.candles(symbol, p, candleStart(p, now.v), now.v));
    const second = Math.floor(now.v / 1000);
    expect(later.pricesBetween(symbol, second - 600, second)).toEqual(running.pricesBetween(symbol, second - 600, second));
    expect(later.pricesBetween(symbol, second - 600, second)).toHaveLength(601);
  }
});

test('a long downtime is filled a minute at a time', async () => {
  const now = { v: T0 };
  const store = memoryStore();
  const first = await openAt(store, now);
  await first.save();
  now.v = T0 + 2 * 86_400_000;
  const later = await openAt(store, now);
  expect(later.priceTicks('BTC/USDT')).toBeGreaterThan(0);
  const days = later.candles('BTC/USDT', '1D', candleStart('1D', T0), now.v);
  expect(days.map((c) => c.time)).toEqual([0, 1, 2].map((d) => candleStart('1D', T0) + d * 86_400_000));
});

test('after a restart the open week and month are rebuilt from the days closed since they opened and today\'s minutes', async () => {
  const now = { v: T0 };
  const store = memoryStore();
  const first = await openAt(store, now);
  // Wednesday 25 November, 14:47:30: three days and an hour after the first start (a Sunday).
  const later = T0 + 3 * 86_400_000 + 3_600_000;
  now.v = later;
  first.advanceTo(later);
  await first.save();
  const today = candleStart('1D', later);
  // The store keeps minutes for three days: older ones are gone, the days closed keep them.
  for (const [key, candles] of store.candles) if (key.endsWith('|1min')) store.candles.set(key, candles.filter((c) => c.time >= today - 3_600_000));
  const second = await openAt(store, now);
  // What closed before the stop: the live days of the candle's span before today, then today's minutes.
  const sinceOpened = (p: Period) => {
    const opened = candleStart(p, later);
    const days = first.candles('BTC/USDT', '1D', Math.max(opened, candleStart('1D', T0)), today - 1);
    const minutes = first.candles('BTC/USDT', '1min', today, later); // the minute open at the stop is struck again
    const parts = [...days, ...minutes];
    return {
      time: opened, open: parts[0].open, close: parts.at(-1)!.close,
      high: parts.map((c) => c.high).reduce((a, b) => (Number(b) > Number(a) ? b : a)),
      low: parts.map((c) => c.low).reduce((a, b) => (Number(b) < Number(a) ? b : a)),
      volume: parts.reduce((sum, c) => sum.plus(c.volume), new D(0)).toFixed(6),
    };
  };
  for (const p of ['1D', '1W', '1M'] as Period[]) expect(second.candles('BTC/USDT', p, candleStart(p, later), later)).toEqual([sinceOpened(p)]);
  expect(candleStart('1W', later)).toBe(Date.parse('2026-11-23T00:00:00Z'));
});

test('stop waits for a periodic save in flight, and a failed save is reported, not thrown', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
  try {
    const now = { v: T0 };
    const store = memoryStore();
    const order: string[] = [];
    let saves = 0;
    store.saveSnapshots = async () => {
      saves += 1;
      const n = saves;
      order.push(`start ${n}`);
      await new Promise<void>((resolve) => setImmediate(resolve));
      order.push(`end ${n}`);
      if (n === 1) throw new Error('the database went away');
    };
    const engine = await openAt(store, now);
    const errors: unknown[] = [];
    engine.start(1, (err) => errors.push(err));
    now.v += 1000;
    jest.advanceTimersByTime(1000);
    await engine.stop();
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(errors).toEqual([new Error('the database went away')]);
  } finally {
    jest.useRealTimers();
  }
});

test('a restart with the clock moved back strikes no second it struck or stored before, and goes on after them once the clock passes', async () => {
  // The first run: the test clock moved two hours on, a save, then two more minutes struck and their candles
  // stored (this store keeps them at once), and the server killed before the next save.
  const now = { v: T0 };
  const store = memoryStore();
  const first = await openAt(store, now);
  now.v = T0 + 2 * 3_600_000;
  first.advanceTo(now.v);
  await first.save();
  now.v += 150_000;
  first.advanceTo(now.v);
  const minutes = () => (store.candles.get('BTC/USDT|1min') ?? []).map((c) => c.time);
  const storedUntil = minutes().at(-1)! / 1000 + 59;
  expect(storedUntil).toBeGreaterThan(store.snaps.get('BTC/USDT')!.second);
  const struckBefore = first.pricesBetween('BTC/USDT', storedUntil - 60, storedUntil);

  // The restart resets the test clock to the real time, an hour and a half before those seconds.
  now.v = T0 + 30 * 60_000;
  const second = await openAt(store, now);
  expect(second.lastPrice('BTC/USDT')).toEqual(struckBefore.at(-1));
  const storedBefore = minutes().length;
  for (const at of [T0 + 60 * 60_000, storedUntil * 1000 - 1000, storedUntil * 1000]) {
    now.v = at;
    expect(second.advanceTo(now.v)).toEqual([]);
    expect(second.lastPrice('BTC/USDT').second).toBe(storedUntil);
  }
  expect(minutes()).toHaveLength(storedBefore);

  now.v = storedUntil * 1000 + 3 * 60_000;
  const ticked = second.advanceTo(now.v);
  expect(ticked.map((t) => t.tick.time / 1000)[0]).toBe(storedUntil + 180);
  // Every second once; those struck before the restart known again with the prices struck then.
  expect(second.pricesBetween('BTC/USDT', storedUntil - 60, storedUntil + 180).map((p) => p.second))
    .toEqual(Array.from({ length: 241 }, (_, i) => storedUntil - 60 + i));
  expect(second.pricesBetween('BTC/USDT', storedUntil - 60, storedUntil)).toEqual(struckBefore);
  const times = minutes();
  expect(times.every((t, i) => i === 0 || t > times[i - 1])).toBe(true); // no minute stored twice
  const shown = second.candles('BTC/USDT', '1min', T0, now.v).map((c) => c.time);
  expect(shown.every((t, i) => i === 0 || t > shown[i - 1])).toBe(true);
});

test('a clock stepped back while running strikes nothing until it passes the last second struck', async () => {
  const now = { v: T0 + 100_000 };
  const engine = await openAt(memoryStore(), now);
  const last = engine.lastPrice('ETH/USDT');
  now.v = T0 + 40_000;
  expect(engine.advanceTo(now.v)).toEqual([]);
  expect(engine.lastPrice('ETH/USDT')).toEqual(last);
  now.v = T0 + 101_000;
  expect(engine.advanceTo(now.v).map((t) => t.tick.time)).toContain((last.second + 1) * 1000);
});

test('the prints after a restart are those of a market that never stopped: the seconds struck again are its prints', async () => {
  const now = { v: T0 };
  const store = memoryStore();
  const running = await openAt(store, now);
  now.v = T0 + 200_000;
  running.advanceTo(now.v);
  await running.save();
  now.v += 20_000; // stopped meanwhile: the restart strikes these seconds too
  running.advanceTo(now.v);
  const restarted = await openAt(store, now);
  for (const symbol of ['BTC/USDT', 'DOGE/USDT', 'AAPL/USDT']) {
    const prints = restarted.trades(symbol, 50);
    expect(prints).toHaveLength(50);
    expect(prints).toEqual(running.trades(symbol, 50));
    // The newest is the second just struck.
    expect(prints[0].time).toBe(Math.floor(now.v / 1000) * 1000);
  }
});
