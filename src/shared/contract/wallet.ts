/** Balances, account transfers and the statement of the logged-in user (SPEC 3, 7; issue 4). */
import { amountInput, arrayOf, chainInput, decimal, endpoints, fields, id, int, nullable, pageOf, paging, record, str, timestamp } from './common';
import { UPLOADED_IMAGE } from './upload';

/** Account types a user can move money between (SPEC 3: legal 1, change 2, lever 3, micro 4; plus stock). */
export const TRANSFER_ACCOUNTS = ['legal', 'change', 'lever', 'micro', 'stock'] as const;
/** Every account type, by name (mining holds lock-mining principal and changes only through its orders). */
export const ACCOUNT_NAMES = ['legal', 'change', 'lever', 'micro', 'mining', 'stock'] as const;

/** Kinds of statement lines a bill can be filtered by (a cause and its sub-causes: withdraw, withdraw.pay ...). */
export const STATEMENT_KINDS = ['deposit', 'withdraw', 'transfer', 'exchange'] as const;

const amount = amountInput;
const accountName = str({ enum: [...ACCOUNT_NAMES] });

export const BALANCE = record({
  currency_id: int({ minimum: 1 }), currency_name: str(), available: decimal, frozen: decimal, locked: decimal,
  /** Value of all three in USDT at the last price, 8 decimals, rounded down. */
  usdt_value: decimal,
});

export const STATEMENT_LINE = record({
  id: int(), currency_id: int(), currency_name: str(), account: accountName, bucket: str({ enum: ['available', 'frozen', 'locked'] }),
  amount: decimal, cause: str(), ref: str(), created_at: timestamp,
});

export const walletEndpoints = endpoints([
  {
    method: 'POST', path: '/wallet/list', auth: true, refreshOn: ['balance'], summary: 'Every account with a balance per currency and its USDT value, and the total',
    response: record({
      total_usdt: decimal,
      accounts: arrayOf(record({ account: accountName, type: int(), total_usdt: decimal, balances: arrayOf(BALANCE) })),
    }),
  },
  {
    method: 'POST', path: '/wallet/detail', auth: true, refreshOn: ['balance'], summary: 'One currency in one account',
    request: fields({ currency: id(), type: str({ enum: [...ACCOUNT_NAMES] }) }, ['currency', 'type']),
    response: BALANCE,
  },
  {
    method: 'POST', path: '/wallet/legal_log', auth: true, refreshOn: ['balance'], summary: 'The statement: every change of the user\'s balances, newest first',
    request: fields({ ...paging, currency: id(), type: str({ enum: [...ACCOUNT_NAMES] }), cause: str({ enum: [...STATEMENT_KINDS] }) }),
    response: pageOf(STATEMENT_LINE),
  },
  {
    method: 'POST', path: '/user/getTransferList', auth: true, summary: 'The accounts money can move between',
    response: arrayOf(record({ account: accountName, type: int() })),
  },
  {
    method: 'POST', path: '/user/getTransferFee', auth: true, summary: 'Fee and amount received of a transfer between the user\'s accounts',
    request: fields({ currency_id: id(), number: amount, from_field: str({ enum: [...TRANSFER_ACCOUNTS] }), to_field: str({ enum: [...TRANSFER_ACCOUNTS] }) },
      ['currency_id', 'number', 'from_field', 'to_field']),
    response: record({ fee: decimal, receive: decimal }),
  },
  {
    method: 'POST', path: '/user/Transfer', auth: true, idempotent: true, summary: 'Move money between two of the user\'s accounts (free)',
    request: fields({ currency_id: id(), number: amount, from_field: str({ enum: [...TRANSFER_ACCOUNTS] }), to_field: str({ enum: [...TRANSFER_ACCOUNTS] }) },
      ['currency_id', 'number', 'from_field', 'to_field']),
    response: record({ id: int(), currency_id: int(), from: accountName, to: accountName, amount: decimal, fee: decimal }),
  },
  {
    method: 'GET', path: '/wallet/hzhistory', auth: true, refreshOn: ['balance'], summary: 'Transfers between the user\'s accounts, newest first',
    request: fields({ ...paging }),
    response: pageOf(record({ id: int(), currency_id: int(), currency_name: str(), from: accountName, to: accountName, amount: decimal, fee: decimal, created_at: timestamp })),
  },
]);

/** A deposit's life: declared (under review), then approved (credited) or rejected with a reason. */
export const DEPOSIT_STATUS = { review: 0, approved: 1, rejected: 2 } as const;

const chain = chainInput;

