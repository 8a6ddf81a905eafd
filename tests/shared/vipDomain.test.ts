import { discountedFeeRate, vipDiscounts, vipLevelFor } from '../../src/shared/domain/vip';

const levels = [
  { level: 1, volume_above: '100000', spot_fee_discount: '0.1', contract_fee_discount: '0.05' },
  { level: 2, volume_above: '1000000', spot_fee_discount: '0.2', contract_fee_discount: '0.15' },
];

test('the level is the highest whose volume is passed (strictly above), never below the granted floor', () => {
  expect(vipLevelFor('0', levels)).toBe(0);
  expect(vipLevelFor('100000', levels)).toBe(0);
  expect(vipLevelFor('100000.01', levels)).toBe(1);
  expect(vipLevelFor('5000000', levels)).toBe(2);
  expect(vipLevelFor('0', levels, 2)).toBe(2);
  expect(vipLevelFor('5000000', levels, 1)).toBe(2);
});

test('a level\'s discounts; level 0 none; a granted level above the configured ones the top one\'s', () => {
  expect(vipDiscounts(0, levels)).toEqual({ spot: '0', contract: '0' });
  expect(vipDiscounts(1, levels)).toEqual({ spot: '0.1', contract: '0.05' });
  expect(vipDiscounts(5, levels)).toEqual({ spot: '0.2', contract: '0.15' });
});

test('the fee rate less the discount, rounded down to 8 decimals', () => {
  expect(discountedFeeRate('0.001', '0.2')).toBe('0.0008');
  expect(discountedFeeRate('0.0015', '0')).toBe('0.0015');
  expect(discountedFeeRate('0.00000003', '0.5')).toBe('0.00000001');
});
