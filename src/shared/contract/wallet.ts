/**
 * Balances, account transfers, the statement, currency exchange and deposits of the logged-in user (SPEC 3, 7;
 * issues 4, 20), on the platform's wire: its paths, field names, codes and answer shapes, our additions beside
 * them. Two paths mean what the platform's app means by them: POST /wallet/change moves money between the
 * user's accounts, POST /user/Transfer exchanges one currency for another.
 */
import { amountInput, arrayOf, chainInput, decimal, endpoints, fields, id, int, intCodes, nullable, pageAt, pageOf, paging, record, str, text, timestamp } from './common';
import { UPLOADED_IMAGE } from './upload';

/**
 * The asset accounts by their numeric id (SPEC 3: legal 1, change 2, lever 3, micro 4; ours: mining 5, the
 * lock-mining principal, and stock 6). POST /wallet/legal_log takes the id; the other calls take the name.
 */
export const ACCOUNT_CODES = intCodes({ 1: 'legal', 2: 'change', 3: 'lever', 4: 'micro', 5: 'mining', 6: 'stock' });
export const ACCOUNT_NAMES = ACCOUNT_CODES.names;
export type AccountName = (typeof ACCOUNT_NAMES)[number];
/** The accounts money moves between with POST /wallet/change (mining changes only through its orders). */
export const TRANSFER_ACCOUNTS = ['legal', 'change', 'lever', 'micro', 'stock'] as const satisfies readonly AccountName[];

/** Kinds of statement lines a bill can be filtered by (a cause and its sub-causes: withdraw, withdraw.pay ...). */
export const STATEMENT_KINDS = ['deposit', 'withdraw', 'transfer', 'exchange'] as const;

const accountName = str({ enum: [...ACCOUNT_NAMES] });
const transferAccount = str({ enum: [...TRANSFER_ACCOUNTS] });

/**
 * One currency in one account, as the platform names it: `<account>_balance` is what is available,
 * `lock_<account>_balance` what is not (frozen by open orders and withdrawals, plus locked in products);
 * ours beside them: that part split into `frozen` and `locked`, and `usdt_value`, the value of all of it in
 * USDT at the last price (8 decimals, rounded down). `usdt_price` is the price of one unit in USDT;
 * `display_decimals` how many decimals the app shows of an amount of the currency (the operator's).
 */
function balanceOf<const A extends AccountName>(account: A) {
  return record({
    currency: int({ minimum: 1 }), currency_name: str(),
    ...({ [`${account}_balance`]: decimal, [`lock_${account}_balance`]: decimal } as Record<`${A}_balance` | `lock_${A}_balance`, typeof decimal>),
    frozen: decimal, locked: decimal, usdt_price: decimal, usdt_value: decimal, display_decimals: int({ minimum: 0 }),
  });
}

/** An account's balances and their total in USDT (`usdt_totle`, the platform's spelling). */
const walletOf = <const A extends AccountName>(account: A) => record({ usdt_totle: decimal, balance: arrayOf(balanceOf(account)) });

/** POST /wallet/detail names the balance fields by the account asked for: every account's pair is declared, one is sent. */
const DETAIL = {
  type: 'object',
  properties: {
    currency: int({ minimum: 1 }), currency_name: str(), frozen: decimal, locked: decimal, usdt_price: decimal, usdt_value: decimal,
    display_decimals: int({ minimum: 0 }),
    legal_balance: decimal, lock_legal_balance: decimal, change_balance: decimal, lock_change_balance: decimal,
    lever_balance: decimal, lock_lever_balance: decimal, micro_balance: decimal, lock_micro_balance: decimal,
    mining_balance: decimal, lock_mining_balance: decimal, stock_balance: decimal, lock_stock_balance: decimal,
  },
  required: ['currency', 'currency_name', 'frozen', 'locked', 'usdt_price', 'usdt_value'],
} as const;

/**
 * A line of the statement, one per operation on an account's currency: the platform's `value` (the signed
 * change), `currency_name`, `created_time` and `info` (what it was, in the user's language); ours: the account,
 * the bucket, `move` (the bucket, or where money set aside went: `to_frozen` ...), the cause and its reference.
 */
export const STATEMENT_LINE = record({
  id: int(), currency: int(), currency_name: str(), display_decimals: int({ minimum: 0 }), account: accountName,
  bucket: str({ enum: ['available', 'frozen', 'locked'] }),
  move: str({ enum: ['available', 'frozen', 'locked', 'to_frozen', 'from_frozen', 'to_locked', 'from_locked'] }),
  value: decimal, cause: str(), ref: str(), info: text, created_time: timestamp,
});

