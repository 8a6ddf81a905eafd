/** Quotes, candles and the watch list (SPEC section 7; issue 3). */
import { arrayOf, bool, decimal, endpoints, fields, int, record, str } from './common';

/** The chart periods (SPEC section 9): 1, 5, 30 minutes, 1 hour, 1 day, 1 month. */
export const CHART_PERIODS = ['1min', '5min', '30min', '60min', '1day', '1mon'] as const;

const signedDecimal = str({ pattern: '^-?\\d+\\.\\d{2}$' });
const symbol = str({ minLength: 3, maxLength: 20, pattern: '^[A-Za-z0-9]+(/[A-Za-z0-9]+)?$' });

/** One pair's quote; field names follow the `daymarket` event of the backends this app family uses. */
export const QUOTE = record({
  currency_id: int({ minimum: 1 }),
  currency_name: str(),
  legal_name: str(),
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

export const CANDLE = record({ time: int(), open: decimal, high: decimal, low: decimal, close: decimal, volume: decimal });

/** A currency of the platform (a pair's base or quote) with its last price in USDT. */
export const CURRENCY = record({
  id: int({ minimum: 1 }),
  name: str(),
  full_name: str(),
  category: str({ enum: ['crypto', 'stablecoin', 'stock'] }),
  decimals: int({ minimum: 0 }),
  is_quote: bool,
  price_usdt: decimal,
});

export const marketEndpoints = endpoints([
  {
    method: 'GET', path: '/currency/list', auth: false, summary: 'Every currency with its amount decimals and last price in USDT',
    response: arrayOf(CURRENCY),
  },
  {
    method: 'GET', path: '/currency/quotation_new', auth: false, summary: 'Every pair with last price and 24-hour statistics, grouped by quote currency',
    response: arrayOf(record({ name: str(), quotes: arrayOf(QUOTE) })),
  },
  {
    method: 'GET', path: '/currency/new_timeshar', auth: false, summary: 'Candles of one pair and period between two times (unix seconds), oldest first',
    request: fields({
      symbol,
      period: str({ enum: [...CHART_PERIODS] }),
      from: int({ minimum: 0, maximum: 99_999_999_999 }),
      to: int({ minimum: 0, maximum: 99_999_999_999 }),
    }, ['symbol', 'period']),
    response: arrayOf(CANDLE),
  },
  {
    method: 'GET', path: '/optional/list', auth: true, summary: 'The watch list: quotes of the pairs the user follows, in the order added',
    response: arrayOf(QUOTE),
  },
  {
    method: 'POST', path: '/optional/add', auth: true, summary: 'Add a pair to the watch list',
    request: fields({ symbol }, ['symbol']), response: str(),
  },
  {
    method: 'POST', path: '/optional/del', auth: true, summary: 'Remove a pair from the watch list',
    request: fields({ symbol }, ['symbol']), response: str(),
  },
]);
