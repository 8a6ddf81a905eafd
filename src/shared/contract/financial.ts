/**
 * The earn hub (SPEC 2 "financial/index"; issue 12): what the user holds in lock mining, dual investment and
 * IEO subscriptions, valued in USDT at the last prices, and what these products have earned.
 */
import { decimal, endpoints, int, record } from './common';

const PRODUCT_TOTALS = record({
  /** Orders in progress (lock mining: locked; dual: purchased or settling; IEO: applied or tokens still locked). */
  open: int(),
  /** What they hold now, in USDT at the last prices. */
  value_usdt: decimal,
  /** What they have paid so far, in USDT at the last prices (IEO: 0, its tokens are bought, not earned). */
  earned_usdt: decimal,
});

export const financialEndpoints = endpoints([
  {
    method: 'GET', path: '/financial/summary', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s earn positions and earnings: lock mining, dual investment and IEO, each and in total, in USDT',
    response: record({ value_usdt: decimal, earned_usdt: decimal, mining: PRODUCT_TOTALS, dual: PRODUCT_TOTALS, ieo: PRODUCT_TOTALS }),
  },
]);
