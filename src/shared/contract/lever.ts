/**
 * Contracts with leverage (SPEC 3 "lever order", 4, 7; issue 11): isolated margin in the lever account's
 * USDT. Formulas in src/shared/domain/contract.ts. Positions live as entrust (a limit order waiting), open,
 * closed or cancelled.
 */
import { amountInput, arrayOf, bool, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, str, timestamp } from './common';

export const DIRECTIONS = ['long', 'short'] as const;
export const PRICE_TYPES = ['market', 'limit'] as const;
export const POSITION_STATUSES = ['entrust', 'open', 'closed', 'cancelled'] as const;
export const CLOSE_REASONS = ['user', 'take_profit', 'stop_loss', 'liquidation'] as const;
/** `/lever/my_trade` lists: entrusted (waiting), in progress (open), completed (closed and cancelled). */
export const POSITION_LISTS = ['entrust', 'open', 'closed'] as const;
/** `/lever/batch_close`: all positions, only longs or only shorts. */
export const BATCH_CLOSE = ['all', 'long', 'short'] as const;

const pair = { currency_id: id(), legal_id: id({ default: 100 }) };
/** A price typed by the user; an empty value clears a take-profit or stop-loss. */
const stopInput = str({ maxLength: 40, pattern: '^(\\d{1,18}(\\.\\d{1,18})?)?$' });

export const POSITION = record({
  id: int(), symbol: str(), currency_id: int(), legal_id: int(),
  direction: str({ enum: [...DIRECTIONS] }), price_type: str({ enum: [...PRICE_TYPES] }), status: str({ enum: [...POSITION_STATUSES] }),
  lots: int(), lot_size: decimal, multiple: int(),
  entrust_price: nullable(decimal), open_price: nullable(decimal),
  /** The last price (open and entrusted positions) or the closing price. */
  current_price: nullable(decimal),
  margin: decimal, fee: decimal, overnight_fee: decimal,
  target_profit_price: nullable(decimal), stop_loss_price: nullable(decimal), liquidation_price: nullable(decimal),
  /** Live for an open position, final once closed; null while entrusted. */
  profit: nullable(decimal),
  /** (margin + profit) / margin in percent. */
  hazard_rate: nullable(decimal),
  close_price: nullable(decimal), close_reason: nullable(str({ enum: [...CLOSE_REASONS] })),
  created_at: timestamp, opened_at: nullable(timestamp), closed_at: nullable(timestamp),
});

const TOTALS = record({
  /** The lever account's available USDT. */
  available: decimal, margin: decimal, profits_total: decimal, hazard_rate: decimal, positions: int(),
});

export const leverEndpoints = endpoints([
  {
    method: 'POST', path: '/lever/deal', auth: true, refreshOn: ['balance', 'trade'], patchOn: ['lever_trade'],
    summary: 'The ticket of a pair: price, multiples, lot size, fee and overnight rates, the account, and a preview of the order being typed (margin, fee, liquidation price)',
    request: fields({
      ...pair, direction: str({ enum: [...DIRECTIONS], default: 'long' }), price_type: str({ enum: [...PRICE_TYPES], default: 'market' }),
      lots: int({ minimum: 1, maximum: 1000000 }), multiple: int({ minimum: 1, maximum: 1000 }), target_price: amountInput,
    }, ['currency_id']),
    response: record({
      symbol: str(), currency_id: int(), legal_id: int(), base: str(), quote: str(), enabled: bool,
      price: decimal, price_decimals: int(), lot_size: decimal, multiples: arrayOf(int()), max_lots: int(),
      fee_rate: decimal, fee_percent: decimal, overnight_rate: decimal, overnight_percent: decimal, maintenance_rate: decimal,
      /** The most lots the available balance opens at the typed multiple and price. */
      max_lots_affordable: int(),
      /** Preview of the typed order (null while incomplete). */
      value: nullable(decimal), margin: nullable(decimal), fee: nullable(decimal), liquidation_price: nullable(decimal),
      totals: TOTALS,
    }),
  },
  {
    method: 'POST', path: '/lever/submit', auth: true, idempotent: true,
    summary: 'Open a position at the last price (market) or entrust a limit order; optionally with take-profit and stop-loss',
    request: fields({
      ...pair, direction: str({ enum: [...DIRECTIONS] }), price_type: str({ enum: [...PRICE_TYPES], default: 'market' }),
      lots: int({ minimum: 1, maximum: 1000000 }), multiple: int({ minimum: 1, maximum: 1000 }), target_price: amountInput,
      target_profit_price: stopInput, stop_loss_price: stopInput,
    }, ['currency_id', 'direction', 'lots', 'multiple']),
    messages: { 'lots.required': 'api.lever.lots_invalid', 'lots.minimum': 'api.lever.lots_invalid', 'lots.type': 'api.lever.lots_invalid', 'direction.enum': 'api.trade.choose_side' },
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/dealall', auth: true, refreshOn: ['balance', 'trade'], patchOn: ['lever_trade'], summary: 'Every open position of the user with live profit, and the account\'s totals',
    request: fields({ currency_id: id(), legal_id: id() }),
    response: record({ positions: arrayOf(POSITION), totals: TOTALS }),
  },
  {
    method: 'POST', path: '/lever/close', auth: true, idempotent: true, summary: 'Close an open position at the last price',
    request: fields({ id: id() }, ['id']),
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/cancel', auth: true, idempotent: true, summary: 'Cancel an entrusted limit order: its margin and fee return',
    request: fields({ id: id() }, ['id']),
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/setstop', auth: true, summary: 'Set or clear the take-profit and stop-loss of an open or entrusted position',
    request: fields({ id: id(), target_profit_price: stopInput, stop_loss_price: stopInput }, ['id']),
    response: POSITION,
  },
  {
    method: 'POST', path: '/lever/batch_close', auth: true, summary: 'Close every open position, only the longs or only the shorts (optionally of one pair)',
    request: fields({ type: str({ enum: [...BATCH_CLOSE] }), currency_id: id(), legal_id: id() }, ['type']),
    response: record({ closed: int(), ids: arrayOf(int()), profit: decimal }),
  },
  {
    method: 'POST', path: '/lever/my_trade', auth: true, refreshOn: ['trade'], patchOn: ['lever_trade'], summary: 'The user\'s positions, newest first: entrusted, in progress or completed',
    request: fields({ ...paging, status: str({ enum: [...POSITION_LISTS], default: 'open' }), currency_id: id(), legal_id: id() }),
    response: pageOf(POSITION),
  },
]);