const balanceEndpoints = endpoints([
  {
    method: 'POST', path: '/wallet/list', auth: true, refreshOn: ['balance'],
    summary: 'Every account (`<account>_wallet`) with a balance per currency and their total in USDT, and the total of all (`total_usdt`)',
    response: record({
      total_usdt: decimal,
      legal_wallet: walletOf('legal'), change_wallet: walletOf('change'), lever_wallet: walletOf('lever'),
      micro_wallet: walletOf('micro'), mining_wallet: walletOf('mining'), stock_wallet: walletOf('stock'),
    }),
  },
  {
    method: 'POST', path: '/wallet/detail', auth: true, refreshOn: ['balance'],
    summary: 'One currency in one account (`type` its name): `<type>_balance`, `lock_<type>_balance` and the rest of a balance line',
    request: fields({ currency: id(), type: accountName }, ['currency', 'type']),
    response: DETAIL,
  },
  {
    method: 'POST', path: '/wallet/legal_log', auth: true, refreshOn: ['balance'],
    summary: 'The statement: every change of the user\'s balances, newest first; `type` is the account\'s id (ACCOUNT_CODES), '
      + '`cause` (ours) one kind of line',
    request: fields({ ...paging, currency: id(), type: ACCOUNT_CODES.schema, cause: str({ enum: [...STATEMENT_KINDS] }) }),
    response: pageAt('list', STATEMENT_LINE),
  },
]);

/** The request of an account transfer and of its preview. */
const TRANSFER_FIELDS = { currency_id: id(), number: amountInput, from_field: transferAccount, to_field: transferAccount };

const transferEndpoints = endpoints([
  {
    method: 'GET', path: '/currency/user_currency_list', auth: true, refreshOn: ['balance'],
    summary: 'The currencies money can move between accounts in: each may be held in every account (the flags are 1), with the '
      + 'user\'s available balance in each transferable account (`wallet.<account>_balance`)',
    response: arrayOf(record({
      id: int(), name: str(), is_legal: int({ enum: [0, 1] }), is_lever: int({ enum: [0, 1] }), is_match: int({ enum: [0, 1] }),
      is_micro: int({ enum: [0, 1] }), is_stock: int({ enum: [0, 1] }),
      wallet: record({ legal_balance: decimal, change_balance: decimal, lever_balance: decimal, micro_balance: decimal, stock_balance: decimal }),
    })),
  },
  {
    method: 'POST', path: '/wallet/change_info', auth: true, refreshOn: ['balance'],
    summary: 'What an account transfer would be, before it is sent: the available balance of the account it leaves, the fee (none) and, '
      + 'for `number`, what arrives (null without `number`)',
    request: fields(TRANSFER_FIELDS, ['currency_id', 'from_field', 'to_field']),
    response: record({ currency_name: str(), available: decimal, fee: decimal, receive: nullable(decimal) }),
  },
  {
    method: 'POST', path: '/wallet/change', auth: true, changes: ['balance'], idempotent: true,
    summary: 'Move money between two of the user\'s accounts (free): `from_field` and `to_field` are the accounts\' names',
    request: fields(TRANSFER_FIELDS, ['currency_id', 'number', 'from_field', 'to_field']),
    response: record({ id: int(), currency_id: int(), from: transferAccount, to: transferAccount, amount: decimal, fee: decimal }),
  },
  {
    method: 'GET', path: '/wallet/hzhistory', auth: true, refreshOn: ['balance'],
    summary: 'Transfers between the user\'s accounts, newest first: `transaction_info` says from which account to which, `info` what it '
      + 'was, both in the user\'s language; `value` the amount',
    request: fields({ ...paging }),
    response: pageOf(record({
      id: int(), currency_name: str(), from: transferAccount, to: transferAccount, value: decimal, transaction_info: text, info: text, created_time: timestamp,
    })),
  },
]);

export const walletEndpoints = endpoints([...balanceEndpoints, ...transferEndpoints]);

/** Fee of an exchange between two currencies, as a fraction of what is bought. */
export const EXCHANGE_FEE_RATE = '0.001';

const EXCHANGE = record({
  id: int(), from_currency_id: int(), to_currency_id: int(), from: str(), to: str(),
  amount: decimal, rate: decimal, fee: decimal, receive: decimal, created_at: timestamp,
});

const EXCHANGE_PAIR = { from_currency_id: id(), to_currency_id: id() };

