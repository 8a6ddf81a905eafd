/**
 * Seconds contracts (SPEC 3 "microtrade", 4, 7, 9; issue 11), on the platform's wire (issue 20): a stake
 * from the micro account on the price of a pair going up or down over a term; terms, profit ratios and
 * minimums are the operator's. Formulas in src/shared/domain/seconds.ts.
 */
import { amountInput, arrayOf, decimal, endpoints, fields, id, int, intCodes, nullable, pageOf, pageSize, paging, record, str, timestamp } from './common';
import { USDT_CURRENCY_ID } from './market';

/** `type` of an order: 1 up, 2 down. */
export const SECONDS_TYPE = intCodes({ 1: 'up', 2: 'down' });
/** `status` of an order: 1 open (in position), 2 settled. */
export const SECONDS_STATUS = intCodes({ 1: 'open', 2: 'settled' });
export const SECONDS_RESULTS = ['win', 'loss', 'draw'] as const;
/** SPEC 9: the second-contract list shows 5 per page. */
export const SECONDS_PAGE = 5;

/** What a win earns, in percent of the stake. */
const profitRatio = decimal;

export const SECONDS_TERM = record({
  currency_id: int(), currency_name: str(), seconds: int(), profit_ratio: profitRatio, min_number: decimal, max_number: decimal,
});

export const SECONDS_ORDER = record({
  id: int(),
  /** The pair, `BTC/USDT`. */
  symbol_name: str(), match_id: int(), currency_id: int(), currency_name: str(),
  type: SECONDS_TYPE.schema, seconds: int(), number: decimal, profit_ratio: profitRatio,
  open_price: decimal, close_price: nullable(decimal), status: SECONDS_STATUS.schema,
  result: nullable(str({ enum: [...SECONDS_RESULTS] })),
  /** What came back (stake plus profit, the stake, nothing); null while open. */
  payout: nullable(decimal),
  /** The profit once settled (payout - number: negative for a loss); null while open. */
  fact_profits: nullable(decimal),
  /** What a win earns (stake x profit ratio). */
  expected_profit: decimal,
  created_at: timestamp, expires_at: timestamp,
  /** When it was settled; null while open. */
  handled_at: nullable(timestamp),
  /** Seconds left until expiry (0 once due). */
  remaining: int(),
});

const term = { match_id: id(), currency_id: id({ default: USDT_CURRENCY_ID }), seconds: int({ minimum: 1, maximum: 86400 }) };

export const secondsEndpoints = endpoints([
  {
    method: 'GET', path: '/microtrade/payable_currencies', auth: true, refreshOn: ['balance'],
    summary: 'Currencies a seconds contract can be staked in, with the micro account\'s available balance',
    response: arrayOf(record({
      /** The currency's id. */
      id: int(), name: str(),
      user_wallet: record({ /** The micro account's available balance. */ micro_with_insurance: decimal }),
    })),
  },
  {
    method: 'GET', path: '/microtrade/seconds', auth: false, summary: 'The terms offered: seconds, profit ratio (percent), minimum and maximum stake',
    request: fields({ currency_id: id() }),
    response: arrayOf(SECONDS_TERM),
  },
  {
    method: 'POST', path: '/microtrade/info', auth: true, refreshOn: ['balance'],
    summary: 'The ticket: last price, the term chosen, the balance, and what the typed stake may win or lose',
    request: fields({ ...term, number: amountInput }, ['match_id']),
    response: record({
      symbol: str(), match_id: int(), price: decimal, currency_id: int(), currency_name: str(), available: decimal,
      seconds: nullable(int()), profit_ratio: nullable(profitRatio), min_number: nullable(decimal), max_number: nullable(decimal),
      /** For the typed stake: what a win adds and what a loss takes (null while incomplete). */
      profit: nullable(decimal), max_loss: nullable(decimal),
    }),
  },
  {
    method: 'POST', path: '/microtrade/submit', auth: true, changes: ['balance', 'trade'], idempotent: true,
    summary: 'Stake `number` of `currency_id` on the pair `match_id` going up (type 1) or down (2) over `seconds`; settles at expiry from the price of that second',
    request: fields({ ...term, type: SECONDS_TYPE.schema, number: amountInput }, ['match_id', 'type', 'seconds', 'number']),
    messages: {
      'number.required': 'error.invalid_amount', 'type.enum': 'api.seconds.choose_direction', 'type.type': 'api.seconds.choose_direction', 'type.required': 'api.seconds.choose_direction',
      'seconds.required': 'api.seconds.choose_term',
    },
    response: SECONDS_ORDER,
  },
  {
    method: 'GET', path: '/microtrade/lists', auth: true, refreshOn: ['trade'],
    summary: 'The user\'s seconds contracts, newest first (of one pair when `match_id` is sent): in position (status 1) or settled (2), 5 a page',
    request: fields({
      page: paging.page, limit: pageSize(SECONDS_PAGE), status: { ...SECONDS_STATUS.schema, default: 1 }, match_id: id(),
    }),
    response: pageOf(SECONDS_ORDER),
  },
  {
    method: 'GET', path: '/microtrade/get_result', auth: true, refreshOn: ['trade'], summary: 'One seconds contract of the user, with its profit once settled',
    request: fields({ id: id() }, ['id']),
    response: SECONDS_ORDER,
  },
]);

/** Why money moves in seconds contracts: the ledger causes of this area (causes.ts lists every area's). */
export const SECONDS_CAUSES = {
  'seconds.stake': 'a seconds contract placed: the stake moves from available to frozen',
  'seconds.settle': 'a seconds contract settled at expiry: stake plus payout, the stake, or nothing back',
} as const;
