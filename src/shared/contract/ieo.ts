/**
 * IEO subscriptions (SPEC 3 "IEO order and project", 7 "IEO and lock mining"; issue 12): the operator's
 * projects in warm-up, in progress or done; an application for a quantity of tokens at the project's price
 * (the payment password required), its amount frozen until the subscription ends; then a job allocates pro
 * rata (src/shared/domain/ieo.ts), refunds the rest and releases the tokens after the lock period.
 */
import { amountInput, arrayOf, bool, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, str, text, timestamp } from './common';

export const IEO_STATUSES = ['warmup', 'active', 'done'] as const;
export const IEO_ORDER_STATUSES = ['applied', 'allocated', 'released'] as const;

export const IEO_PROJECT = record({
  id: int(), name: str(), currency_id: int(), currency_name: str(), pay_currency_id: int(), pay_currency_name: str(),
  price: decimal, total: decimal, applied: decimal,
  /** Tokens not yet applied for (0 once oversubscribed), and applied / total in percent (above 100 when oversubscribed). */
  remaining: decimal, progress_percent: decimal,
  min_amount: decimal, max_amount: decimal, lock_days: int(),
  starts_at: timestamp, ends_at: timestamp, listing_at: timestamp, status: str({ enum: [...IEO_STATUSES] }),
  /** Until the subscription opens (warm-up) or ends (in progress); 0 once done. */
  seconds_left: int(),
});

export const IEO_ORDER = record({
  id: int(), project_id: int(), project_name: str(), currency_name: str(), pay_currency_name: str(),
  quantity: decimal, price: decimal, pay_amount: decimal, status: str({ enum: [...IEO_ORDER_STATUSES] }),
  passed: nullable(decimal), cost: nullable(decimal), refund: nullable(decimal),
  created_at: timestamp, ends_at: timestamp, allocated_at: nullable(timestamp), release_at: nullable(timestamp), released_at: nullable(timestamp),
});

export const ieoEndpoints = endpoints([
  {
    method: 'GET', path: '/project', auth: false, refreshOn: ['earn'],
    summary: 'The IEO projects, optionally of one state (warmup, active: in progress, done), in the operator\'s order',
    request: fields({ status: str({ enum: [...IEO_STATUSES] }) }),
    response: arrayOf(IEO_PROJECT),
  },
  {
    method: 'GET', path: '/project/detail', auth: false, refreshOn: ['earn'],
    summary: 'One project: issue price, total, remaining, lock period, subscription cycle, end and listing times, white paper and website',
    request: fields({ id: id() }, ['id']),
    response: record({ ...IEO_PROJECT.properties, white_paper: text, website: text, intro: text }),
  },
  {
    method: 'POST', path: '/project/info', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The application being typed: the project, the available balance of the pay currency, what `amount` tokens cost, and what the user applied for already',
    request: fields({ project_id: id(), amount: amountInput }, ['project_id']),
    response: record({
      ...IEO_PROJECT.properties, available: decimal, cost: nullable(decimal), applied_by_me: decimal,
      /** The most this user may still apply for: the per-account maximum less what was applied already. */
      max_more: decimal, has_pay_password: bool,
    }),
  },
  {
    method: 'POST', path: '/project/order', auth: true, idempotent: true,
    summary: 'Apply for `amount` tokens at `price` in `pay_currency` (both must be the project\'s); the cost is frozen until the allocation',
    request: fields({ project_id: id(), amount: amountInput, pay_currency: id(), price: amountInput, pay_password: str({ minLength: 1, maxLength: 64 }) },
      ['project_id', 'amount', 'pay_currency', 'price', 'pay_password']),
    messages: {
      'project_id.required': 'api.ieo.not_found', 'amount.required': 'error.invalid_amount', 'pay_currency.required': 'api.invalid_request',
      'price.required': 'error.invalid_amount', 'pay_password.required': 'api.withdraw.pay_password_required', 'pay_password.minLength': 'api.withdraw.pay_password_required',
    },
    response: IEO_ORDER,
  },
  {
    method: 'GET', path: '/user/project/order', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s IEO applications, newest first, with what each was allocated and refunded',
    request: fields({ ...paging }),
    response: pageOf(IEO_ORDER),
  },
]);
