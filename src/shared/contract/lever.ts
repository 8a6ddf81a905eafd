/**
 * Contracts with leverage (SPEC 3 "lever order", 4, 7; issue 11), on the platform's wire (issue 20):
 * isolated margin in the lever account's USDT. Formulas in src/shared/domain/contract.ts. A position lives as
 * entrusted (a limit order waiting), open, closed or cancelled.
 */
import { amountInput, arrayOf, bool, decimal, endpoints, fields, id, int, intCodes, nullable, pageOf, paging, record, str, timestamp } from './common';
import { pairFields } from './market';

/** `type` of a position: 1 long, 2 short. */
export const LEVER_TYPE = intCodes({ 1: 'long', 2: 'short' });
/** A position's `order_type`, and the `status` of `/lever/submit`: 1 market (opens at the last price), 2 limit (entrusted). */
export const ORDER_TYPE = intCodes({ 1: 'market', 2: 'limit' });
/** `status` of a position: 0 entrusted (a limit order waiting), 1 open, 3 closed, 4 cancelled (an entrust). */
export const POSITION_STATUS = intCodes({ 0: 'entrust', 1: 'open', 3: 'closed', 4: 'cancelled' });
/**
 * `status` of `/lever/my_trade`: 0 entrusted, 1 open positions (the platform's default), 3 completed (closed
 * positions and cancelled entrusts).
 */
export const POSITION_LIST = intCodes({ 0: 'entrust', 1: 'open', 3: 'completed' });
/** `type` of `/lever/batch_close`: 0 every open position, 1 only the longs, 2 only the shorts. */
export const BATCH_CLOSE = intCodes({ 0: 'all', 1: 'long', 2: 'short' });
export const CLOSE_REASONS = ['user', 'take_profit', 'stop_loss', 'liquidation'] as const;

/**
 * A take-profit or stop-loss price as typed: empty clears it; more decimals than the pair's tick are rounded
 * to the nearest tick (the platform's app sends the last price x 1.2).
 */
const stopInput = str({ maxLength: 40, pattern: '^(\\d{1,18}(\\.\\d{1,18})?)?$' });
const share = int({ minimum: 1, maximum: 1000000 });
const multiple = int({ minimum: 1, maximum: 1000 });

export const POSITION = record({
  id: int(), symbol: str(), currency_id: int(), legal_id: int(),
  type: LEVER_TYPE.schema, order_type: ORDER_TYPE.schema, status: POSITION_STATUS.schema,
  /** Lots; a lot is `lot_size` of the base. */
  share: int(), lot_size: decimal, multiple: int(),
  /** The opening price; the entrust price while entrusted (or once cancelled). */
  price: decimal,
  /** The last price while open or entrusted, the closing price once closed; null once cancelled. */
  update_price: nullable(decimal),
  /** The margin held (less the overnight fees taken from it). */
  caution_money: decimal,
  /** The opening fee. */
  trade_fee: decimal,
  /** The overnight fees charged so far. */
  overnight_money: decimal,
  target_profit_price: nullable(decimal), stop_loss_price: nullable(decimal), liquidation_price: nullable(decimal),
  /** Live while open, final once closed; null while entrusted and once cancelled. */
  profits: nullable(decimal),
  /** (margin + profit) / margin in percent, while open. */
  hazard_rate: nullable(decimal),
  /** Ours: how far (percent of the last price) the price is from the liquidation price, while open. */
  liquidation_distance: nullable(decimal),
  close_reason: nullable(str({ enum: [...CLOSE_REASONS] })),
  created_at: timestamp, opened_at: nullable(timestamp), closed_at: nullable(timestamp),
});

/** The user's open positions together (every pair): live profit, margin held and risk rate. */
const RATE_PROFITS_TOTAL = record({
  profits_total: decimal,
  /** (margin + profit) / margin of all open positions in percent; 0 without any. */
  hazard_rate: decimal,
  /** Ours: the nearest of the open positions' distances to liquidation (percent); null without any. */
  liquidation_distance: nullable(decimal),
  caution_money: decimal,
  positions: int(),
});

/** The lever account's available USDT. */
const userLever = decimal;

