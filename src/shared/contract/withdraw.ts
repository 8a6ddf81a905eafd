/** The payment password and withdrawals (SPEC 5, 6, 9; issues 4, 20). */
import { REAL_LEVELS } from './identity';
import { amountInput, arrayOf, chainInput, decimal, endpoints, fields, id, int, intCodes, nullable, pageOf, paging, record, sameAs, str, timestamp } from './common';

/** A withdrawal's life: requested (frozen, under review), then paid out or rejected (unfrozen). */
export const WITHDRAWAL_STATUS = { review: 0, paid: 1, rejected: 2 } as const;

/** SPEC 9: 24-hour withdrawal limit in BTC equivalent by identity level. */
export const WITHDRAW_LIMIT_BTC = { 1: '200', 2: '500' } as const;

/** Where a withdrawal goes (the platform's `type`): a saved wallet address, the domestic or the international bank card. */
export const WITHDRAW_TYPES = intCodes({ 0: 'address', 1: 'bank', 2: 'international' });
export type WithdrawType = (typeof WITHDRAW_TYPES.names)[number];
/** The `chain` of a withdrawal to a card. */
export const CARD_CHAINS = { bank: 'BANK', international: 'INTL' } as const;

/**
 * A withdrawal as the platform's record reads it (`number`, `create_time`, `name`: the currency's name), with
 * ours: its `type`, the chain (BANK / INTL for a card), where it goes (the wallet address, or the bank and the
 * masked card number `Bank ****1234`), the fee, what arrives, the status (0 under review, 1 paid out, 2
 * rejected: the amount is back in the account, see `reason`).
 */
export const WITHDRAWAL = record({
  id: int(), currency: int(), name: str(), type: WITHDRAW_TYPES.schema, chain: str(), address: str(),
  number: decimal, fee: decimal, receive: decimal,
  status: int({ enum: Object.values(WITHDRAWAL_STATUS) }), reason: str(), create_time: timestamp, reviewed_at: nullable(timestamp),
});

const OUT_MESSAGES: Record<string, string> = {
  'currency.required': 'wallet_address.currency.error.required',
  'number.required': 'error.invalid_amount',
  'type.enum': 'api.withdraw.choose_destination',
  'address.maxLength': 'api.payee.address_not_found',
  'pay_password.required': 'api.withdraw.pay_password_required',
  'pay_password.minLength': 'api.withdraw.pay_password_required',
};

/**
 * A destination as the platform's app names it: `type` (0 a saved wallet address, then `address` is its
 * text; 1 the bank card, 2 the international card) and `chain` (ours: of the saved address, when the same
 * text is saved on two chains).
 */
const DESTINATION = {
  currency: id(), chain: chainInput, type: { ...WITHDRAW_TYPES.schema, default: 0 as const }, address: str({ maxLength: 120 }),
};

export const withdrawEndpoints = endpoints([
  {
    method: 'POST', path: '/safe/update_password', auth: true, changes: ['account'],
    summary: 'Set or change the payment password, confirmed with a code emailed to the account for the pay_password or the forget scene (auth.ts PAY_PASSWORD_CODE_SCENES)',
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
    method: 'POST', path: '/wallet/out', auth: true, changes: ['balance'], idempotent: true, confirm: 'withdraw.submitted',
    summary: 'Withdraw `number` of `currency` to a saved destination (`type`, `address`), with the minimum and fee of the address\'s chain '
      + '(a card: of the currency\'s first chain). `rate`, the fee the platform\'s app showed, is accepted and not used: the fee that applies '
      + 'is recorded with the withdrawal. The amount is frozen until an operator pays it out (T+1 to T+5) or rejects it',
    request: fields({ ...DESTINATION, number: amountInput, rate: str({ maxLength: 40 }), pay_password: str({ minLength: 1, maxLength: 64 }) },
      ['currency', 'number', 'pay_password']),
    messages: OUT_MESSAGES,
    response: WITHDRAWAL,
  },
  {
    method: 'POST', path: '/wallet/get_info', auth: true, refreshOn: ['balance', 'account', 'config'],
    summary: 'Withdrawing a currency: the available spot balance (`change_balance`), the minimum (`min_number`) and the fee (`rate`, an '
      + 'amount of the currency taken from each withdrawal) of the destination (`type`, `address`) or of `chain`, else of the currency\'s '
      + 'first chain. Ours: every chain with its limits, what arrives of `number`, and the 24-hour limit of the user\'s level with what is '
      + 'used and left of it (in BTC and in the currency, at the last prices); `max` is what can be withdrawn now',
    request: fields({ ...DESTINATION, number: amountInput }, ['currency']),
    messages: OUT_MESSAGES,
    response: record({
      change_balance: decimal, min_number: decimal, rate: decimal,
      name: str(), decimals: int(),
      chains: arrayOf(record({ chain: str(), deposit_min: decimal, withdraw_min: decimal, withdraw_fee: decimal })),
      /** The destination whose minimum and fee apply: the address's chain, BANK / INTL for a card, else `chain` or the first. */
      type: WITHDRAW_TYPES.schema, chain: str(),
      /** The wallet address or the masked card; '' when no destination was given. */
      address: str(),
      /** `number` less the fee; null without `number` and while it is under the minimum (or does not cover the fee), as POST /wallet/out refuses it. */
      number: nullable(decimal), receive: nullable(decimal),
      /** Identity level: 0 cannot withdraw (the limit is 0). */
      level: int({ enum: REAL_LEVELS }),
      limit_btc: decimal,
      /** Withdrawn in the last 24 hours (not rejected), in BTC, 8 decimals rounded up. */
      used_btc: decimal,
      /** limit_btc less what was used, 8 decimals rounded down, never below 0. */
      left_btc: decimal,
      /** What is left of the limit in this currency, rounded down to its decimals. */
      left: decimal,
      /** The most that can be withdrawn now: the smaller of `change_balance` and `left`. */
      max: decimal,
    }),
  },
  {
    method: 'GET', path: '/user/withdraw/list', auth: true, refreshOn: ['balance'], summary: 'The user\'s withdrawals, newest first',
    request: fields({ ...paging }),
    response: pageOf(WITHDRAWAL),
  },
]);
