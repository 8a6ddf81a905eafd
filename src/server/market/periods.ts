/**
 * The chart periods as the platform's K-line names them (1, 5, 30 minutes, 1 hour, 1 day, 1 week, 1 month)
 * and the candle each instant belongs to. All boundaries are UTC: a day candle opens at 00:00, a week
 * candle on Monday at 00:00 (as exchanges draw them), a month candle on the 1st.
 */
import { CHART_PERIODS } from '../../shared/contract/market';
import { DAY_MS } from '../../shared/domain/time';

export const PERIODS = CHART_PERIODS;
export type Period = (typeof PERIODS)[number];


/** The fixed periods' length and where their candles start counting (the epoch was a Thursday; weeks start on Monday). */
const FIXED: Record<Exclude<Period, '1M'>, { ms: number; originMs: number }> = {
  '1min': { ms: 60_000, originMs: 0 },
  '5min': { ms: 300_000, originMs: 0 },
  '30min': { ms: 1_800_000, originMs: 0 },
  '60min': { ms: 3_600_000, originMs: 0 },
  '1D': { ms: DAY_MS, originMs: 0 },
  '1W': { ms: 7 * DAY_MS, originMs: 4 * DAY_MS },
};

export function isPeriod(v: unknown): v is Period {
  return typeof v === 'string' && (PERIODS as readonly string[]).includes(v);
}

/** Opening time (ms) of the candle of `period` that contains `ms`. */
export function candleStart(period: Period, ms: number): number {
  if (period === '1M') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const { ms: size, originMs } = FIXED[period];
  return Math.floor((ms - originMs) / size) * size + originMs;
}

/** Opening time of the candle `steps` candles after (or, when negative, before) the one opening at `start`. */
export function shiftCandle(period: Period, start: number, steps: number): number {
  if (period === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + steps, 1);
  }
  return start + steps * FIXED[period].ms;
}
