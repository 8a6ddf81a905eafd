import { allocate, applicationCost } from '../../src/shared/domain/ieo';
import { D } from '../../src/shared/format/decimal';

describe('IEO pro-rata allocation', () => {
  const project = { total: '1000', applied: '3000', price: '0.35' };
  const decimals = { token: 8, pay: 8 };

  it('an application costs quantity x price, rounded up to the pay currency', () => {
    expect(applicationCost('3', '0.333333333', 8).toFixed()).toBe('1');
    expect(applicationCost('1500', '0.35', 8).toFixed()).toBe('525');
  });

  it('oversubscribed 3x: each passes a third, pays for it and gets the rest back', () => {
    const a = allocate({ quantity: '1500', payAmount: '525' }, project, decimals);
    expect([a.passed.toFixed(), a.cost.toFixed(), a.refund.toFixed()]).toEqual(['500', '175', '350']);
  });

  it('rounds the tokens down, so the sum passed never exceeds the total; cost + refund = what was frozen', () => {
    const apps = ['1', '1', '1'].map((q) => ({ quantity: q, payAmount: applicationCost(q, '0.35', 2).toFixed() }));
    const p = { total: '2', applied: '3', price: '0.35' };
    const out = apps.map((x) => allocate(x, p, { token: 0, pay: 2 }));
    expect(out.map((o) => o.passed.toFixed())).toEqual(['0', '0', '0']);
    const fine = apps.map((x) => allocate(x, p, { token: 4, pay: 2 }));
    expect(fine.reduce((s, o) => s.plus(o.passed), new D(0)).lte(2)).toBe(true);
    for (const [i, o] of fine.entries()) expect(o.cost.plus(o.refund).eq(apps[i].payAmount)).toBe(true);
  });

  it('not oversubscribed: every application passes whole and nothing is refunded', () => {
    const a = allocate({ quantity: '100', payAmount: '35' }, { total: '1000', applied: '400', price: '0.35' }, decimals);
    expect([a.passed.toFixed(), a.cost.toFixed(), a.refund.toFixed()]).toEqual(['100', '35', '0']);
  });
});
