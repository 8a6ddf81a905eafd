/**
 * Dual-currency investment (SPEC 3 "dual invest", 7, 9; issues 12 and 20): the operator's products, a
 * purchase of whole shares, the user's orders, settled at maturity by a job from the recorded reference
 * price (src/shared/domain/dual.ts).
 *
 * The wire is the platform's (seed-api/calls.json getInvestList, getInvestDetail, investPurchase,
 * investOrder): products under `dual_currencys`, orders under `list`, its names (`rate`, `exercise_price`,
 * `start_time`, `end_time`, `*_number`, `order_rate`, `number`, `create`) and codes: `type` call (invest the
 * currency: sell high) or put (invest USDT: buy low), DUAL_PRODUCT_STATUS, DUAL_LIST_STATUS. Rates are
 * percentages, as the platform's screens show them (`rate` 36.5 is 36.5 % a year). The payment password is
 * optional on the wire (the platform's app sends none); the form schemas/dual-order.json requires it, and
 * the server enforces that form on POST /dual/buyDual.
 */
import { arrayOf, bool, decimal, endpoints, fields, id, int, intCodes, nullable, pageAt, paging, record, str, textCodes, timestamp } from './common';

/** The direction: `call` invests the currency (sell high), `put` invests USDT (buy low). */
export const DUAL_TYPE = textCodes({ call: 'sell_high', put: 'buy_low' });
/** A product: 1 open (on sale until start_time, then earning), 2 settled, 3 cancelled by the operator (refunded). */
export const DUAL_PRODUCT_STATUS = intCodes({ 1: 'open', 2: 'settled', 3: 'cancelled' });
/** Where an order is (SPEC 4): purchased, settlement (being paid), success (paid) or fail (refunded by a cancellation). */
export const DUAL_STAGES = ['purchased', 'settlement', 'success', 'fail'] as const;
/** An order: 1 holding (purchased, or being settled), 2 finished (paid, or refunded). Its `stage` says which. */
export const DUAL_LIST_STATUS = intCodes({ 1: 'holding', 2: 'finished' });

export const DUAL_PRODUCT = record({
  id: int(),
  /** The pair: "BTC/USDT". */
  name: str(),
  currency_id: int(), currency_name: str(), quote_id: int(), quote_name: str(),
  type: DUAL_TYPE.schema,
  /** What one share costs, in the invested currency. */
  invest_currency_id: int(), invest_currency_name: str(), unit_price: decimal,
  /** The annual yield in percent, and the pegged (target) price the settlement price is compared with. */
  rate: decimal, exercise_price: decimal, days: int(),
  /** Sold until start_time, from when it earns; settled at end_time (the maturity date). */
  start_time: timestamp, end_time: timestamp,
  total_number: int(), purchased_number: int(), remaining_number: int(),
  status: DUAL_PRODUCT_STATUS.schema,
  /** True while shares can be bought. */
  on_sale: bool,
  settle_price: nullable(decimal),
});

export const DUAL_ORDER = record({
  id: int(), product_id: int(), name: str(), type: DUAL_TYPE.schema,
  /** Shares bought, and what they cost in the invested currency. */
  number: int(), amount: decimal, invest_currency_name: str(),
  /** The product's pegged price and annual yield in percent. */
  exercise_price: decimal, order_rate: decimal, days: int(), end_time: timestamp,
  status: DUAL_LIST_STATUS.schema,
  stage: str({ enum: [...DUAL_STAGES] }),
  /** What a settlement would pay in the base currency and in the quote (both known from the start). */
  payout_base: decimal, payout_quote: decimal, currency_name: str(), quote_name: str(),
  settle_price: nullable(decimal), payout: nullable(decimal), payout_currency_name: nullable(str()),
  /** Bought at. */
  create: timestamp, settled_at: nullable(timestamp),
});

export const dualEndpoints = endpoints([
  {
    method: 'GET', path: '/dual/index', auth: false, refreshOn: ['earn'],
    summary: 'The dual-investment products on sale, optionally of one currency and one direction, with the current price',
    request: fields({ currency_id: id(), type: DUAL_TYPE.schema }),
    response: record({ dual_currencys: arrayOf(record({ ...DUAL_PRODUCT.properties, price: decimal })) }),
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
    method: 'POST', path: '/dual/buyDual', auth: true, changes: ['balance', 'earn'], idempotent: true,
    summary: 'Buy `num` whole shares (the payment password checked when given): the amount is locked in the spot account until the product settles',
    request: fields({ id: id(), num: int({ minimum: 1, maximum: 1000000 }), pay_password: str({ minLength: 1, maxLength: 64 }) }, ['id', 'num']),
    messages: {
      'id.required': 'api.dual.not_found', 'num.required': 'api.dual.num_integer', 'num.type': 'api.dual.num_integer', 'num.minimum': 'api.dual.num_integer',
      'pay_password.required': 'api.withdraw.pay_password_required', 'pay_password.minLength': 'api.withdraw.pay_password_required',
    },
    response: DUAL_ORDER,
  },
  {
    method: 'POST', path: '/dual/dual_list', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s dual-investment orders, newest first, optionally of one product currency (`currency`), direction and status',
    request: fields({ ...paging, currency: id(), type: DUAL_TYPE.schema, status: DUAL_LIST_STATUS.schema }),
    response: pageAt('list', DUAL_ORDER),
  },
]);

/** Why money moves in dual investment: the ledger causes of this area (causes.ts lists every area's). */
export const DUAL_CAUSES = {
  'dual.buy': 'a dual-investment purchase: the amount moves from available to locked in the spot account',
  'dual.settle': 'a dual investment settled at maturity: the locked amount goes to the house, which pays the outcome in the base currency or the quote',
  'dual.refund': 'a dual investment refunded whole because the operator cancelled the product',
} as const;
