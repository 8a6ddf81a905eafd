/**
 * Spot and stock orders (SPEC 3 "coin trade", 7; issue 11), on the platform's wire (issue 20). Crypto pairs
 * trade in the spot (change) account, stock pairs in the stock account. Market orders fill at once at the
 * recorded last price; limit orders hold what they may spend and fill whole, at their price, when the
 * recorded price crosses it. The platform's app always sends a price (the last one): a limit order there.
 */
import { amountInput, arrayOf, decimal, endpoints, fields, id, int, intCodes, nullable, paging, record, str, timestamp } from './common';
import { pairFields } from './market';

/** `type` of an order: 1 buy, 2 sell. */
export const SPOT_SIDE = intCodes({ 1: 'buy', 2: 'sell' });
export const SPOT_KINDS = ['market', 'limit'] as const;
/** `status` of an order: 1 open (a limit order waiting), 2 filled, 3 cancelled. */
export const SPOT_STATUS = intCodes({ 1: 'open', 2: 'filled', 3: 'cancelled' });
/** `orders` of `GET /coin/list` (ours): the open limit orders, or the history (filled and cancelled); all when not sent. */
export const SPOT_LISTS = ['open', 'history'] as const;

export const SPOT_ORDER = record({
  id: int(), symbol: str(), currency_id: int(), legal_id: int(), base: str(), quote: str(),
  type: SPOT_SIDE.schema, kind: str({ enum: [...SPOT_KINDS] }), status: SPOT_STATUS.schema,
  /** Base quantity. */
  trade_amount: decimal,
  /** The limit price; null for a market order. */
  target_price: nullable(decimal),
  /** The price it filled at; null until filled. */
  price: nullable(decimal),
  /** Quote paid (buy) or received before the fee (sell); null until filled. */
  total: nullable(decimal),
  /** Ours: what the order is worth in the quote, the total once filled, else its limit price times its quantity (an open order's "Total"). */
  order_value: nullable(decimal),
  fee: nullable(decimal),
  fee_currency: str(),
  created_at: timestamp, done_at: nullable(timestamp),
});

export const spotEndpoints = endpoints([
  {
    method: 'POST', path: '/coin/info', auth: true, refreshOn: ['balance', 'trade'],
    summary: 'The ticket of a pair: last price, balances, fee, the most that can be bought or sold, and a preview of the order being typed',
    request: fields({
      ...pairFields, type: { ...SPOT_SIDE.schema, default: 1 }, kind: str({ enum: [...SPOT_KINDS], default: 'limit' }),
      target_price: amountInput, amount: amountInput,
    }, ['currency_id']),
    response: record({
      symbol: str(), currency_id: int(), legal_id: int(), base: str(), quote: str(), category: str({ enum: ['crypto', 'stock'] }),
      /** The account the pair trades in: change (crypto) or stock. */
      account: str({ enum: ['change', 'stock'] }),
      price: decimal, price_decimals: int(), qty_decimals: int(), base_decimals: int(), quote_decimals: int(),
      /** The user's fee rate: the market's less their VIP level's discount (`fee_discount`, a fraction). */
      fee_rate: decimal, fee_percent: decimal, fee_discount: decimal, min_amount: decimal, enabled: { type: 'boolean' },
      available_base: decimal, available_quote: decimal,
      /** The most the typed side can trade at the typed (or last) price, in the base. */
      max_amount: decimal,
      /** Preview of the typed order (null while incomplete): quote total, fee and what arrives. */
      total: nullable(decimal), fee: nullable(decimal), receive: nullable(decimal), fee_currency: str(),
      /** The coupon the typed order would use (the user's soonest to expire that applies) and what it gives back of the fee. */
      coupon_code: nullable(str()), coupon_saving: nullable(decimal),
    }),
  },
  {
    method: 'POST', path: '/coin/trade', auth: true, changes: ['balance', 'trade'], idempotent: true,
    summary: 'Place a market order (no target_price: fills now at the last price) or a limit order at target_price (holds its funds until the price crosses)',
    request: fields({ ...pairFields, type: SPOT_SIDE.schema, amount: amountInput, target_price: amountInput }, ['currency_id', 'type', 'amount']),
    messages: { 'amount.required': 'error.invalid_amount', 'type.enum': 'api.trade.choose_side', 'type.type': 'api.trade.choose_side', 'type.required': 'api.trade.choose_side' },
    response: SPOT_ORDER,
  },
  {
    method: 'POST', path: '/coin/cancel', auth: true, changes: ['balance', 'trade'], idempotent: true, summary: 'Cancel an open limit order: what it held returns to available',
    request: fields({ id: id() }, ['id']),
    response: SPOT_ORDER,
  },
  {
    method: 'GET', path: '/coin/list', auth: true, refreshOn: ['trade'],
    summary: 'The user\'s orders, newest first (of one pair when named): all, the open limit orders or the history. A plain array: a page shorter than `limit` is the last',
    request: fields({ ...paging, orders: str({ enum: [...SPOT_LISTS] }), currency_id: id(), legal_id: id() }),
    response: arrayOf(SPOT_ORDER),
  },
  {
    method: 'GET', path: '/coin/pairs', auth: false, summary: 'Pairs open for spot trading, with their fee rate and minimum',
    response: arrayOf(record({ symbol: str(), currency_id: int(), legal_id: int(), category: str({ enum: ['crypto', 'stock'] }), fee_rate: decimal, min_amount: decimal })),
  },
]);

/** Why money moves in spot orders: the ledger causes of this area (causes.ts lists every area's). */
export const SPOT_CAUSES = {
  'spot.trade': 'a spot market order filled at the recorded price, fee to the platform',
  'spot.freeze': 'a spot limit order placed: what it may spend moves from available to frozen',
  'spot.fill': 'a spot limit order filled at its price when the market crossed it, fee to the platform',
  'spot.cancel': 'a spot limit order cancelled: its frozen amount moves back to available',
} as const;
