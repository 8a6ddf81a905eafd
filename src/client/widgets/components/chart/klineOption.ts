/**
 * The echarts option of the K-line: candles and MA lines over volume bars, sharing one crosshair and one
 * zoom. `klineSeries` is the part that changes with live candles, so the chart can be updated without
 * resetting what the user zoomed to.
 */
import { D } from '../../../../shared/format/decimal';
import { candleChange, candleLabel, movingAverage, type Candle, type ChartPeriod } from './candles';

export const MA_PERIODS = [5, 10, 30] as const;
/** Candles visible when a period opens; pinch or drag to see more. */
export const VISIBLE_CANDLES = 60;

export interface ChartColors { up: string; down: string; text: string; muted: string; grid: string; surface: string; ma: readonly string[] }
export interface ChartLabels { time: string; open: string; high: string; low: string; close: string; change: string; volume: string }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function klineSeries(candles: readonly Candle[], period: ChartPeriod, priceDecimals: number, colors: ChartColors) {
  const labels = candles.map((c) => candleLabel(c.time, period));
  return {
    xAxis: [{ data: labels }, { data: labels }],
    series: [
      { id: 'k', data: candles.map((c) => [c.open, c.close, c.low, c.high]) },
      ...MA_PERIODS.map((n) => ({ id: `ma${n}`, data: movingAverage(candles, n, priceDecimals) })),
      {
        id: 'vol',
        data: candles.map((c) => ({
          value: c.volume,
          itemStyle: { color: new D(c.close).gte(c.open) ? colors.up : colors.down, opacity: 0.6 },
        })),
      },
    ],
  };
}

export function klineOption(
  candles: readonly Candle[], period: ChartPeriod, priceDecimals: number, colors: ChartColors, labels: ChartLabels,
  format: { price(v: string): string; volume(v: string): string },
) {
  const live = klineSeries(candles, period, priceDecimals, colors);
  const axisLabel = { color: colors.muted, fontSize: 10 };
  const splitLine = { lineStyle: { color: colors.grid } };
  const tooltip = (params: Array<{ dataIndex: number }>) => {
    const c = candles[params[0]?.dataIndex ?? -1];
    if (!c) return '';
    const change = candleChange(c);
    const rows: Array<[string, string, string?]> = [
      [labels.time, candleLabel(c.time, period, true)],
      [labels.open, format.price(c.open)],
      [labels.high, format.price(c.high)],
      [labels.low, format.price(c.low)],
      [labels.close, format.price(c.close)],
      [labels.change, `${change.startsWith('-') ? '' : '+'}${change}%`, change.startsWith('-') ? colors.down : colors.up],
      [labels.volume, format.volume(c.volume)],
    ];
    return rows.map(([k, v, color]) => `<div class="k-tip"><span>${escape(k)}</span><b${color ? ` style="color:${color}"` : ''}>${escape(v)}</b></div>`).join('');
  };
  // In percent, so a window that ends at the newest candle keeps following new ones.
  const start = candles.length > VISIBLE_CANDLES ? 100 - (VISIBLE_CANDLES / candles.length) * 100 : 0;
  return {
    animation: false,
    backgroundColor: 'transparent',
    grid: [
      { left: 8, right: 64, top: 12, height: '64%' },
      { left: 8, right: 64, top: '80%', bottom: 20 },
    ],
    axisPointer: { link: [{ xAxisIndex: 'all' }], label: { backgroundColor: colors.muted } },
    tooltip: {
      trigger: 'axis', triggerOn: 'mousemove|click', confine: true, transitionDuration: 0,
      axisPointer: { type: 'cross', lineStyle: { color: colors.muted, type: 'dashed' } },
      backgroundColor: colors.surface, borderColor: colors.grid, textStyle: { color: colors.text, fontSize: 11 },
      formatter: tooltip,
    },
    xAxis: [
      { type: 'category', data: live.xAxis[0].data, boundaryGap: true, axisLine: { lineStyle: { color: colors.grid } }, axisTick: { show: false }, axisLabel: { show: false } },
      { type: 'category', gridIndex: 1, data: live.xAxis[1].data, boundaryGap: true, axisLine: { lineStyle: { color: colors.grid } }, axisTick: { show: false }, axisLabel },
    ],
    yAxis: [
      { scale: true, position: 'right', splitNumber: 4, axisLabel: { ...axisLabel, formatter: (v: number) => format.price(String(v)) }, splitLine },
      { scale: true, gridIndex: 1, position: 'right', splitNumber: 1, axisLabel: { ...axisLabel, formatter: (v: number) => format.volume(String(v)) }, splitLine: { show: false } },
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], start, end: 100, minValueSpan: 10, zoomOnMouseWheel: true, moveOnMouseMove: true }],
    series: [
      {
        ...live.series[0], type: 'candlestick', name: 'K', barMaxWidth: 12,
        itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
      },
      ...MA_PERIODS.map((n, i) => ({
        ...live.series[i + 1], type: 'line', name: `MA${n}`, showSymbol: false, smooth: false,
        lineStyle: { width: 1, color: colors.ma[i] }, itemStyle: { color: colors.ma[i] },
      })),
      { ...live.series[MA_PERIODS.length + 1], type: 'bar', name: 'VOL', xAxisIndex: 1, yAxisIndex: 1, barMaxWidth: 12 },
    ],
  };
}
