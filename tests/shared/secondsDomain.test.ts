/** Seconds contracts' formulas (src/shared/domain/seconds.ts): result, profit of a win, payout. */
import { secondsPayout, secondsProfit, secondsResult } from '../../src/shared/domain/seconds';

test('up wins above the opening price, down below; an equal price is a draw either way', () => {
  expect(secondsResult('up', '100.50', '100.51')).toBe('win');
  expect(secondsResult('up', '100.50', '100.49')).toBe('loss');
  expect(secondsResult('down', '100.50', '100.49')).toBe('win');
  expect(secondsResult('down', '100.50', '100.51')).toBe('loss');
  expect(secondsResult('up', '100.50', '100.5')).toBe('draw');
  expect(secondsResult('down', '100.5', '100.500000')).toBe('draw');
  // Exact decimals: no float rounding makes neighbouring prices equal.
  expect(secondsResult('up', '0.000000000000000001', '0.000000000000000002')).toBe('win');
  expect(secondsResult('down', '67250.12345678', '67250.12345679')).toBe('loss');
});

test('the profit of a win is stake x payout rate, rounded down to the currency decimals', () => {
  expect(secondsProfit('100', '0.2', 8).toFixed()).toBe('20');
  expect(secondsProfit('10.5', '0.85', 8).toFixed()).toBe('8.925');
  expect(secondsProfit('0.00000003', '0.5', 8).toFixed()).toBe('0.00000001');
  expect(secondsProfit('33.33', '0.33333333', 2).toFixed()).toBe('11.1');
  expect(secondsProfit('1', '1.5', 8).toFixed()).toBe('1.5');
});

test('the payout: stake plus profit on a win, the stake on a draw, nothing on a loss', () => {
  expect(secondsPayout('win', '100', '0.2', 8).toFixed()).toBe('120');
  expect(secondsPayout('win', '0.00000003', '0.5', 8).toFixed()).toBe('0.00000004');
  expect(secondsPayout('draw', '100', '0.2', 8).toFixed()).toBe('100');
  expect(secondsPayout('loss', '100', '0.2', 8).toFixed()).toBe('0');
});
