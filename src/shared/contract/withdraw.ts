/** The payment password and withdrawals (SPEC 5, 6, 9; issue 4). */
import { REAL_LEVELS } from './identity';
import { amountInput, chainInput, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, sameAs, str, timestamp } from './common';
import { DESTINATIONS } from './payees';

/** SPEC 9: 24-hour withdrawal limit in BTC equivalent by identity level. */
/** A withdrawal's life: requested (frozen, under review), then paid out or rejected (unfrozen). */
export const WITHDRAWAL_STATUS = { review: 0, paid: 1, rejected: 2 } as const;

export const WITHDRAW_LIMIT_BTC = { 1: '200', 2: '500' } as const;

export const WITHDRAWAL = record({
  id: int(), currency_id: int(), currency_name: str(),
  /** Where it goes: a saved wallet address, the domestic bank card or the international one. */
  destination: str({ enum: [...DESTINATIONS] }),
  /** The address's chain, or BANK / INTL for a card. */
  chain: str(),
  /** The wallet address, or for a card the bank's name and the masked card number (`Bank ****1234`). */
  address: str(),
  amount: decimal, fee: decimal, receive: decimal,
  /** 0 under review, 1 paid out, 2 rejected (the amount is back in the account; see `reason`). */
  status: int({ enum: Object.values(WITHDRAWAL_STATUS) }), reason: str(), created_at: timestamp, reviewed_at: { anyOf: [timestamp, { type: 'null' }] },
});

const OUT_MESSAGES: Record<string, string> = {
  'number.required': 'error.invalid_amount',
  'address_id.type': 'api.payee.address_not_found',
  'address_id.minimum': 'api.payee.address_not_found',
  'address_id.maximum': 'api.payee.address_not_found',
  'card.enum': 'api.withdraw.choose_destination',
  'destination.pattern': 'api.withdraw.choose_destination',
  'pay_password.required': 'api.withdraw.pay_password_required',
  'pay_password.minLength': 'api.withdraw.pay_password_required',
};

/**
 * The destination as one field, for forms that offer addresses and cards in one list: `address:<id>` (a saved
 * wallet address), `bank` or `international`; the same as sending `address_id` or `card`.
 */
const destination = str({ maxLength: 18, pattern: '^(address:[1-9][0-9]{0,9}|bank|international)$' });

export const withdrawEndpoints = endpoints([
  {
    method: 'POST', path: '/safe/update_password', auth: true,
    summary: 'Set or change the payment password, confirmed with the code emailed for the pay_password scene',
    request: fields({
      password: str({ format: 'password', maxLength: 64 }),
      re_password: sameAs('password', 64),
      code: str({ maxLength: 6, pattern: '^\\d{6}$' }),
      /** The address the code was sent to, as the form shows it; when given it must be the account's email. */
      email: str({ format: 'email', maxLength: 100 }),
    }, ['password', 're_password', 'code']),
    response: str(),
  },
  {
    method: 'POST', path: '/wallet/out', auth: true, idempotent: true,
    summary: 'Withdraw to a saved destination, exactly one of `address_id` (a saved wallet address: currency and chain come from it; '
      + 'also written `destination` = `address:<id>`, `bank` or `international`; '
      + '`currency`/`chain`, if sent, must match) or `card` (bank | international: the saved card of that kind, paid in `currency`, '
      + 'with the minimum and fee of the currency\'s first chain). The amount is frozen until an operator pays it out (T+1 to T+5) or rejects it',
    request: fields({
      currency: id(), chain: chainInput, number: amountInput,
      address_id: id(), card: str({ enum: ['bank', 'international'] }), destination,
      pay_password: str({ minLength: 1, maxLength: 64 }),
    }, ['number', 'pay_password']),
    messages: OUT_MESSAGES,
    response: WITHDRAWAL,
  },
  {
    method: 'POST', path: '/wallet/out_info', auth: true, refreshOn: ['balance', 'account'],
    summary: 'What a withdrawal would be, before it is sent: for `address_id`, or `card` with `currency`, or `currency` (and `chain`, '
      + 'else its first): minimum, fee, amount received for `number`, available spot balance, and the 24-hour limit of the user\'s '
      + 'level with what is used and left of it (in BTC and in the currency, at the last prices); `max` is what can be withdrawn now',
    request: fields({
      currency: id(), chain: chainInput, address_id: id(), card: str({ enum: ['bank', 'international'] }),
      destination, number: amountInput,
    }),
    messages: OUT_MESSAGES,
    response: record({
      currency_id: int(), currency_name: str(), destination: str({ enum: [...DESTINATIONS] }), chain: str(),
      /** The wallet address or the masked card; '' when only a currency was given. */
      address: str(),
      withdraw_min: decimal, withdraw_fee: decimal,
      /** `number` less the fee (0 when the fee is not covered); null without `number`. */
      number: nullable(decimal), receive: nullable(decimal),
      /** Spot (change) account, available. */
      available: decimal,
      /** Identity level: 0 cannot withdraw (the limit is 0). */
      level: int({ enum: REAL_LEVELS }),
      limit_btc: decimal,
      /** Withdrawn in the last 24 hours (not rejected), in BTC, 8 decimals rounded up. */
      used_btc: decimal,
      /** limit_btc less what was used, 8 decimals rounded down, never below 0. */
      left_btc: decimal,
      /** What is left of the limit in this currency, rounded down to its decimals. */
      left: decimal,
      /** The most that can be withdrawn now: the smaller of `available` and `left`. */
      max: decimal,
    }),
  },
  {
    method: 'GET', path: '/user/withdraw/list', auth: true, refreshOn: ['balance'], summary: 'The user\'s withdrawals, newest first',
    request: fields({ ...paging }),
    response: pageOf(WITHDRAWAL),
  },
]);
