/**
 * Candles of every chart period built from ticks. Prices are whole ticks, volumes whole lots (see
 * instruments.ts), so aggregation is exact.
 */
import { candleStart, PERIODS, type Period } from './periods';

export interface Candle {
  /** Opening time, ms since the epoch (UTC boundary of the period). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Tick {
  time: number;
  price: number;
  qty: number;
}

/** The candles of one instrument and period: closed ones (oldest first, at most `capacity`) and the open one. */
export class CandleSeries {
  readonly closed: Candle[];
  current: Candle | undefined;

  constructor(readonly period: Period, history: Candle[] = [], readonly capacity = 1000) {
    this.closed = history.slice(-capacity);
  }

  /** Adds a tick to the candle it belongs to; a tick older than the open candle is ignored (returns false). */
  apply(tick: Tick): boolean {
    return this.merge({ time: tick.time, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume: tick.qty });
  }

  /**
   * Adds a candle of a shorter period (or a single tick as a candle) to the candle of this period it falls
   * in; returns false when it is older than the open candle.
   */
  merge(part: Candle): boolean {
    const start = candleStart(this.period, part.time);
    const cur = this.current;
    if (cur && start < cur.time) return false;
    if (cur && start === cur.time) {
      cur.high = Math.max(cur.high, part.high);
      cur.low = Math.min(cur.low, part.low);
      cur.close = part.close;
      cur.volume += part.volume;
      return true;
    }
    if (cur) {
      this.closed.push(cur);
      if (this.closed.length > this.capacity) this.closed.splice(0, this.closed.length - this.capacity);
    }
    this.current = { ...part, time: start };
    return true;
  }

  /** Closed and open candles with `from <= time <= to`, oldest first (the closed ones are in time order). */
  range(from: number, to: number): Candle[] {
    const { closed, current } = this;
    let lo = 0;
    let hi = closed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (closed[mid].time < from) lo = mid + 1; else hi = mid;
    }
    const out: Candle[] = [];
    for (let i = lo; i < closed.length && closed[i].time <= to; i++) out.push(closed[i]);
    if (current && current.time >= from && current.time <= to) out.push(current);
    return out;
  }
}

/** One series per chart period, fed by the same ticks. */
export function seriesForAllPeriods(history: Partial<Record<Period, Candle[]>> = {}): Record<Period, CandleSeries> {
  return Object.fromEntries(PERIODS.map((p) => [p, new CandleSeries(p, history[p] ?? [])])) as Record<Period, CandleSeries>;
}
