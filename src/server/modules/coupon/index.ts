/**
 * Coupons (issue 26): the operator's coupons (settings/coupons.json), claimed from the coupon centre or granted
 * at registration and at the first recharge; a fee discount gives back part of the fee of the user's next
 * eligible spot or contract trade, a deposit bonus adds to their next eligible recharge, each through the ledger.
 */
import { COUPON_CAUSES, couponEndpoints } from '../../../shared/contract/coupon';
import { defineArea } from '../../area';
import { couponHandlers } from './handlers';

export { grantCoupons } from './held';
export { couponsOnRecharge, feeCouponPreview, useFeeCoupon, type TradeFee } from './use';

export const couponArea = defineArea({
  name: 'coupon',
  endpoints: couponEndpoints,
  causes: COUPON_CAUSES,
  handlers: couponHandlers,
});
