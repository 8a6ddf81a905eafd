/**
 * Contracts with leverage (issue 11): the formulas the server opens, charges, closes and liquidates with and
 * the ticket previews with. Margin is isolated per position and quoted in USDT.
 *
 * - value = price x lots x lot size; margin = value at the opening price / multiple (rounded up);
 * - opening fee = fee rate x value, at opening; overnight fee = overnight rate x value, once a day, taken
 *   from the margin;
 * - profit = (current - opening price) x lots x lot size, negated for a short;
 * - liquidation (as the large exchanges do with isolated margin): when margin + profit falls to the
 *   maintenance rate x value, the position is closed at the liquidation price and the user keeps what is
 *   left; a loss never exceeds the margin. Liquidation price = opening price -/+ (margin - maintenance
 *   rate x value) / (lots x lot size), rounded towards the opening price to the pair's price decimals;
 * - risk rate = (margin + profit) / margin, in percent.
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';

export type Direction = 'long' | 'short';

/** Money decimals of the margin currency (USDT). */
export const MARGIN_DECIMALS = 8;

export interface PositionSize { lots: DecimalInput; lotSize: DecimalInput }

const quantity = (p: PositionSize) => new D(p.lots).times(p.lotSize);
const sign = (d: Direction) => (d === 'long' ? 1 : -1);

export function positionValue(price: DecimalInput, size: PositionSize): Decimal {
  return quantity(size).times(price);
}

export function contractMargin(price: DecimalInput, size: PositionSize, multiple: number): Decimal {
  return positionValue(price, size).div(multiple).round(MARGIN_DECIMALS, ROUND.up);
}

/** A fee of `rate` of the position's value at `price` (opening or overnight), rounded up. */
export function contractFee(price: DecimalInput, size: PositionSize, rate: DecimalInput): Decimal {
  return positionValue(price, size).times(rate).round(MARGIN_DECIMALS, ROUND.up);
}

export function contractProfit(direction: Direction, openPrice: DecimalInput, price: DecimalInput, size: PositionSize): Decimal {
  return new D(price).minus(openPrice).times(quantity(size)).times(sign(direction));
}

/** What a close pays back: margin plus profit, never below zero, rounded down. */
export function closePayout(margin: DecimalInput, profit: DecimalInput): Decimal {
  const back = new D(margin).plus(profit);
  return back.lt(0) ? new D(0) : back.round(MARGIN_DECIMALS, ROUND.down);
}

export function liquidationPrice(
  direction: Direction, openPrice: DecimalInput, size: PositionSize, margin: DecimalInput, maintenanceRate: DecimalInput, priceDecimals: number,
): Decimal {
  const buffer = new D(margin).minus(positionValue(openPrice, size).times(maintenanceRate));
  const move = buffer.div(quantity(size));
  if (direction === 'long') {
    const p = new D(openPrice).minus(move).round(priceDecimals, ROUND.up);
    return p.lt(0) ? new D(0) : p;
  }
  return new D(openPrice).plus(move).round(priceDecimals, ROUND.down);
}

/** Risk rate in percent with 2 decimals: 100 at opening, 0 when the margin is gone. */
export function riskRate(margin: DecimalInput, profit: DecimalInput): Decimal {
  if (new D(margin).lte(0)) return new D(0);
  return new D(margin).plus(profit).times(100).div(margin).round(2, ROUND.down);
}

/**
 * How far the price is from liquidating a position, in percent of the price with 2 decimals (rounded down, so
 * never overstated): how much it may still fall (a long) or rise (a short) before the position is closed.
 * 0 once reached. A fresh 10x long at 67,500 (liquidated at 61,087.5, maintenance 0.5 %) is 9.5 % away.
 */
export function liquidationDistance(direction: Direction, price: DecimalInput, liquidation: DecimalInput): Decimal {
  const p = new D(price);
  if (p.lte(0)) return new D(0);
  const gap = direction === 'long' ? p.minus(liquidation) : new D(liquidation).minus(p);
  return gap.lte(0) ? new D(0) : gap.times(100).div(p).round(2, ROUND.down);
}

/** Whether a price reaches a trigger: take-profit above (long) or below (short), stop-loss and liquidation the other way. */
export function reachesTakeProfit(direction: Direction, price: DecimalInput, target: DecimalInput): boolean {
  return direction === 'long' ? new D(price).gte(target) : new D(price).lte(target);
}
export function reachesStopLoss(direction: Direction, price: DecimalInput, stop: DecimalInput): boolean {
  return direction === 'long' ? new D(price).lte(stop) : new D(price).gte(stop);
}
export const reachesLiquidation = reachesStopLoss;

/** Whether a limit entrust is crossed: a long fills at or below its price, a short at or above. */
export function entrustCrossed(direction: Direction, entrustPrice: DecimalInput, price: DecimalInput): boolean {
  return direction === 'long' ? new D(price).lte(entrustPrice) : new D(price).gte(entrustPrice);
}

export type StopProblem = 'take_profit_side' | 'stop_loss_side' | 'stop_loss_beyond_liquidation';

/**
 * Checks a take-profit and a stop-loss against the direction and a reference price (the last price of an
 * open position, the entrust price of a limit order): a long takes profit above and stops below; a stop
 * beyond the liquidation price would never fire.
 */
export function checkStops(
  direction: Direction, reference: DecimalInput, stops: { takeProfit?: DecimalInput | null; stopLoss?: DecimalInput | null }, liquidation?: DecimalInput | null,
): StopProblem | null {
  const up = direction === 'long';
  const ref = new D(reference);
  if (stops.takeProfit != null && (up ? new D(stops.takeProfit).lte(ref) : new D(stops.takeProfit).gte(ref))) return 'take_profit_side';
  if (stops.stopLoss != null) {
    const sl = new D(stops.stopLoss);
    if (up ? sl.gte(ref) : sl.lte(ref)) return 'stop_loss_side';
    if (liquidation != null && (up ? sl.lte(liquidation) : sl.gte(liquidation))) return 'stop_loss_beyond_liquidation';
  }
  return null;
}
