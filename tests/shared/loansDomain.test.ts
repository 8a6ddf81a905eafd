/**
 * Loan formulas (issue 25; SPEC 3, 5, 9): the pledge and interest shown before submitting, overdue interest,
 * risk rate and liquidation price, repayment bounds and the order a repayment is spent in.
 */
import fc from 'fast-check';
import { D } from '../../src/shared/format/decimal';
import {
  allocateRepayment, cycleInterest, dayInterest, liquidationPrice, loanQuote, overdueDayInterest, owedTotal, pledgeNeeded,
  repaymentProblem, riskRate, type Owed,
} from '../../src/shared/domain/loans';

const owed = (principal: string, interest: string, overdue = '0'): Owed => ({ principal: new D(principal), interest: new D(interest), overdue: new D(overdue) });
const text = (o: Owed) => ({ principal: o.principal.toFixed(), interest: o.interest.toFixed(), overdue: o.overdue.toFixed() });

test('before submitting: 500,000 USDT for 30 days at 0.25 % a day, pledged in BTC at 150 % and 67,500', () => {
  const q = loanQuote({
    amount: '500000', cycle: { days: 30, dailyRate: '0.0025' }, pledgeRatio: '1.5', pledgePrice: '67500', pledgeDecimals: 8, decimals: 8,
    from: new Date('2026-11-29T10:00:00Z'),
  });
  expect(q.pledge.toFixed()).toBe('11.11111112'); // 750,000 / 67,500 = 11.111…, rounded up: never under-pledged
  expect(q.dayInterest.toFixed()).toBe('1250');
  expect(q.interest.toFixed()).toBe('37500');
  expect(cycleInterest('500000', { days: 30, dailyRate: '0.0025' }, 8).eq(q.interest)).toBe(true);
  expect(q.repay.toFixed()).toBe('537500');
  expect(q.dueAt.toISOString()).toBe('2026-12-29T10:00:00.000Z');
  expect(pledgeNeeded('1000', '1.5', '1', 8).toFixed()).toBe('1500'); // a USDT pledge
  expect(dayInterest('0.00000001', '0.003', 8).toFixed()).toBe('0.00000001'); // interest is never lost to rounding
});

test('SPEC 9: a day overdue adds 0.5 % of the principal and interest owed, not of earlier overdue interest', () => {
  expect(overdueDayInterest(owed('500000', '37500', '2687.5'), '0.005', 8).toFixed()).toBe('2687.5');
  expect(overdueDayInterest(owed('0.01', '0', '0'), '0.005', 8).toFixed()).toBe('0.00005');
});

test('risk rate is the pledge\'s value over what is owed; the liquidation price is where it meets 110 %', () => {
  expect(riskRate('11.11111112', '67500', '537500')!.toFixed(6)).toBe('1.395348'); // 139.5 %
  expect(riskRate('1', '100', '0')).toBeNull();
  const at = liquidationPrice('11.11111112', '537500', '1.1', 2)!;
  expect(at.toFixed()).toBe('53212.5'); // 537,500 x 1.1 / 11.11111112, rounded up to the cent
  expect(riskRate('11.11111112', at, '537500')!.gte('1.1')).toBe(true);
  expect(riskRate('11.11111112', at.minus('0.01'), '537500')!.lt('1.1')).toBe(true);
  expect(liquidationPrice('0', '100', '1.1', 2)).toBeNull();
});

test('SPEC 5: a repayment is more than the principal left and at most what is owed', () => {
  const o = owed('1000', '50', '5');
  expect(repaymentProblem('1000', o)).toBe('not_above_principal');
  expect(repaymentProblem('1000.01', o)).toBeNull();
  expect(repaymentProblem('1055', o)).toBeNull();
  expect(repaymentProblem('1055.01', o)).toBe('above_owed');
  expect(repaymentProblem('0', owed('0', '3'))).toBe('not_above_principal');
  expect(repaymentProblem('1', owed('0', '3'))).toBeNull(); // only interest left: any part of it
});

test('a repayment pays overdue interest, then interest, then principal', () => {
  const { paid, left } = allocateRepayment('1020', owed('1000', '50', '5'));
  expect(text(paid)).toEqual({ overdue: '5', interest: '50', principal: '965' });
  expect(text(left)).toEqual({ overdue: '0', interest: '0', principal: '35' });
  expect(text(allocateRepayment('1055', owed('1000', '50', '5')).left)).toEqual({ principal: '0', interest: '0', overdue: '0' });
});

test('property: a repayment within bounds is spent whole, and what is left plus what was paid is what was owed', () => {
  const amount = fc.bigInt({ min: 0n, max: 10n ** 14n }).map((n) => new D(n.toString()).div(1e8));
  fc.assert(fc.property(amount, amount, amount, amount, (principal, interest, overdue, pay) => {
    const o: Owed = { principal, interest, overdue };
    if (repaymentProblem(pay, o)) return;
    const { paid, left } = allocateRepayment(pay, o);
    expect(owedTotal(paid).eq(pay)).toBe(true);
    expect(owedTotal(paid).plus(owedTotal(left)).eq(owedTotal(o))).toBe(true);
    for (const part of [left.principal, left.interest, left.overdue]) expect(part.gte(0)).toBe(true);
    // Interest goes first: principal is taken only once no interest is left.
    if (paid.principal.gt(0)) expect(left.interest.plus(left.overdue).eq(0)).toBe(true);
  }), { numRuns: 500 });
});