export const leverEndpoints = endpoints([
  {
    method: 'POST', path: '/lever/deal', auth: true, refreshOn: ['balance', 'trade'], patchOn: ['lever_trade'],
    summary: 'The ticket of a pair: the account, the multiples, the user\'s open positions of the pair; price, lot size, fee and overnight rates and a preview of the order being typed (margin, fee, liquidation price)',
    request: fields({
      ...pairFields, type: { ...LEVER_TYPE.schema, default: 1 }, status: { ...ORDER_TYPE.schema, default: 1 }, share, multiple, target_price: amountInput,
    }, ['currency_id']),
    response: record({
      user_lever: userLever,
      /** The multiples offered. */
      multiple: record({ muit: arrayOf(record({ value: int() })) }),
      /** The user's open positions of this pair, newest first. */
      my_transaction: arrayOf(POSITION),
      rate_profits_total: RATE_PROFITS_TOTAL,
      symbol: str(), currency_id: int(), legal_id: int(), base: str(), quote: str(), enabled: bool,
      price: decimal, price_decimals: int(), lot_size: decimal, max_lots: int(),
      /** The user's opening fee rate: the market's less their VIP level's discount (`fee_discount`, a fraction). */
      fee_rate: decimal, fee_percent: decimal, fee_discount: decimal, overnight_rate: decimal, overnight_percent: decimal, maintenance_rate: decimal,
      /** The most lots the available balance opens at the typed multiple and price. */
      max_lots_affordable: int(),
      /** Preview of the typed order (null while incomplete). */
      value: nullable(decimal), margin: nullable(decimal), fee: nullable(decimal), liquidation_price: nullable(decimal),
      /** The coupon the typed order would use (the user's soonest to expire that applies) and what it gives back of the fee. */
      coupon_code: nullable(str()), coupon_saving: nullable(decimal),
    }),
  },
  {
    method: 'POST', path: '/lever/submit', auth: true, changes: ['balance', 'trade'], idempotent: true, confirm: 'trade.contract.placed',
    summary: 'Open a position at the last price (status 1, market: target_price is ignored) or entrust a limit order (status 2); optionally with take-profit and stop-loss. A payment password, when sent, must be the user\'s',
    request: fields({
      ...pairFields, type: LEVER_TYPE.schema, status: { ...ORDER_TYPE.schema, default: 1 }, share, multiple, target_price: amountInput,
      password: str({ maxLength: 64 }), target_profit_price: stopInput, stop_loss_price: stopInput,
    }, ['currency_id', 'type', 'share', 'multiple']),
    messages: {
      'share.required': 'api.lever.lots_invalid', 'share.minimum': 'api.lever.lots_invalid', 'share.type': 'api.lever.lots_invalid',
      'type.enum': 'api.lever.choose_direction', 'type.type': 'api.lever.choose_direction', 'type.required': 'api.lever.choose_direction', 'target_price.format': 'error.format.amount',
    },
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/dealall', auth: true, refreshOn: ['balance', 'trade'], patchOn: ['lever_trade'],
    summary: 'The user\'s open positions with live profit (of one pair when named), the account and their totals',
    request: fields({ currency_id: id(), legal_id: id() }),
    response: record({ user_lever: userLever, my_transaction: arrayOf(POSITION), rate_profits_total: RATE_PROFITS_TOTAL }),
  },
  {
    method: 'POST', path: '/lever/close', auth: true, changes: ['balance', 'trade'], idempotent: true, confirm: 'trade.closed', summary: 'Close an open position at the last price',
    request: fields({ id: id() }, ['id']),
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/cancel', auth: true, changes: ['balance', 'trade'], idempotent: true, summary: 'Cancel an entrusted limit order: its margin and fee return',
    request: fields({ id: id() }, ['id']),
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/setstop', auth: true, changes: ['trade'], confirm: 'trade.stop.saved', summary: 'Set or clear the take-profit and stop-loss of an open or entrusted position',
    request: fields({ id: id(), target_profit_price: stopInput, stop_loss_price: stopInput }, ['id']),
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/batch_close', auth: true, changes: ['balance', 'trade'], confirm: 'trade.batch_closed', summary: 'Close every open position (type 0), only the longs (1) or only the shorts (2), optionally of one pair',
    request: fields({ type: BATCH_CLOSE.schema, currency_id: id(), legal_id: id() }, ['type']),
    response: record({ closed: int(), ids: arrayOf(int()), profits: decimal }),
  },
  {
    method: 'POST', path: '/lever/my_trade', auth: true, refreshOn: ['trade'], patchOn: ['lever_trade'],
    summary: 'The user\'s positions, newest first (of one pair when named): entrusted (status 0), open (1) or completed (3), a page nested in `message`; beside it the totals of all their open positions',
    request: fields({ ...paging, status: { ...POSITION_LIST.schema, default: 1 }, currency_id: id(), legal_id: id() }),
    response: record({ message: pageOf(POSITION), rate_profits_total: RATE_PROFITS_TOTAL }),
  },
]);

/** Why money moves in contract orders and positions: the ledger causes of this area (causes.ts lists every area's). */
export const CONTRACT_CAUSES = {
  'contract.entrust': 'a contract limit order placed: margin and opening fee move from available to frozen',
  'contract.cancel': 'a contract limit order cancelled: its margin and fee move back to available',
  'contract.open': 'a contract position opened: margin frozen, opening fee to the platform',
  'contract.overnight': 'the daily overnight fee of an open position, taken from its margin',
  'contract.close': 'a contract position closed (by the user, take-profit, stop-loss or liquidation): margin plus profit or minus loss back',
} as const;
