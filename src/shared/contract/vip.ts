/**
 * VIP levels (issue 26; SPEC 6 "VIP levels exist", the Mine screen's VIP level description): the user's level,
 * their trading volume of the window, what the next level takes, and every level with its fee discounts
 * (settings/vip.json). Levels are recomputed daily; the operator may grant a level (a market maker).
 */
import { arrayOf, decimal, endpoints, int, nullable, record } from './common';

export const VIP_LEVEL = record({
  level: int({ minimum: 1 }),
  /** The USDT traded in the window a user must be above. */
  volume_above: decimal,
  /** The cut of the spot trading fee and of the contract opening fee (fractions: "0.2" is 20 %). */
  spot_fee_discount: decimal, contract_fee_discount: decimal,
});

export const vipEndpoints = endpoints([
  {
    method: 'GET', path: '/vip/info', auth: true,
    summary: 'Ours: the user\'s VIP level and fee discounts, their volume of the window, the next level, and every level',
    response: record({
      level: int({ minimum: 0 }),
      /** The level the operator granted: the volume never takes the user below it. */
      granted: int({ minimum: 0 }),
      window_days: int({ minimum: 1 }),
      /** The user's spot and contract volume of the last `window_days` days, in USDT. */
      volume: decimal,
      spot_fee_discount: decimal, contract_fee_discount: decimal,
      /** The next level and the volume it takes; null at the top. */
      next: nullable(VIP_LEVEL),
      levels: arrayOf(VIP_LEVEL),
    }),
  },
]);
