/**
 * Coupons (issue 26; SPEC 1 "coupons", 2 setting/coupon and the home's coupon centre): the coupons of
 * settings/coupons.json the user may claim, and those they hold: available, used (with what each gave) and
 * expired. A fee discount applies by itself to the user's next eligible trade (the ticket shows it); a deposit
 * bonus to their next eligible deposit. Values in USDT.
 */
import { arrayOf, bool, decimal, endpoints, fields, int, nullable, pageOf, paging, record, str, timestamp } from './common';

export const COUPON_LISTS = ['available', 'used', 'expired'] as const;

/** What a coupon gives and when it applies: as the coupon centre offers it and as the user holds it. */
const TERMS = {
  code: str(),
  kind: str({ enum: ['fee_discount', 'deposit_bonus'] }),
  /** A rate of the fee or deposit ("0.5"), capped by `max`; or an amount: one of the two is null. */
  rate: nullable(decimal), amount: nullable(decimal), max: nullable(decimal),
  /** The least trade value or deposit it applies to. */
  min: decimal,
  /** The trades a fee discount applies to (empty for a deposit bonus). */
  products: arrayOf(str({ enum: ['spot', 'contract'] })),
  /** Where it applies, for a link to use it: spot or contract trades only, both (`trades`), or a deposit. */
  applies: str({ enum: ['spot', 'contract', 'trades', 'deposit'] }),
  currency: str(),
  /** What it gives and to what, in the reader's language ("50% off the fee of one spot or contract trade …"). */
  description: str(),
} as const;

export const OFFERED_COUPON = record({
  ...TERMS,
  valid_days: int({ minimum: 1 }), per_user: int({ minimum: 1 }),
  /** How many of it the user has had, and whether they may claim one more. */
  held: int({ minimum: 0 }), can_claim: bool,
});

export const USER_COUPON = record({
  id: int(),
  ...TERMS,
  source: str({ enum: ['claim', 'registration', 'first_deposit'] }),
  status: str({ enum: [...COUPON_LISTS] }),
  got_time: timestamp, expire_time: timestamp, used_time: nullable(timestamp),
  /** What it gave when used, and in which currency (a spot buy's fee is paid in the coin bought). */
  saving: nullable(decimal), saving_currency: nullable(str()),
});

export const couponEndpoints = endpoints([
  {
    method: 'GET', path: '/coupon/centre', auth: true, refreshOn: ['account'],
    summary: 'Ours: the coupons offered to claim, with how many of each the user has had and whether they may claim another',
    response: arrayOf(OFFERED_COUPON),
  },
  {
    method: 'POST', path: '/coupon/claim', auth: true, changes: ['account'],
    summary: 'Ours: claim one coupon of the centre (refused beyond its limit per user)',
    request: fields({ code: str({ maxLength: 24, pattern: '^[A-Z0-9][A-Z0-9_-]{1,23}$' }) }, ['code']),
    response: USER_COUPON,
  },
  {
    method: 'GET', path: '/coupon/list', auth: true, refreshOn: ['balance', 'trade', 'account'],
    summary: 'Ours: the user\'s coupons: available (soonest to expire first), used or expired (newest first)',
    request: fields({ status: str({ enum: [...COUPON_LISTS], default: 'available' }), ...paging }),
    response: pageOf(USER_COUPON),
  },
]);

/** Why money moves with coupons: the ledger causes of this area. */
export const COUPON_CAUSES = {
  'coupon.fee': 'a fee discount coupon used: the house gives back part of the fee of the trade it applied to',
  'coupon.bonus': 'a deposit bonus coupon used: the house adds the bonus to the deposit it applied to',
} as const;
