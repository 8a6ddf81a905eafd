/** Lock-mining formulas (SPEC 9): value time, term end, daily yield, the term's range, early-redemption penalty. */
import { dailyYield, earlyPenalty, endTime, remainingDays, valueTime, yieldRange } from '../../src/shared/domain/mining';

test('yield accrues from the first dividend time after locking; the term ends lock_days after it', () => {
  expect(valueTime(new Date('2026-11-22T10:00:00Z'), 0).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  expect(valueTime(new Date('2026-11-22T10:00:00Z'), 16 * 60 + 30).toISOString()).toBe('2026-11-22T16:30:00.000Z');
  // Exactly at the dividend time: the next one.
  expect(valueTime(new Date('2026-11-22T16:30:00Z'), 16 * 60 + 30).toISOString()).toBe('2026-11-23T16:30:00.000Z');
  expect(endTime(new Date('2026-11-23T00:00:00Z'), 5).toISOString()).toBe('2026-11-28T00:00:00.000Z');
});

test('SPEC 9: 10000 USDT at 0.3-0.4% a day for 5 days earns 150 to 200; a day rounds down', () => {
  const { low, high } = yieldRange('10000', '0.003', '0.004', 5, 8);
  expect([low.toFixed(), high.toFixed()]).toEqual(['150', '200']);
  expect(dailyYield('0.12345678', '0.0035', 8).toFixed()).toBe('0.00043209');
});

test('SPEC 9: early redemption of 1000 at 0.4% with 3 days left keeps 12; never more than the amount', () => {
  expect(earlyPenalty('1000', '0.004', 3, 8).toFixed()).toBe('12');
  expect(earlyPenalty('1000', '0.05', 30, 8).toFixed()).toBe('1000');
  expect(earlyPenalty('0.00000001', '0.004', 1, 8).toFixed()).toBe('0.00000001'); // rounded up: a penalty is never lost to rounding
  expect(remainingDays(new Date('2026-12-07T00:00:00Z'), new Date('2026-12-04T09:00:00Z'))).toBe(3);
  expect(remainingDays(new Date('2026-12-07T00:00:00Z'), new Date('2026-12-08T00:00:00Z'))).toBe(0);
});
