/**
 * Lock mining (SPEC 3 "lock-mining order and product", 7 "IEO and lock mining", 9; issues 12 and 20): the
 * operator's plans, locking an amount from the spot account, the orders, early redemption with its penalty.
 * Formulas in src/shared/domain/mining.ts.
 *
 * The wire is the platform's (seed-api/calls.json getLockming, lockming, getLockmingOrder, redemption): its
 * names (`save_min`, `day`, `interest_rate`, `order_list`, `day_rate`, `total_interest`, `start_at`,
 * `end_at`, `cancel_fee`) and its order status codes (MINING_STATUS). Rates are percentages, as the
 * platform's screens show them (`0.3` is 0.3 % a day); a plan's daily yield is a range, so `interest_rate`
 * (`day_rate` on an order) is its low end and `interest_rate_max` (`day_rate_max`) its high end.
 * The payment password is optional on the wire (the platform's app sends none); the form
 * schemas/mining-order.json requires it, and the server enforces that form on POST /lh/deposit.
 */
import { amountInput, arrayOf, bool, decimal, endpoints, fields, id, int, intCodes, nullable, pageAt, paging, record, str, text, timestamp } from './common';

/** An order's status: 1 in progress (locked), 2 redeemed at the end of its term, 3 redeemed early. */
export const MINING_STATUS = intCodes({ 1: 'locked', 2: 'redeemed', 3: 'early' });

/**
 * A plan's category (issue 23): lock mining, DeFi mining or cloud mining. Each has its own list and explainer
 * in the app; the terms work alike in all three (docs/home.md).
 */
export const MINING_CATEGORIES = ['lock', 'defi', 'cloud'] as const;
export type MiningCategory = (typeof MINING_CATEGORIES)[number];

export const MINING_PLAN = record({
  id: int(), currency_id: int(), currency_name: str(),
  category: str({ enum: [...MINING_CATEGORIES] }),
  /** The minimum and maximum single amount. */
  save_min: decimal, save_max: decimal,
  /** Lock days. */
  day: int(),
  /** The daily yield in percent: the lowest and the highest rate a day may pay. */
  interest_rate: decimal, interest_rate_max: decimal,
  /** A sentence in the request's language built from the plan's figures. */
  intro: text,
  /** When the day's yield is paid, UTC: "00:00". */
  dividend_time: str(),
  /** The early-redemption fee in percent of the amount per day left. */
  early_percent: decimal,
});

export const MINING_ORDER = record({
  id: int(), plan_id: int(), currency_id: int(), currency_name: str(), amount: decimal,
  /** The order's daily yield range in percent (the plan's when locked), its lock days and payout time. */
  day_rate: decimal, day_rate_max: decimal, day: int(), dividend_time: str(), early_percent: decimal,
  status: MINING_STATUS.schema,
  /** Locked at; the yield accrues from value_at; the term (and the principal's return) ends at end_at. */
  start_at: timestamp, value_at: timestamp, end_at: timestamp, next_due_at: nullable(timestamp),
  /** Days paid, and the yield paid so far (the whole term's once it has ended). */
  days_paid: int(), total_interest: decimal,
  /** Whole days left while in progress (0 otherwise). */
  remaining_days: int(),
  /** In progress: what redeeming now keeps; redeemed: what was kept (0 at the end of the term). */
  cancel_fee: decimal,
  /** In progress: what redeeming now returns; redeemed: what was returned, and when. */
  return_now: nullable(decimal), returned: nullable(decimal), redeemed_at: nullable(timestamp),
});

export const miningEndpoints = endpoints([
  {
    method: 'GET', path: '/lh/deposit/config', auth: false, refreshOn: ['balance'],
    summary: 'The mining plans open for orders (those of one `category`, or the one of `id`): minimum and maximum single amount, lock days, daily yield range, dividend time, early-redemption fee',
    request: fields({ id: id(), category: str({ enum: [...MINING_CATEGORIES] }) }),
    response: arrayOf(MINING_PLAN),
  },
  {
    method: 'POST', path: '/lh/deposit/info', auth: true, refreshOn: ['balance'],
    summary: 'The order being typed: the plan, the available balance, and what the amount may earn over the term',
    request: fields({ config_id: id(), amount: amountInput }, ['config_id']),
    response: record({
      plan: MINING_PLAN,
      /** The user's available spot balance in the plan's currency. */
      available: decimal,
      /** For the typed amount (null while incomplete): the term's yield from the lowest to the highest daily rate, and when the principal returns if locked now. */
      earn_min: nullable(decimal), earn_max: nullable(decimal), value_at: timestamp, end_at: timestamp,
      has_pay_password: bool,
    }),
  },
  {
    method: 'POST', path: '/lh/deposit', auth: true, changes: ['balance', 'earn'], idempotent: true, confirm: 'mining.locked',
    summary: 'Lock `amount` of the spot account in plan `config_id` (the payment password checked when given); yield is paid daily at the plan\'s dividend time',
    request: fields({ config_id: id(), amount: amountInput, pay_password: str({ minLength: 1, maxLength: 64 }) }, ['config_id', 'amount']),
    messages: {
      'config_id.required': 'api.mining.plan_not_found', 'amount.required': 'error.invalid_amount',
      'pay_password.required': 'api.withdraw.pay_password_required', 'pay_password.minLength': 'api.withdraw.pay_password_required',
    },
    response: MINING_ORDER,
  },
  {
    method: 'GET', path: '/lh/deposit/order', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s lock-mining orders, newest first: all of them, or those of one `status` (MINING_STATUS)',
    request: fields({ ...paging, status: MINING_STATUS.schema }),
    response: pageAt('order_list', MINING_ORDER),
  },
  {
    method: 'POST', path: '/lh/deposit/order/cancel', auth: true, changes: ['balance', 'earn'], idempotent: true, confirm: 'mining.redeemed',
    summary: 'Redeem an order before its term: the principal comes back less early ratio x remaining days x amount',
    request: fields({ id: id() }, ['id']),
    response: MINING_ORDER,
  },
]);

/** Why money moves in lock mining: the ledger causes of this area (causes.ts lists every area's). */
export const MINING_CAUSES = {
  'mining.lock': 'a lock-mining order: the amount moves from the spot account to the mining account\'s locked balance',
  'mining.yield': 'a day\'s lock-mining yield, paid by the house to the spot account',
  'mining.release': 'a lock-mining order at the end of its term: the principal returns to the spot account',
  'mining.redeem': 'a lock-mining order redeemed early: the principal returns less the penalty, which the house keeps',
} as const;