export const DEPOSIT = record({
  id: int(), currency_id: int(), currency_name: str(), chain: str(), amount: decimal, voucher: str(),
  /** The voucher for its owner's `<img>`: a signed link, valid for an hour (the file is private). */
  voucher_url: str(),
  /** 0 under review, 1 credited, 2 rejected (see `reason`). */
  status: int({ enum: Object.values(DEPOSIT_STATUS) }), reason: str(), created_at: timestamp, reviewed_at: { anyOf: [timestamp, { type: 'null' }] },
});

export const depositEndpoints = endpoints([
  {
    method: 'GET', path: '/wallet/coins', auth: false,
    summary: 'Every currency on every chain it moves on (SPEC 3 "coins list": name and subName such as ERC20 or TRC20), with its limits',
    response: arrayOf(record({
      id: int(), name: str(), subName: str(), type: str(), status: int({ enum: [1] }),
      deposit_min: decimal, withdraw_min: decimal, withdraw_fee: decimal,
    })),
  },
  {
    method: 'POST', path: '/wallet/get_info', auth: true, summary: 'The chains a currency is deposited and withdrawn on, with their limits and fees',
    request: fields({ currency: id() }, ['currency']),
    response: record({
      currency_id: int(), name: str(), decimals: int(),
      chains: arrayOf(record({ chain: str(), deposit_min: decimal, withdraw_min: decimal, withdraw_fee: decimal })),
    }),
  },
  {
    method: 'POST', path: '/wallet/get_in_address', auth: true, summary: 'The platform\'s deposit address of a currency on a chain (the first chain if none is given)',
    request: fields({ currency: id(), chain, user_id: id() }, ['currency']),
    response: record({ currency_id: int(), chain: str(), address: str(), deposit_min: decimal }),
  },
  {
    method: 'POST', path: '/wallet/charge_req', auth: true, idempotent: true,
    summary: 'Declare a deposit (status 1 = recharge) with its payment voucher; credited to the spot account once an operator approves',
    request: fields({ currency: id(), chain, amount: amountInput, voucher: UPLOADED_IMAGE, status: int({ enum: [1], default: 1 }), account: str({ maxLength: 200 }), type: str({ maxLength: 20 }) },
      ['currency', 'amount', 'voucher']),
    response: DEPOSIT,
  },
  {
    method: 'GET', path: '/recharge/log', auth: true, refreshOn: ['balance'], summary: 'The user\'s deposits, newest first (stat: 0 under review, 1 credited, 2 rejected)',
    request: fields({ ...paging, stat: int({ enum: Object.values(DEPOSIT_STATUS) }) }),
    response: pageOf(DEPOSIT),
  },
]);

/** Fee of an exchange between two currencies, as a fraction of what is received. */
export const EXCHANGE_FEE_RATE = '0.001';

const EXCHANGE = record({
  id: int(), from_currency_id: int(), to_currency_id: int(), from: str(), to: str(),
  amount: decimal, rate: decimal, fee: decimal, receive: decimal, created_at: timestamp,
});

export const exchangeEndpoints = endpoints([
  {
    method: 'GET', path: '/currency/user_currency_list', auth: true, refreshOn: ['balance'],
    summary: 'Currencies that can be exchanged in the spot account, with the user\'s available balance and the USDT price',
    response: arrayOf(record({ currency_id: int(), name: str(), decimals: int(), available: decimal, price_usdt: decimal })),
  },
  {
    method: 'GET', path: '/wallet/getRateCurrency', auth: true, summary: 'The rate from one currency (id) to another (to, USDT by default) and the fee rate',
    request: fields({ id: id(), to: id() }, ['id']),
    response: record({ from_currency_id: int(), to_currency_id: int(), rate: decimal, fee_rate: decimal }),
  },
  {
    method: 'POST', path: '/wallet/change_info', auth: true,
    summary: 'What an exchange would be, before it is sent, with the formula it settles with: the two currencies, the available '
      + 'balance of the one sold, the rate at the last prices, and for `number` the fee and what arrives (null without `number`)',
    request: fields({ number: amountInput, from_currency_id: id(), to_currency_id: id() }, ['from_currency_id', 'to_currency_id']),
    response: record({
      from_currency_id: int(), to_currency_id: int(), from: str(), to: str(), from_decimals: int(), to_decimals: int(),
      available: decimal, rate: decimal,
      /** The fee as a percentage of what is bought (0.1 for 0.1%). */
      fee_percent: decimal,
      fee: nullable(decimal), receive: nullable(decimal),
    }),
  },
  {
    method: 'POST', path: '/wallet/change', auth: true, idempotent: true,
    summary: 'Exchange one currency for another in the spot account at the last price, less the fee',
    request: fields({ number: amountInput, from_currency_id: id(), to_currency_id: id() }, ['number', 'from_currency_id', 'to_currency_id']),
    response: EXCHANGE,
  },
]);
