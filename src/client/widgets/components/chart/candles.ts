/** Candle series for the K-line: merging live candles, moving averages and axis labels. Decimal strings throughout. */
import type { ResponseOf } from '../../../../shared/contract';
import type { CHART_PERIODS } from '../../../../shared/contract/market';
import { D, ROUND } from '../../../../shared/format/decimal';

export type Candle = ResponseOf<'GET /currency/new_timeshar'>[number];
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Most candles kept in memory per chart (live ones push out the oldest). */
export const MAX_CANDLES = 1000;

/** The series after a live candle: the open candle is replaced, a newer one appended, an older one ignored. */
export function mergeCandle(series: readonly Candle[], live: Candle): readonly Candle[] {
  const last = series[series.length - 1];
  if (!last || live.time > last.time) return [...series, live].slice(-MAX_CANDLES);
  if (live.time === last.time) {
    const same = last.open === live.open && last.high === live.high && last.low === live.low && last.close === live.close && last.volume === live.volume;
    return same ? series : [...series.slice(0, -1), live];
  }
  return series;
}

/**
 * Simple moving average of the closes over `n` candles, with `decimals` decimals (half-up); null until
 * `n` candles exist. A running sum keeps it linear in the series length.
 */
export function movingAverage(series: readonly Candle[], n: number, decimals: number): Array<string | null> {
  const out: Array<string | null> = [];
  let sum = new D(0);
  for (let i = 0; i < series.length; i++) {
    sum = sum.plus(series[i].close);
    if (i >= n) sum = sum.minus(series[i - n].close);
    out.push(i >= n - 1 ? sum.div(n).toFixed(decimals, ROUND.halfUp) : null);
  }
  return out;
}

/** Change of a candle from its open, in percent with 2 decimals. */
export function candleChange(c: Candle): string {
  const open = new D(c.open);
  return open.eq(0) ? '0.00' : new D(c.close).minus(open).times(100).div(open).toFixed(2, ROUND.halfUp);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Axis label in local time: `HH:mm` within a day's periods (`MM-dd HH:mm` with `long`), `MM-dd` for days and
 * weeks (a week by its first day), `yyyy-MM` for months.
 */
export function candleLabel(time: number, period: ChartPeriod, long = false): string {
  const d = new Date(time);
  const date = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  if (period === '1M') return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
  if (period === '1D' || period === '1W') return long ? `${d.getFullYear()}-${date}` : date;
  const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return long ? `${date} ${clock}` : clock;
}
