/** The contract formulas (src/shared/domain/contract.ts) in exact decimals. */
import {
  checkStops, closePayout, contractFee, contractMargin, contractProfit, entrustCrossed, liquidationPrice, positionValue,
  liquidationDistance, reachesLiquidation, reachesStopLoss, reachesTakeProfit, riskRate,
} from '../../src/shared/domain/contract';
import { D } from '../../src/shared/format/decimal';

const btc = { lots: 3, lotSize: '0.01' };

test('value, margin and fees of 3 lots of 0.01 BTC at 67250.37', () => {
  expect(positionValue('67250.37', btc).toFixed()).toBe('2017.5111');
  expect(contractMargin('67250.37', btc, 10).toFixed()).toBe('201.75111');
  // 2017.5111 / 7 = 288.21587142857…: rounded up to 8 decimals.
  expect(contractMargin('67250.37', btc, 7).toFixed()).toBe('288.21587143');
  expect(contractFee('67250.37', btc, '0.0005').toFixed()).toBe('1.00875555');
  expect(contractFee('67250.37', btc, '0').toFixed()).toBe('0');
});

test('profit of a long and a short, and what a close pays back', () => {
  expect(contractProfit('long', '67250.37', '67300', btc).toFixed()).toBe('1.4889');
  expect(contractProfit('short', '67250.37', '67300', btc).toFixed()).toBe('-1.4889');
  expect(closePayout('201.75111', '1.4889').toFixed()).toBe('203.24001');
  expect(closePayout('201.75111', '-300').toFixed()).toBe('0');
  expect(closePayout('0.000000015', '0').toFixed()).toBe('0.00000001');
});

test('the liquidation price leaves equity equal to the maintenance margin', () => {
  for (const [direction, multiple] of [['long', 10], ['short', 10], ['long', 100], ['short', 50], ['long', 1]] as const) {
    const open = '67250.37';
    const margin = contractMargin(open, btc, multiple);
    const rate = '0.005';
    const exact = liquidationPrice(direction, open, btc, margin, rate, 10);
    const equity = margin.plus(contractProfit(direction, open, exact, btc));
    const maintenance = positionValue(open, btc).times(rate);
    // At 10 decimals the rounding is far below a cent: equity equals the maintenance margin.
    expect(equity.minus(maintenance).abs().lt('0.000000001')).toBe(true);
    // At the pair's 2 decimals it is rounded towards the opening price: a little more than maintenance is left.
    const shown = liquidationPrice(direction, open, btc, margin, rate, 2);
    expect(margin.plus(contractProfit(direction, open, shown, btc)).gte(maintenance)).toBe(true);
    expect(shown.minus(exact).abs().lt('0.01')).toBe(true);
    expect(reachesLiquidation(direction, shown, shown)).toBe(true);
  }
  expect(liquidationPrice('long', '100', { lots: 1, lotSize: '1' }, '10', '0.005', 2).toFixed()).toBe('90.5');
  expect(liquidationPrice('short', '100', { lots: 1, lotSize: '1' }, '10', '0.005', 2).toFixed()).toBe('109.5');
  // A margin gone (overnight fees) puts the liquidation price past the opening price.
  expect(liquidationPrice('long', '100', { lots: 1, lotSize: '1' }, '0', '0.005', 2).toFixed()).toBe('100.5');
});

test('risk rate in percent', () => {
  expect(riskRate('100', '0').toFixed(2)).toBe('100.00');
  expect(riskRate('100', '-37.5').toFixed(2)).toBe('62.50');
  expect(riskRate('3', '-1').toFixed(2)).toBe('66.66');
  expect(riskRate('0', '5').toFixed()).toBe('0');
});

test('triggers and entrust crossings by direction', () => {
  expect([reachesTakeProfit('long', '101', '101'), reachesTakeProfit('long', '100.99', '101'), reachesTakeProfit('short', '99', '99')]).toEqual([true, false, true]);
  expect([reachesStopLoss('long', '95', '95'), reachesStopLoss('short', '95', '96'), reachesStopLoss('short', '96', '96')]).toEqual([true, false, true]);
  expect([entrustCrossed('long', '100', '100'), entrustCrossed('long', '100', '100.01'), entrustCrossed('short', '100', '100.01')]).toEqual([true, false, true]);
});

test('stops checked against the direction, the reference price and the liquidation price', () => {
  expect(checkStops('long', '100', { takeProfit: '110', stopLoss: '95' }, '90.5')).toBeNull();
  expect(checkStops('long', '100', { takeProfit: '100' })).toBe('take_profit_side');
  expect(checkStops('long', '100', { stopLoss: '101' })).toBe('stop_loss_side');
  expect(checkStops('long', '100', { stopLoss: '90.5' }, '90.5')).toBe('stop_loss_beyond_liquidation');
  expect(checkStops('short', '100', { takeProfit: '90', stopLoss: '105' }, '109.5')).toBeNull();
  expect(checkStops('short', '100', { takeProfit: '101' })).toBe('take_profit_side');
  expect(checkStops('short', '100', { stopLoss: '99' })).toBe('stop_loss_side');
  expect(checkStops('short', '100', { stopLoss: '110' }, '109.5')).toBe('stop_loss_beyond_liquidation');
  expect(checkStops('short', '100', { takeProfit: null, stopLoss: null }, new D('109.5'))).toBeNull();
});

test('distance to liquidation: how far the price may still move against the position, in percent of the price', () => {
  // A fresh 10x long of 0.01 BTC at 67,500: margin 67.5, maintenance 0.5 %.
  const liq = liquidationPrice('long', '67500', { lots: 1, lotSize: '0.01' }, '67.5', '0.005', 2);
  expect(liq.toFixed()).toBe('61087.5');
  expect(liquidationDistance('long', '67500', liq).toFixed()).toBe('9.5');
  expect(liquidationDistance('long', '64000', liq).toFixed(2)).toBe('4.55');
  expect(liquidationDistance('short', '100', '110').toFixed()).toBe('10');
  // Reached or passed: 0, never negative.
  expect(liquidationDistance('long', '61000', liq).toFixed()).toBe('0');
  expect(liquidationDistance('short', '111', '110').toFixed()).toBe('0');
  expect(liquidationDistance('long', '0', '10').toFixed()).toBe('0');
});
