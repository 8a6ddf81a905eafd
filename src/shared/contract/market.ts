/** Quotes, candles and the watch list (SPEC section 7; issue 3), on the platform's wire (issue 20). */
import { arrayOf, decimal, endpoints, fields, id, int, record, str } from './common';

/**
 * The chart periods as the platform's K-line names them: 1, 5, 30 minutes, 1 hour (SPEC section 9), 1 day,
 * 1 week and 1 month.
 */
export const CHART_PERIODS = ['1min', '5min', '30min', '60min', '1D', '1W', '1M'] as const;

/** USDT, the quote currency of every pair (src/server/market/currencies.ts `USDT_ID`). */
export const USDT_CURRENCY_ID = 3;
/** A pair as the platform's app names it: its base (`currency_id`) and quote (`legal_id`, USDT when not sent). */
export const pairFields = { currency_id: id(), legal_id: id({ default: USDT_CURRENCY_ID }) };

const signedDecimal = str({ pattern: '^-?\\d+\\.\\d{2}$' });
const symbol = str({ minLength: 3, maxLength: 20, pattern: '^[A-Za-z0-9]+(/[A-Za-z0-9]+)?$' });

/**
 * One pair's quote; field names follow the platform's `quotation_new` and `daymarket`. Its contract terms
 * feed the platform's margin calculator (margin = price x (1 +/- spread %) x lever_share_num x shares /
 * multiple, fee = that value x lever_trade_fee %).
 */
export const QUOTE = record({
  /** The pair's id: its base currency's id, the `match_id` of seconds contracts. */
  id: int({ minimum: 1 }),
  currency_id: int({ minimum: 1 }),
  legal_id: int({ minimum: 1 }),
  currency_name: str(),
  legal_name: str(),
  /** Display order, from 1. */
  sort: int({ minimum: 1 }),
  /** The contract price spread in percent: always 0 (positions open at the recorded last price). */
  spread: decimal,
  /** The contract lot size: units of the base per share; 0 when the pair has no contracts. */
  lever_share_num: decimal,
  /** The contract fee in percent of the position's value; 0 when the pair has no contracts. */
  lever_trade_fee: decimal,
  symbol: str(),
  category: str({ enum: ['crypto', 'stock'] }),
  now_price: decimal,
  open: decimal,
  high: decimal,
  low: decimal,
  volume: decimal,
  /** 24-hour change in percent, 2 decimals. */
  change: signedDecimal,
  price_decimals: int({ minimum: 0 }),
  qty_decimals: int({ minimum: 0 }),
});

/** The most prints `GET /market/trades` answers, and how many the `trades:<symbol>` room's first `market_trades` (its snapshot) carries. */
export const MAX_TRADES = 50;
export const ROOM_TRADES = 20;

/** One print of the market: a second's tick, a buy when its price rose or stayed against the second before, else a sell. */
export const TRADE = record({ time: int(), price: decimal, amount: decimal, side: str({ enum: ['buy', 'sell'] }) });

export const CANDLE = record({ time: int(), open: decimal, high: decimal, low: decimal, close: decimal, volume: decimal });

export const marketEndpoints = endpoints([
  {
    method: 'GET', path: '/currency/quotation_new', auth: false, summary: 'Every pair with last price, 24-hour statistics and contract terms, grouped by quote currency',
    response: arrayOf(record({ name: str(), quotation: arrayOf(QUOTE) })),
  },
  {
    method: 'GET', path: '/currency/new_timeshar', auth: false, answerIn: 'data',
    summary: 'Candles of one pair and period between two times (unix seconds), oldest first; times in the answer are in milliseconds',
    request: fields({
      symbol,
      period: str({ enum: [...CHART_PERIODS] }),
      from: int({ minimum: 0, maximum: 99_999_999_999 }),
      to: int({ minimum: 0, maximum: 99_999_999_999 }),
    }, ['symbol', 'period']),
    response: arrayOf(CANDLE),
  },
  {
    method: 'GET', path: '/market/trades', auth: false,
    summary: 'The recent prints of one pair (ours): a print a second, newest first, times in milliseconds; a second the market did not strike one by one has none',
    request: fields({ symbol, limit: int({ minimum: 1, maximum: MAX_TRADES, default: ROOM_TRADES }) }, ['symbol']),
    response: arrayOf(TRADE),
  },
  {
    method: 'GET', path: '/optional/list', auth: true, refreshOn: ['account'],
    summary: 'The watch list: quotes of the pairs the user follows, in the order added. A pair is on it at most once, so a row\'s `id` is its pair\'s id',
    response: arrayOf(QUOTE),
  },
  {
    method: 'POST', path: '/optional/add', auth: true, changes: ['account'], summary: 'Add a pair to the watch list (again: nothing changes); answers the row\'s id',
    request: fields(pairFields, ['currency_id']), response: record({ id: int({ minimum: 1 }) }),
  },
  {
    method: 'POST', path: '/optional/del', auth: true, changes: ['account'], summary: 'Remove the row `id` (the pair\'s id) from the watch list; a row not on it is gone already',
    request: fields({ id: id() }, ['id']), response: record({ id: int({ minimum: 1 }) }),
  },
]);
