import { depositBonus, feeSaving } from '../../src/shared/domain/coupon';

const rate = (r: string, max: string | null = null) => ({ rate: r, amount: null, max });
const amount = (a: string) => ({ rate: null, amount: a, max: null });

test.each([
  [rate('0.5'), '0.8', '0.4'], // half the fee
  [rate('0.5', '20'), '100', '20'], // capped by max
  [rate('1', '10'), '3.25', '3.25'], // the whole fee, under the cap
  [amount('5'), '3.25', '3.25'], // an amount never gives more than the fee
  [amount('5'), '12', '5'],
  [rate('0.333333'), '0.01', '0.00333333'], // exact, rounded by the caller into the fee's currency
])('fee discount %j on a fee of %s USDT gives back %s', (terms, fee, saving) => {
  expect(feeSaving(terms, fee).toFixed()).toBe(saving);
});

test.each([
  [amount('10'), '150', '10'],
  [rate('0.05', '50'), '400', '20'],
  [rate('0.05', '50'), '2000', '50'], // capped
  [rate('0.1'), '123.45', '12.345'],
])('deposit bonus %j on a deposit of %s USDT adds %s', (terms, deposit, bonus) => {
  expect(depositBonus(terms, deposit).toFixed()).toBe(bonus);
});
