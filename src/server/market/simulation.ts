/**
 * The price simulation: a seeded random walk of whole ticks, one step per second, and the deterministic
 * history shown before the first start. Every number depends only on the seed, the instrument and the
 * time, so a restart or another node reproduces the same market.
 */
import { fromDecimal, type Instrument } from './instruments';
import { type Candle } from './candles';
import { shiftCandle, type Period } from './periods';
import { hashSeed, normalSource, uniformSource } from './random';
import { DAY_MS } from '../../shared/domain/time';

/** Pull toward the starting price per second (a half-life of about 8 days), so prices stay plausible. */
const REVERSION_PER_SECOND = 1e-6;

function periodMs(period: Period): number {
  return period === '1M' ? 30 * DAY_MS : shiftCandle(period, 0, 1);
}

/**
 * The names the day and month periods had when markets made before issue 20 drew their history: drawn under
 * them still, such a market shows the same charts after the rename.
 */
const DRAWN_AS: Partial<Record<Period, string>> = { '1D': '1day', '1M': '1mon' };

export function startTicks(inst: Instrument): number {
  return fromDecimal(inst.startPrice, inst.priceDecimals);
}

/** Random numbers for one named draw, e.g. `seed|BTC/USDT|1700000000`. */
function draw(seed: string, ...parts: Array<string | number>): { normal: () => number; uniform: () => number } {
  const uniform = uniformSource(hashSeed([seed, ...parts].join('|')));
  return { uniform, normal: normalSource(uniform) };
}

/**
 * The draws of the tick at whole second `second`: the price's shock, then the traded quantity (lots). The
 * quantity does not depend on the previous price, so a print's quantity is known from its second alone.
 */
function tickDraws(inst: Instrument, seed: string, second: number): { shock: number; qty: number } {
  const { normal, uniform } = draw(seed, inst.symbol, second);
  const shock = normal();
  const meanLots = (inst.dailyVolume / 86_400) * 10 ** inst.qtyDecimals;
  const qty = Math.max(1, Math.round(meanLots * -Math.log(Math.max(uniform(), 1e-9))));
  return { shock, qty };
}

/** The price (ticks) and traded quantity (lots) of the tick at whole second `second`, after `previous`. */
export function nextTick(inst: Instrument, seed: string, second: number, previous: number): { price: number; qty: number } {
  const { shock, qty } = tickDraws(inst, seed, second);
  const sigma = inst.dailyVolatility / Math.sqrt(86_400);
  const drift = -REVERSION_PER_SECOND * Math.log(previous / startTicks(inst));
  const price = Math.max(1, Math.round(previous * Math.exp(drift + sigma * shock)));
  return { price, qty };
}

/** The quantity (lots) traded at whole second `second`: the `qty` of its `nextTick`, whatever the previous price. */
export function tickQty(inst: Instrument, seed: string, second: number): number {
  return tickDraws(inst, seed, second).qty;
}

/**
 * `count` candles of `period` ending just before the candle that opens at `currentStart`, oldest first.
 * The walk runs backwards from the starting price, so the last history candle closes at `endPrice` and the
 * live series continues from there without a jump.
 */
export function historyCandles(inst: Instrument, seed: string, period: Period, currentStart: number, count: number, endPrice = startTicks(inst)): Candle[] {
  const { normal, uniform } = draw(seed, inst.symbol, DRAWN_AS[period] ?? period, currentStart);
  const sigma = inst.dailyVolatility * Math.sqrt(periodMs(period) / DAY_MS);
  const meanLots = inst.dailyVolume * (periodMs(period) / DAY_MS) * 10 ** inst.qtyDecimals;
  const out: Candle[] = new Array(count);
  let close = endPrice;
  for (let i = count - 1; i >= 0; i--) {
    const open = Math.max(1, Math.round(close / Math.exp(sigma * normal())));
    const wick = () => Math.abs(normal()) * sigma * 0.4;
    const high = Math.max(open, close, Math.round(Math.max(open, close) * Math.exp(wick())));
    const low = Math.max(1, Math.min(open, close, Math.round(Math.min(open, close) * Math.exp(-wick()))));
    const volume = Math.max(1, Math.round(meanLots * (0.5 + uniform())));
    out[i] = { time: shiftCandle(period, currentStart, i - count), open, high, low, close, volume };
    close = open;
  }
  return out;
}

/** A synthetic order book: `levels` bids below and asks above `price`, nearest first, as [ticks, lots]. */
export function syntheticBook(inst: Instrument, seed: string, second: number, price: number, levels = 20): { bids: Array<[number, number]>; asks: Array<[number, number]> } {
  const { uniform } = draw(seed, inst.symbol, 'book', second);
  const step = Math.max(1, Math.round(price * 0.0001)); // about one basis point per level
  const lotScale = (inst.dailyVolume / 2_000) * 10 ** inst.qtyDecimals;
  const side = (sign: 1 | -1): Array<[number, number]> => {
    const rows: Array<[number, number]> = [];
    for (let i = 0; i < levels; i++) {
      const p = price + sign * step * (i + 1);
      if (p < 1) break;
      rows.push([p, Math.max(1, Math.round(lotScale * (0.2 + uniform()) * (1 + i / 4)))]);
    }
    return rows;
  };
  return { bids: side(-1), asks: side(1) };
}