export const exchangeEndpoints = endpoints([
  {
    method: 'POST', path: '/user/getTransferList', auth: true, refreshOn: ['balance'],
    summary: 'The currencies that can be exchanged (`transfer`) and the user\'s available spot balances (`wallet`)',
    response: record({
      transfer: arrayOf(record({ id: int(), name: str() })),
      wallet: arrayOf(record({ currency: int(), change_balance: decimal })),
    }),
  },
  {
    method: 'POST', path: '/user/getTransferFee', auth: true, refreshOn: ['balance'],
    summary: 'What an exchange would be, with the formula it settles with: the last USDT prices of the two currencies (`form_price` of '
      + 'the one sold, `to_price` of the one bought: the rate is form_price / to_price) and `fee`, the fee in percent of what is bought; '
      + 'ours: their names and decimals, the available balance of the one sold, the rate as it settles (12 decimals, rounded down) and, '
      + 'for `number`, the fee (`fee_amount`) and what arrives (`receive`; both null without `number`)',
    request: fields({ ...EXCHANGE_PAIR, number: amountInput }, ['from_currency_id', 'to_currency_id']),
    response: record({
      form_price: decimal, to_price: decimal, fee: decimal,
      from: str(), to: str(), from_decimals: int(), to_decimals: int(), available: decimal, rate: decimal,
      /** Ours: the rate as a person reads it, one `rate_base` (the currency worth more) in `rate_quote`. */
      rate_base: str(), rate_quote: str(), rate_price: decimal,
      fee_amount: nullable(decimal), receive: nullable(decimal),
    }),
  },
  {
    method: 'POST', path: '/user/Transfer', auth: true, changes: ['balance'], idempotent: true,
    summary: 'Exchange one currency for another in the spot account at the last prices, less the fee',
    request: fields({ ...EXCHANGE_PAIR, number: amountInput }, ['number', 'from_currency_id', 'to_currency_id']),
    response: EXCHANGE,
  },
  {
    method: 'GET', path: '/wallet/getRateCurrency', auth: true, summary: 'The rate from one currency (id) to another (to, USDT by default) and the fee rate',
    request: fields({ id: id(), to: id() }, ['id']),
    response: record({ from_currency_id: int(), to_currency_id: int(), rate: decimal, fee_rate: decimal }),
  },
]);

/** A deposit's life: declared (under review), then approved (credited) or rejected with a reason. */
export const DEPOSIT_STATUS = { review: 0, approved: 1, rejected: 2 } as const;

/**
 * A deposit as the platform's record reads it (`amount`, `created_at`, `name`: the currency's name), with ours:
 * the chain, the voucher as sent (`account`) and as a link for its owner's `<img>` (`voucher_url`, signed,
 * valid for an hour: the file is private), the status (0 under review, 1 credited, 2 rejected, see `reason`).
 */
export const DEPOSIT = record({
  id: int(), currency: int(), name: str(), chain: str(), amount: decimal, account: str(), voucher_url: str(),
  status: int({ enum: Object.values(DEPOSIT_STATUS) }), reason: str(), created_at: timestamp, reviewed_at: nullable(timestamp),
});

export const depositEndpoints = endpoints([
  {
    method: 'GET', path: '/wallet/coins', auth: false, refreshOn: ['config'],
    summary: 'Every currency on every chain it moves on (SPEC 3 "coins list": name and subName such as ERC20 or TRC20), with its limits',
    response: arrayOf(record({
      id: int(), name: str(), subName: str(), type: str(), status: int({ enum: [1] }),
      deposit_min: decimal, withdraw_min: decimal, withdraw_fee: decimal,
    })),
  },
  {
    method: 'POST', path: '/wallet/get_in_address', auth: true, refreshOn: ['config'],
    summary: 'The platform\'s deposit address of a currency on a chain (the first chain if none is given), and its addresses on ERC20 '
      + 'and TRC20 (\'\' where it does not move on one); ours: `name`, the currency\'s name (the minimum is in it)',
    request: fields({ currency: id(), chain: chainInput, user_id: id() }, ['currency']),
    response: record({ currency_id: int(), name: str(), chain: str(), address: str(), deposit_min: decimal, erc20: str(), trc20: str() }),
  },
  {
    method: 'POST', path: '/wallet/charge_req', auth: true, changes: ['balance'], idempotent: true, confirm: 'deposit.submitted',
    summary: 'Declare a deposit with its payment voucher (`account`, uploaded with POST /upload; SPEC 3) on `chain` (the currency\'s first if '
      + 'none is given); credited to the spot account once an operator approves. `status` 1 is a recharge; `type` is accepted and unused',
    request: fields({ currency: id(), chain: chainInput, amount: amountInput, account: UPLOADED_IMAGE, status: int({ enum: [1], default: 1 }), type: str({ maxLength: 20 }) },
      ['currency', 'amount', 'account']),
    messages: { 'account.required': 'deposit.voucher.required', 'account.pattern': 'api.deposit.voucher_missing', 'account.maxLength': 'api.deposit.voucher_missing' },
    response: DEPOSIT,
  },
  {
    method: 'GET', path: '/recharge/log', auth: true, refreshOn: ['balance'], summary: 'The user\'s deposits, newest first (stat: 0 under review, 1 credited, 2 rejected)',
    request: fields({ ...paging, stat: int({ enum: Object.values(DEPOSIT_STATUS) }) }),
    response: pageOf(DEPOSIT),
  },
]);

/** Why money moves in deposits, withdrawals, transfers and exchanges: the ledger causes of this area (causes.ts lists every area's). */
export const WALLET_CAUSES = {
  deposit: 'a reviewed deposit credited from outside',
  'withdraw.freeze': 'a withdrawal requested: its amount moves from available to frozen',
  'withdraw.pay': 'a withdrawal paid out: the frozen amount leaves, the fee stays with the platform',
  'withdraw.unfreeze': 'a withdrawal rejected: its amount moves back from frozen to available',
  transfer: 'a move between two accounts of the same user',
  exchange: 'one currency exchanged for another at the settlement price, fee to the platform',
} as const;
