/**
 * The chart periods of SPEC section 9 (1, 5, 30 minutes, 1 hour, 1 day, 1 month) and the candle each
 * instant belongs to. All boundaries are UTC: a day candle opens at 00:00 UTC, a month candle on the 1st.
 */
import { CHART_PERIODS } from '../../shared/contract/market';

export const PERIODS = CHART_PERIODS;
export type Period = (typeof PERIODS)[number];

const FIXED_MS: Record<Exclude<Period, '1mon'>, number> = {
  '1min': 60_000,
  '5min': 300_000,
  '30min': 1_800_000,
  '60min': 3_600_000,
  '1day': 86_400_000,
};

export function isPeriod(v: unknown): v is Period {
  return typeof v === 'string' && (PERIODS as readonly string[]).includes(v);
}

/** Opening time (ms) of the candle of `period` that contains `ms`. */
export function candleStart(period: Period, ms: number): number {
  if (period === '1mon') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const size = FIXED_MS[period];
  return Math.floor(ms / size) * size;
}

/** Opening time of the candle `steps` candles after (or, when negative, before) the one opening at `start`. */
export function shiftCandle(period: Period, start: number, steps: number): number {
  if (period === '1mon') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + steps, 1);
  }
  return start + steps * FIXED_MS[period];
}
