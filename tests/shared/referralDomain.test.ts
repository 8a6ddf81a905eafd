import { rebatesByReceiver, rebateShares } from '../../src/shared/domain/referral';

const terms = { rates: ['0.05', '0.03', '0.02', '0.01'], daily_recharge_above: '1000' };
// A invited B, B invited C, C invited D, D invited E, E invited F (ids 1..6).
const parentOf = (user: number) => (user > 1 ? user - 1 : null);

test('a recharge pays the four people above the recharger 5 %, 3 %, 2 % and 1 %, and nobody further up', () => {
  const shares = rebateShares([{ user: 6, usdt: '2000' }], parentOf, terms, 8);
  expect(shares.map((s) => [s.receiver, s.level, s.amount])).toEqual([[5, 1, '100'], [4, 2, '60'], [3, 3, '40'], [2, 4, '20']]);
});

test('only a day\'s recharges above the threshold count: exactly the threshold pays nothing', () => {
  expect(rebateShares([{ user: 6, usdt: '1000' }, { user: 5, usdt: '999.99' }], parentOf, terms, 8)).toEqual([]);
  expect(rebateShares([{ user: 2, usdt: '1000.00000001' }], parentOf, terms, 8)).toEqual([
    { receiver: 1, from: 2, level: 1, recharge: '1000.00000001', rate: '0.05', amount: '50' },
  ]);
});

test('shares are rounded down to the currency\'s decimals and summed per receiver, once', () => {
  const shares = rebateShares([{ user: 3, usdt: '1234.56789' }, { user: 2, usdt: '3000' }], parentOf, terms, 2);
  const byReceiver = rebatesByReceiver(shares);
  expect(byReceiver.get(2)?.amount).toBe('61.72'); // 5 % of C's 1234.56789 = 61.7283945
  expect(byReceiver.get(1)?.amount).toBe('187.03'); // 3 % of C's (37.037...) + 5 % of B's (150)
  expect(byReceiver.get(1)?.shares.map((s) => s.from)).toEqual([3, 2]);
});

test('a short chain pays those there are; a loop in the invitations pays nobody twice', () => {
  expect(rebateShares([{ user: 2, usdt: '5000' }], parentOf, terms, 8).map((s) => s.receiver)).toEqual([1]);
  const loop = (user: number) => ({ 1: 2, 2: 1 } as Record<number, number>)[user];
  expect(rebateShares([{ user: 1, usdt: '5000' }], loop, terms, 8).map((s) => s.receiver)).toEqual([2]);
});
