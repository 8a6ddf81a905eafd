import { dualPayout, growth, outcomeAt, payoutIn, type DualTerms } from '../../src/shared/domain/dual';

const sellHigh: DualTerms = { type: 'sell_high', amount: '0.1', peg: '70000', days: 7, annualRate: '0.365', baseDecimals: 8, quoteDecimals: 2 };
const buyLow: DualTerms = { ...sellHigh, type: 'buy_low', amount: '1000', peg: '60000' };

describe('dual investment (SPEC 9)', () => {
  it('grows by days x annual rate / 365', () => {
    expect(growth(7, '0.365').toFixed()).toBe('1.007');
  });

  it('sell high: below the pegged price pays BTC = amount x growth, otherwise USDT = amount x peg x growth', () => {
    expect(dualPayout(sellHigh, '69999.99')).toEqual({ side: 'base', amount: expect.anything() });
    expect(dualPayout(sellHigh, '69999.99').amount.toFixed()).toBe('0.1007');
    expect(dualPayout(sellHigh, '70000').side).toBe('quote');
    expect(dualPayout(sellHigh, '80000').amount.toFixed()).toBe('7049');
  });

  it('buy low: at or below the pegged price pays BTC = amount / peg x growth, otherwise USDT = amount x growth', () => {
    expect(outcomeAt(buyLow, '60000')).toBe('base');
    expect(dualPayout(buyLow, '59000').amount.toFixed()).toBe('0.01678333'); // 1000 / 60000 x 1.007, rounded down
    expect(dualPayout(buyLow, '60000.01')).toMatchObject({ side: 'quote' });
    expect(payoutIn(buyLow, 'quote').toFixed()).toBe('1007');
  });

  it('rounds down to the paid currency', () => {
    expect(payoutIn({ ...sellHigh, amount: '0.00000003', annualRate: '0.1' }, 'base').toFixed()).toBe('0.00000003');
    expect(payoutIn({ ...sellHigh, amount: '0.00001', peg: '33333.333' }, 'quote').toFixed()).toBe('0.33');
  });
});
