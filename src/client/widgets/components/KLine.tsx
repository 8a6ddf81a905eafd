/**
 * The K-line of one pair: seven periods, candles with MA5/10/30 over volume, a crosshair with the candle's
 * values, pinch or drag to zoom, and the open candle live from the `kline:<symbol>:<period>` room. Live
 * candles update the chart in place, so the zoom the user chose is kept.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import useSWR from 'swr';
import { CHART_PERIODS } from '../../../shared/contract/market';
import { compact, group } from '../../../shared/format';
import { swrFetcher } from '../../api/request';
import { useT } from '../../i18n';
import { useLiveStatus, useRoom } from '../../state/rooms';
import { ErrorState, Loading } from '../parts';
import { mergeCandle, movingAverage, type Candle, type ChartPeriod } from './chart/candles';
import { echarts } from './chart/echarts';
import { klineOption, klineSeries, MA_PERIODS } from './chart/klineOption';
import { useChartColors } from './chart/theme';

interface KlineEvent extends Candle { currency_name: string; legal_name: string; period: string }
type Chart = ReturnType<typeof echarts.init>;

export default function KLine({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const t = useT();
  const [period, setPeriod] = useState<ChartPeriod>('1min');
  const key = ['GET /currency/new_timeshar', { symbol, period }] as const;
  const { data, error, isLoading, mutate } = useSWR<Candle[]>(key, swrFetcher as (k: typeof key) => Promise<Candle[]>, { revalidateOnFocus: false });
  // Live candles on top of the snapshot they grew from; a new snapshot (period, reconnect) starts again.
  const [live, setLive] = useState<{ from: Candle[]; candles: readonly Candle[] } | null>(null);
  const liveCandles = live && live.from === data ? live.candles : null;
  const candles = liveCandles ?? data ?? null;
  const chart = useRef<Chart | null>(null);
  const colors = useChartColors();
  const [base, legal] = symbol.split('/');

  useRoom<KlineEvent>(`kline:${symbol}:${period}`, 'kline', (e) => {
    if (!e || e.period !== period || e.currency_name !== base || e.legal_name !== legal || !data) return; // another chart's room
    setLive((prev) => {
      const series = prev && prev.from === data ? prev.candles : data;
      const next = mergeCandle(series, e);
      return next === series && prev ? prev : { from: data, candles: next };
    });
  });
  const { reconnects } = useLiveStatus();
  useEffect(() => { if (reconnects > 0) void mutate(); }, [reconnects, mutate]);

  // Volume labels without padding zeros (`600`, `1.5K`): an axis reads better short.
  const format = useMemo(() => ({ price: (v: string) => group(v, priceDecimals), volume: (v: string) => compact(v).replace(/\.?0+(?=[KM]?$)/, '') }), [priceDecimals]);
  // The full option only when the period's candles arrive; live changes go through setOption below.
  const option = useMemo(() => data && klineOption(data, period, priceDecimals, colors, {
    time: t('kline.time'), open: t('kline.open'), high: t('kline.high'), low: t('kline.low'), close: t('kline.close'),
    change: t('kline.change'), volume: t('kline.volume'),
  }, format), [data, period, priceDecimals, colors, t, format]);
  useEffect(() => {
    if (liveCandles) chart.current?.setOption(klineSeries(liveCandles, period, priceDecimals, colors), { lazyUpdate: true });
  }, [liveCandles, period, priceDecimals, colors]);

  const ma = useMemo(() => (candles ? MA_PERIODS.map((n) => movingAverage(candles.slice(-n), n, priceDecimals)[n - 1] ?? null) : []), [candles, priceDecimals]);

  let body;
  if (error) body = <ErrorState onRetry={() => { void mutate(); }} />;
  else if (isLoading || !option) body = <Loading />;
  else {
    body = (
      <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate className="w-kline-canvas"
        style={{ height: '100%', width: '100%' }} opts={{ renderer: 'canvas' }}
        onChartReady={(c: Chart) => { chart.current = c; }} />
    );
  }
  return (
    <section className="w-kline" aria-label={t('kline.title', { pair: symbol })}>
      <div className="w-kline-periods" role="tablist" aria-label={t('kline.periods')}>
        {CHART_PERIODS.map((p) => (
          <button key={p} type="button" role="tab" className="w-kline-period" aria-selected={p === period}
            onClick={() => { chart.current = null; setPeriod(p); }}>
            {t(`kline.period.${p}`)}
          </button>
        ))}
      </div>
      <p className="w-kline-ma">
        {MA_PERIODS.map((n, i) => (
          <span key={n} className={`w-kline-ma-${i}`}>MA{n} <bdi>{ma[i] ? group(ma[i]!, priceDecimals) : '--'}</bdi></span>
        ))}
      </p>
      <div className="w-kline-chart" data-period={period} data-candles={candles?.length ?? 0}>{body}</div>
    </section>
  );
}
