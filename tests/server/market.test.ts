/** The price simulation's building blocks: instruments, periods, candles, history and the order book. */
import { CandleSeries, seriesForAllPeriods } from '../../src/server/market/candles';
import { findInstrument, fromDecimal, INSTRUMENTS, toDecimal } from '../../src/server/market/instruments';
import { candleStart, PERIODS, shiftCandle } from '../../src/server/market/periods';
import { historyCandles, nextTick, startTicks, syntheticBook } from '../../src/server/market/simulation';

const BTC = findInstrument('BTC/USDT')!;
const SEED = 'test-seed';
const at = (iso: string) => Date.parse(iso);

describe('instruments', () => {
  test('at least 20 crypto pairs and 8 stocks, quoted in USDT, with unique symbols and ids', () => {
    expect(INSTRUMENTS.filter((i) => i.category === 'crypto').length).toBeGreaterThanOrEqual(20);
    expect(INSTRUMENTS.filter((i) => i.category === 'stock').length).toBeGreaterThanOrEqual(8);
    expect(new Set(INSTRUMENTS.map((i) => i.symbol)).size).toBe(INSTRUMENTS.length);
    // The platform's ids: BTC 1, ETH 2, then from 4 on (3 is USDT).
    expect(INSTRUMENTS.map((i) => i.id)).toEqual(INSTRUMENTS.map((_, n) => (n < 2 ? n + 1 : n + 2)));
    for (const base of ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'LTC', 'DOT', 'LINK']) {
      expect(findInstrument(`${base}/USDT`)).toBeDefined();
    }
  });

  test('symbols are found in any case and without the slash', () => {
    expect(findInstrument('eth/usdt')?.symbol).toBe('ETH/USDT');
    expect(findInstrument('ETHUSDT')?.symbol).toBe('ETH/USDT');
    expect(findInstrument('NOPE/USDT')).toBeUndefined();
  });

  test('prices are whole ticks and convert to decimal strings exactly', () => {
    expect(fromDecimal('67250.00', 2)).toBe(6725000);
    expect(fromDecimal('0.00001845', 8)).toBe(1845);
    expect(toDecimal(6725000, 2)).toBe('67250.00');
    expect(toDecimal(1845, 8)).toBe('0.00001845');
    expect(toDecimal(7, 0)).toBe('7');
    expect(() => fromDecimal('1.234', 2)).toThrow(RangeError);
    for (const i of INSTRUMENTS) expect(toDecimal(startTicks(i), i.priceDecimals)).toBe(i.startPrice);
  });
});

