/**
 * Dual-currency investment (SPEC 3 "dual invest", 7, 9; issue 12): the operator's products, a purchase of
 * whole shares after the payment password, the user's orders, settled at maturity by a job from the
 * recorded reference price (src/shared/domain/dual.ts).
 */
import { DUAL_TYPES } from '../domain/dual';
import { arrayOf, bool, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, str, timestamp } from './common';

export const DUAL_ORDER_STATUSES = ['purchased', 'settlement', 'success', 'fail'] as const;

export const DUAL_PRODUCT = record({
  id: int(), currency_id: int(), currency_name: str(), quote_id: int(), quote_name: str(), symbol: str(),
  type: str({ enum: [...DUAL_TYPES] }),
  /** What one share costs, in the invested currency. */
  invest_currency_id: int(), invest_currency_name: str(), unit_price: decimal,
  annual_rate: decimal, annual_percent: decimal, peg_price: decimal, days: int(),
  /** Sold until value_at; settled at settle_at (the maturity date). */
  value_at: timestamp, settle_at: timestamp,
  total_shares: int(), remaining_shares: int(), status: str({ enum: ['open', 'settled', 'cancelled'] }),
  /** True while shares can be bought. */
  on_sale: bool,
  settle_price: nullable(decimal),
});

export const DUAL_ORDER = record({
  id: int(), product_id: int(), symbol: str(), type: str({ enum: [...DUAL_TYPES] }), num: int(),
  amount: decimal, invest_currency_name: str(), peg_price: decimal, annual_percent: decimal, days: int(), settle_at: timestamp,
  status: str({ enum: [...DUAL_ORDER_STATUSES] }),
  /** What a settlement would pay in the base currency and in the quote (both known from the start). */
  payout_base: decimal, payout_quote: decimal, currency_name: str(), quote_name: str(),
  settle_price: nullable(decimal), payout: nullable(decimal), payout_currency_name: nullable(str()),
  created_at: timestamp, settled_at: nullable(timestamp),
});

export const dualEndpoints = endpoints([
  {
    method: 'GET', path: '/dual/index', auth: false,
    summary: 'The dual-investment products on sale, optionally of one currency and one direction (sell_high: invest the currency; buy_low: invest USDT)',
    request: fields({ currency_id: id(), type: str({ enum: [...DUAL_TYPES] }) }),
    response: arrayOf(record({ ...DUAL_PRODUCT.properties, price: decimal })),
  },
  {
    method: 'GET', path: '/dual/detail', auth: true, refreshOn: ['balance'],
    summary: 'One product, the current price, and for `num` shares: the amount, and both outcomes of the settlement before buying',
    request: fields({ id: id(), num: int({ minimum: 0, maximum: 1000000 }) }, ['id']),
    response: record({
      ...DUAL_PRODUCT.properties, price: decimal,
      /** The user's available spot balance of the invested currency, and how many shares it buys. */
      available: decimal, max_num: int(),
      amount: nullable(decimal), payout_base: nullable(decimal), payout_quote: nullable(decimal),
      has_pay_password: bool,
    }),
  },
  {
    method: 'POST', path: '/dual/buyDual', auth: true, idempotent: true,
    summary: 'Buy `num` whole shares (the payment password required): the amount is locked in the spot account until the product settles',
    request: fields({ id: id(), num: int({ minimum: 1, maximum: 1000000 }), pay_password: str({ minLength: 1, maxLength: 64 }) }, ['id', 'num', 'pay_password']),
    messages: {
      'id.required': 'api.dual.not_found', 'num.required': 'api.dual.num_integer', 'num.type': 'api.dual.num_integer', 'num.minimum': 'api.dual.num_integer',
      'pay_password.required': 'api.withdraw.pay_password_required', 'pay_password.minLength': 'api.withdraw.pay_password_required',
    },
    response: DUAL_ORDER,
  },
  {
    method: 'POST', path: '/dual/dual_list', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s dual-investment orders, newest first: holding (purchased, settlement) or finished (success, fail)',
    request: fields({ ...paging, status: str({ enum: ['holding', 'finished'], default: 'holding' }) }),
    response: pageOf(DUAL_ORDER),
  },
]);
