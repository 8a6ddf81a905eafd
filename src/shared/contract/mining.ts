/**
 * Lock mining (SPEC 3 "lock-mining order and product", 7 "IEO and lock mining", 9; issue 12): the
 * operator's plans, locking an amount from the spot account after the payment password, the orders in
 * progress and redeemed, early redemption with its penalty. Formulas in src/shared/domain/mining.ts.
 */
import { amountInput, arrayOf, bool, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, str, timestamp } from './common';

export const MINING_STATUSES = ['locked', 'redeemed', 'early'] as const;
/** The order lists of the app: in progress, and redeemed (at term or early). */
export const MINING_LISTS = ['locked', 'redeemed'] as const;

export const MINING_PLAN = record({
  id: int(), currency_id: int(), currency_name: str(), min_amount: decimal, max_amount: decimal,
  daily_rate_min: decimal, daily_rate_max: decimal,
  /** The daily yield range in percent (0.3, 0.4). */
  daily_percent_min: decimal, daily_percent_max: decimal,
  lock_days: int(),
  /** When the day's yield is paid, UTC: "00:00". */
  dividend_time: str(),
  early_ratio: decimal, early_percent: decimal,
});

export const MINING_ORDER = record({
  id: int(), plan_id: int(), currency_id: int(), currency_name: str(), amount: decimal,
  daily_percent_min: decimal, daily_percent_max: decimal, lock_days: int(), dividend_time: str(), early_percent: decimal,
  status: str({ enum: [...MINING_STATUSES] }),
  locked_at: timestamp, value_at: timestamp, ends_at: timestamp, next_due_at: nullable(timestamp),
  days_paid: int(), earned: decimal,
  /** While locked: whole days left, and what an early redemption now would keep and return. */
  remaining_days: int(), penalty_now: nullable(decimal), return_now: nullable(decimal),
  /** Once redeemed. */
  penalty: nullable(decimal), returned: nullable(decimal), redeemed_at: nullable(timestamp),
});

export const miningEndpoints = endpoints([
  {
    method: 'GET', path: '/lh/deposit/config', auth: false, refreshOn: ['balance'],
    summary: 'The lock-mining plans open for orders: minimum and maximum single amount, daily yield range, lock days, dividend time, early-redemption ratio',
    request: fields({ id: id() }),
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
      earn_min: nullable(decimal), earn_max: nullable(decimal), value_at: timestamp, ends_at: timestamp,
      has_pay_password: bool,
    }),
  },
  {
    method: 'POST', path: '/lh/deposit', auth: true, idempotent: true,
    summary: 'Lock `amount` of the spot account in a plan (payment password required); yield is paid daily at the plan\'s dividend time',
    request: fields({ config_id: id(), amount: amountInput, pay_password: str({ minLength: 1, maxLength: 64 }) }, ['config_id', 'amount', 'pay_password']),
    messages: {
      'config_id.required': 'api.mining.plan_not_found', 'amount.required': 'error.invalid_amount',
      'pay_password.required': 'api.withdraw.pay_password_required', 'pay_password.minLength': 'api.withdraw.pay_password_required',
    },
    response: MINING_ORDER,
  },
  {
    method: 'GET', path: '/lh/deposit/order', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s lock-mining orders, newest first: in progress (locked) or redeemed',
    request: fields({ ...paging, status: str({ enum: [...MINING_LISTS], default: 'locked' }) }),
    response: pageOf(MINING_ORDER),
  },
  {
    method: 'POST', path: '/lh/deposit/order/cancel', auth: true, idempotent: true,
    summary: 'Redeem an order before its term: the principal comes back less early ratio x remaining days x amount',
    request: fields({ id: id() }, ['id']),
    response: MINING_ORDER,
  },
]);
