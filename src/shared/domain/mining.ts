/**
 * Lock mining (issue 12, SPEC 9): an amount locked for `lock_days` days earns a daily yield drawn from the
 * plan's range. Yield accrues from the value time, the first dividend time after locking; day k is paid at
 * the value time plus k days, and the principal returns with the last day. Redeemed early, the principal
 * comes back less early ratio x remaining days x amount (SPEC 9: 0.4% x 3 x 1000 = 12, 988 returned);
 * the yield already paid is kept. Amounts are rounded down to the currency's decimals.
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';
import { DAY_MS, MINUTE_MS } from './time';

/** The first dividend time (`dividendMinute` after 00:00 UTC) strictly after `lockedAt`. */
export function valueTime(lockedAt: Date, dividendMinute: number): Date {
  const dayStart = Math.floor(lockedAt.getTime() / DAY_MS) * DAY_MS;
  const today = dayStart + dividendMinute * MINUTE_MS;
  return new Date(today > lockedAt.getTime() ? today : today + DAY_MS);
}

/** When the last day is paid and the principal returns. */
export function endTime(value: Date, lockDays: number): Date {
  return new Date(value.getTime() + lockDays * DAY_MS);
}

/** One day's yield of `amount` at `rate`. */
export function dailyYield(amount: DecimalInput, rate: DecimalInput, decimals: number): Decimal {
  return new D(amount).times(rate).round(decimals, ROUND.down);
}

/** What the whole term may earn: from every day at the lowest rate to every day at the highest. */
export function yieldRange(amount: DecimalInput, rateMin: DecimalInput, rateMax: DecimalInput, lockDays: number, decimals: number): { low: Decimal; high: Decimal } {
  return { low: dailyYield(amount, rateMin, decimals).times(lockDays), high: dailyYield(amount, rateMax, decimals).times(lockDays) };
}

/** Whole days left until `endsAt` (a started day counts whole); 0 once it has passed. */
export function remainingDays(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/** The early-redemption penalty, never more than the amount. */
export function earlyPenalty(amount: DecimalInput, ratio: DecimalInput, daysLeft: number, decimals: number): Decimal {
  const penalty = new D(ratio).times(daysLeft).times(amount).round(decimals, ROUND.up);
  return penalty.gt(amount) ? new D(amount) : penalty;
}
