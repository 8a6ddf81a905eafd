/**
 * IEO subscriptions (SPEC 3 "IEO order and project", 7 "IEO and lock mining"; issues 12 and 20): the
 * operator's projects in warm-up, in progress or done; an application for a quantity of tokens at the
 * project's issue price, its cost frozen until the subscription ends; then a job allocates pro rata
 * (src/shared/domain/ieo.ts), refunds the rest and releases the tokens after the lock period.
 *
 * The wire is the platform's (seed-api/calls.json getIEOProject, getIEOProjectDetail, subscribeIEO,
 * getIEOOrder): projects under `list`, one project under `info`, applications under `data`; its names
 * (`title`, `amount` the total issuance, `total_sell` the tokens applied for, `percentage`, `day` the lock
 * days, `content`, `link`, `coin_amount`, `give_amount`, `sell_begin`) and IEO_TIME_STATUS. When applying,
 * `price` is the TOTAL the user agreed to pay (amount x issue price), as the platform's app sends it: an
 * application that would now cost more is refused with the cost now. The payment password is optional on
 * the wire (the platform's app sends none); the form schemas/ieo-order.json requires it, and the server
 * enforces that form on POST /project/order.
 */
import { amountInput, bool, decimal, endpoints, fields, id, int, intCodes, nullable, pageAt, pageOf, paging, record, str, text, timestamp } from './common';

/** A project's state: 0 warm-up (before start_at), 1 in progress, 2 done (after end_at). */
export const IEO_TIME_STATUS = intCodes({ 0: 'warmup', 1: 'active', 2: 'done' });
/** An application: applied (cost frozen), allocated (tokens locked until sell_begin, the rest refunded), released. */
export const IEO_ORDER_STATUSES = ['applied', 'allocated', 'released'] as const;

export const IEO_PROJECT = record({
  id: int(), title: str(),
  /** The project's image: a path on this site (`/uploads/ieo-ton.svg`). */
  logo: str(),
  /** The token sold, and the currency it is paid in. */
  currency_id: int(), currency_name: str(), pay_currency_id: int(), pay_currency_name: str(),
  /** The issue price of one token, in the pay currency. */
  price: decimal,
  /** Tokens issued, tokens applied for so far (may exceed the issue: oversubscribed), tokens not yet applied for (0 once oversubscribed). */
  amount: decimal, total_sell: decimal, remaining: decimal,
  /** total_sell / amount in percent (above 100 when oversubscribed). */
  percentage: decimal,
  /** The least and most tokens one account may apply for. */
  min_amount: decimal, max_amount: decimal,
  /** Lock days: allocated tokens unlock this many days after end_at. */
  day: int(),
  start_at: timestamp, end_at: timestamp, listing_at: timestamp, time_status: IEO_TIME_STATUS.schema,
  /** Until the subscription opens (warm-up) or ends (in progress); 0 once done. */
  seconds_left: int(),
});

export const IEO_ORDER = record({
  id: int(), project_id: int(),
  /** The project's title. */
  name: str(), currency_name: str(), pay_currency_name: str(),
  /** Tokens applied for, the issue price, and the cost frozen for them. */
  coin_amount: decimal, price: decimal, pay_amount: decimal, status: str({ enum: [...IEO_ORDER_STATUSES] }),
  /** Tokens allocated (0 until the allocation), what they cost and what was refunded (null until then). */
  give_amount: decimal, cost: nullable(decimal), refund: nullable(decimal),
  /** Applied at; the subscription's end; when the tokens unlock and can be sold. */
  created_at: timestamp, end_at: timestamp, allocated_at: nullable(timestamp), sell_begin: timestamp, released_at: nullable(timestamp),
});

export const ieoEndpoints = endpoints([
  {
    method: 'GET', path: '/project', auth: false, refreshOn: ['earn'],
    summary: 'The IEO projects, optionally of one time_status, in the operator\'s order',
    request: fields({ ...paging, time_status: IEO_TIME_STATUS.schema }),
    response: pageAt('list', IEO_PROJECT),
  },
  {
    method: 'GET', path: '/project/detail', auth: false, refreshOn: ['earn'],
    summary: 'One project: issue price (also in BTC and ETH at the last prices), issue, lock period, subscription cycle, listing time, description, website and white paper',
    request: fields({ project_id: id() }, ['project_id']),
    response: record({
      info: record({ ...IEO_PROJECT.properties, content: text, link: text, white_paper: text, btc_price: decimal, eth_price: decimal }),
    }),
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
    method: 'POST', path: '/project/order', auth: true, changes: ['balance', 'earn'], idempotent: true, confirm: 'ieo.subscribed',
    summary: 'Apply for `amount` tokens in `pay_currency` (the project\'s), agreeing to pay at most `price` in total; the cost is frozen until the allocation',
    request: fields({ project_id: id(), amount: amountInput, pay_currency: id(), price: amountInput, pay_password: str({ minLength: 1, maxLength: 64 }) },
      ['project_id', 'amount', 'pay_currency', 'price']),
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

/** Why money moves in IEO subscriptions: the ledger causes of this area (causes.ts lists every area's). */
export const IEO_CAUSES = {
  'ieo.apply': 'an IEO application: its cost moves from available to frozen in the spot account',
  'ieo.allocate': 'an IEO allocation: the cost of the tokens passed goes to the house, the rest back to available, the tokens locked',
  'ieo.release': 'IEO tokens released after the lock period: from locked to available',
} as const;
