/**
 * Seconds contracts (SPEC 3 "microtrade", 4, 7, 9; issue 11): a stake from the micro account on the price
 * of a pair going up or down over a term; terms, payout rates and minimums are the operator's. Formulas in
 * src/shared/domain/seconds.ts.
 */
import { amountInput, arrayOf, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, str, timestamp } from './common';

export const SECONDS_DIRECTIONS = ['up', 'down'] as const;
export const SECONDS_STATUSES = ['open', 'settled'] as const;
export const SECONDS_RESULTS = ['win', 'loss', 'draw'] as const;
/** SPEC 9: the second-contract list shows 5 per page. */
export const SECONDS_PAGE = 5;

export const SECONDS_TERM = record({
  currency_id: int(), currency_name: str(), seconds: int(), payout_rate: decimal, payout_percent: decimal, min_number: decimal, max_number: decimal,
});

export const SECONDS_ORDER = record({
  id: int(), symbol: str(), match_id: int(), currency_id: int(), currency_name: str(),
  type: str({ enum: [...SECONDS_DIRECTIONS] }), seconds: int(), number: decimal, payout_rate: decimal,
  open_price: decimal, close_price: nullable(decimal), status: str({ enum: [...SECONDS_STATUSES] }),
  result: nullable(str({ enum: [...SECONDS_RESULTS] })),
  /** What came back (stake plus profit, the stake, nothing); null while open. */
  payout: nullable(decimal),
  /** payout - number once settled; what a win would earn while open. */
  profit: decimal,
  created_at: timestamp, expires_at: timestamp, settled_at: nullable(timestamp),
  /** Seconds left until expiry (0 once due). */
  remaining: int(),
});

const term = { match_id: id(), currency_id: id({ default: 100 }), seconds: int({ minimum: 1, maximum: 86400 }) };

export const secondsEndpoints = endpoints([
  {
    method: 'GET', path: '/microtrade/payable_currencies', auth: true, refreshOn: ['balance'],
    summary: 'Currencies a seconds contract can be staked in, with the micro account\'s available balance',
    response: arrayOf(record({ currency_id: int(), name: str(), available: decimal })),
  },
  {
    method: 'GET', path: '/microtrade/seconds', auth: false, summary: 'The terms offered: seconds, payout rate, minimum and maximum stake',
    request: fields({ currency_id: id() }),
    response: arrayOf(SECONDS_TERM),
  },
  {
    method: 'POST', path: '/microtrade/info', auth: true, refreshOn: ['balance'],
    summary: 'The ticket: last price, the term chosen, the balance, and what the typed stake may win or lose',
    request: fields({ ...term, number: amountInput }, ['match_id']),
    response: record({
      symbol: str(), match_id: int(), price: decimal, currency_id: int(), currency_name: str(), available: decimal,
      seconds: nullable(int()), payout_rate: nullable(decimal), payout_percent: nullable(decimal), min_number: nullable(decimal), max_number: nullable(decimal),
      /** For the typed stake: what a win adds and what a loss takes (null while incomplete). */
      profit: nullable(decimal), max_loss: nullable(decimal),
    }),
  },
  {
    method: 'POST', path: '/microtrade/submit', auth: true, idempotent: true,
    summary: 'Stake `number` on the pair going up or down over `seconds`; settles at expiry from the price of that second',
    request: fields({ ...term, type: str({ enum: [...SECONDS_DIRECTIONS] }), number: amountInput }, ['match_id', 'type', 'seconds', 'number']),
    messages: { 'number.required': 'error.invalid_amount', 'type.enum': 'api.trade.choose_side', 'seconds.required': 'api.seconds.choose_term' },
    response: SECONDS_ORDER,
  },
  {
    method: 'GET', path: '/microtrade/lists', auth: true, refreshOn: ['trade'], summary: 'The user\'s seconds contracts, newest first: in position (open) or history (settled), 5 a page',
    request: fields({ page: paging.page, limit: int({ minimum: 1, maximum: 100, default: SECONDS_PAGE }), status: str({ enum: [...SECONDS_STATUSES], default: 'open' }) }),
    response: pageOf(SECONDS_ORDER),
  },
  {
    method: 'GET', path: '/microtrade/get_result', auth: true, refreshOn: ['trade'], summary: 'One seconds contract of the user, with its result once settled',
    request: fields({ id: id() }, ['id']),
    response: SECONDS_ORDER,
  },
]);