describe('periods', () => {
  test('candles open on UTC boundaries', () => {
    const t = at('2026-11-22T13:47:31.250Z');
    expect(new Date(candleStart('1min', t)).toISOString()).toBe('2026-11-22T13:47:00.000Z');
    expect(new Date(candleStart('5min', t)).toISOString()).toBe('2026-11-22T13:45:00.000Z');
    expect(new Date(candleStart('30min', t)).toISOString()).toBe('2026-11-22T13:30:00.000Z');
    expect(new Date(candleStart('60min', t)).toISOString()).toBe('2026-11-22T13:00:00.000Z');
    expect(new Date(candleStart('1D', t)).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // 22 November 2026 is a Sunday: its week opened on Monday the 16th.
    expect(new Date(candleStart('1W', t)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(candleStart('1W', at('2026-11-23T00:00:00Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(candleStart('1M', t)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  test('months shift by calendar month across years', () => {
    const nov = at('2026-11-01T00:00:00Z');
    expect(new Date(shiftCandle('1M', nov, 2)).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(new Date(shiftCandle('1M', nov, -11)).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(shiftCandle('5min', 0, -2)).toBe(-600_000);
    expect(new Date(shiftCandle('1W', at('2026-11-16T00:00:00Z'), 3)).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});

describe('candles', () => {
  test('a tick lands in the right candle of every period', () => {
    const series = seriesForAllPeriods();
    const first = at('2027-01-31T23:59:58Z');
    for (const s of Object.values(series)) s.apply({ time: first, price: 100, qty: 2 });
    const next = at('2027-02-01T00:00:01Z'); // a new minute, hour, day, week (a Monday) and month
    for (const s of Object.values(series)) s.apply({ time: next, price: 90, qty: 3 });
    for (const p of PERIODS) {
      const s = series[p];
      expect(s.current?.time).toBe(candleStart(p, next));
      expect(s.current).toMatchObject({ open: 90, close: 90, volume: 3 });
      expect(s.closed.at(-1)).toMatchObject({ time: candleStart(p, first), open: 100, close: 100, volume: 2 });
    }
  });

  test('ticks within one candle update high, low, close and volume', () => {
    const s = new CandleSeries('5min');
    const t0 = at('2026-11-22T10:00:00Z');
    [[0, 100], [60, 120], [120, 80], [299, 110]].forEach(([sec, price]) => s.apply({ time: t0 + sec * 1000, price, qty: 1 }));
    expect(s.closed).toHaveLength(0);
    expect(s.current).toEqual({ time: t0, open: 100, high: 120, low: 80, close: 110, volume: 4 });
    expect(s.apply({ time: t0 - 1, price: 1, qty: 1 })).toBe(false); // older than the open candle
    expect(s.current?.low).toBe(80);
  });

  test('range returns closed and open candles between two times; capacity bounds the history', () => {
    const s = new CandleSeries('1min', [], 3);
    for (let m = 0; m < 5; m++) s.apply({ time: m * 60_000, price: 10 + m, qty: 1 });
    expect(s.closed.map((c) => c.time)).toEqual([60_000, 120_000, 180_000]);
    expect(s.range(120_000, 240_000).map((c) => c.close)).toEqual([12, 13, 14]);
  });
});

describe('simulation', () => {
  test('the same seed gives the same ticks; another seed another path', () => {
    const walk = (seed: string) => {
      let p = startTicks(BTC);
      const out: number[] = [];
      for (let s = 1_000; s < 1_100; s++) out.push((p = nextTick(BTC, seed, s, p).price));
      return out;
    };
    expect(walk(SEED)).toEqual(walk(SEED));
    expect(walk(SEED)).not.toEqual(walk('other'));
    expect(walk(SEED).every((p) => Number.isSafeInteger(p) && p > 0)).toBe(true);
  });

  test('a day of ticks moves BTC by a plausible amount and trades a positive quantity', () => {
    let p = startTicks(BTC);
    let lots = 0;
    for (let s = 0; s < 86_400; s++) {
      const t = nextTick(BTC, SEED, s, p);
      p = t.price;
      lots += t.qty;
    }
    const move = Math.abs(Math.log(p / startTicks(BTC)));
    expect(move).toBeLessThan(0.25); // over 8 daily standard deviations would be absurd
    expect(lots / 10 ** BTC.qtyDecimals).toBeGreaterThan(BTC.dailyVolume * 0.5);
  });

  test('history: 300 consecutive candles per period ending at the starting price', () => {
    const now = at('2026-11-22T13:47:31Z');
    for (const p of PERIODS) {
      const current = candleStart(p, now);
      const h = historyCandles(BTC, SEED, p, current, 300);
      expect(h).toHaveLength(300);
      expect(h.at(-1)!.close).toBe(startTicks(BTC));
      expect(shiftCandle(p, h.at(-1)!.time, 1)).toBe(current);
      for (let i = 1; i < h.length; i++) {
        expect(h[i].time).toBe(shiftCandle(p, h[i - 1].time, 1));
        expect(h[i].open).toBe(h[i - 1].close);
      }
      for (const c of h) {
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
        expect(c.low).toBeGreaterThan(0);
        expect(c.volume).toBeGreaterThan(0);
      }
      expect(historyCandles(BTC, SEED, p, current, 300)).toEqual(h);
    }
  });

  test('the day and month history of a market made before the periods were renamed stays as it was drawn', () => {
    const now = at('2026-11-22T13:47:31Z');
    const pinned = (p: '1D' | '1M') => historyCandles(BTC, SEED, p, candleStart(p, now), 2).map((c) => [c.open, c.high, c.low, c.close, c.volume]);
    // Drawn by the code of issue 11 under the names '1day' and '1mon'.
    expect(pinned('1D')).toEqual([[6818692, 6820880, 6745224, 6818601, 31249284083], [6818601, 6854765, 6701953, 6725000, 22698400268]]);
    expect(pinned('1M')).toEqual([[8277273, 8670919, 6392107, 6845154, 795719617680], [6845154, 7039418, 6356898, 6725000, 454911618484]]);
  });

  test('order book: 20 levels a side around the price, nearest first', () => {
    const price = startTicks(BTC);
    const { bids, asks } = syntheticBook(BTC, SEED, 42, price);
    expect(bids).toHaveLength(20);
    expect(asks).toHaveLength(20);
    expect(bids[0][0]).toBeLessThan(price);
    expect(asks[0][0]).toBeGreaterThan(price);
    for (let i = 1; i < 20; i++) {
      expect(bids[i][0]).toBeLessThan(bids[i - 1][0]);
      expect(asks[i][0]).toBeGreaterThan(asks[i - 1][0]);
    }
    expect([...bids, ...asks].every(([p, q]) => Number.isSafeInteger(p) && Number.isSafeInteger(q) && q > 0)).toBe(true);
    expect(syntheticBook(BTC, SEED, 42, price)).toEqual({ bids, asks });
  });
});
