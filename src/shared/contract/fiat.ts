/**
 * Buying crypto with money (issue 25; SPEC 2 "Buy crypto", 3 "Buy-crypto order", 4 "Fiat buy", 5, 9): USD (or any
 * currency of settings/buy.json) to USDT at the operator's rate, less the method's fee. A bank transfer order is
 * "to be paid" with the beneficiary's details until the buyer uploads the transfer's screenshot ("transfer
 * completed"); the operator confirms it ("payment successful": the USDT is credited through the ledger) or
 * rejects it; a job cancels an order not completed in time. Card and wallet payments go through an on-ramp
 * provider (an adapter: create a payment, redirect, a signed webhook confirms or fails it).
 */
import { UPLOADED_IMAGE } from './upload';
import { amountInput, arrayOf, decimal, endpoints, fields, id, int, intCodes, nullable, pageOf, paging, record, str, timestamp } from './common';

/** An order's status: 0 to be paid, 1 transfer completed (screenshot uploaded), 2 payment successful, 3 cancelled, 4 failed. */
export const FIAT_STATUS = intCodes({ 0: 'to_pay', 1: 'transfer_completed', 2: 'successful', 3: 'cancelled', 4: 'failed' });

const country = str({ maxLength: 2, pattern: '^[A-Z]{2}$' });
const money = str({ maxLength: 3, pattern: '^[A-Z]{3}$' });
const method = str({ enum: ['bank', 'card', 'wallet'] });

export const FIAT_ORDER = record({
  id: int(), country: str(), fiat: str(), method: str(),
  /** What the buyer pays (whole units of `fiat`, a money currency such as USD), the fee, the USDT per unit and the USDT credited. */
  amount: decimal, fee: decimal, rate: decimal, receive: decimal,
  status: FIAT_STATUS.schema,
  first_name: str(), last_name: str(), email: str(), phone: str(), tax_id: str(),
  created_at: timestamp,
  /** A bank transfer to be paid: by when, and where to (SPEC 3's beneficiary details); null otherwise. */
  expires_at: nullable(timestamp),
  /** Seconds left to pay (an order still to be paid), null otherwise: the countdown. */
  seconds_left: nullable(int()),
  beneficiary: nullable(record({ account_name: str(), iban: str(), country: str(), bic: str(), bank_name: str(), address: str() })),
  /** The uploaded screenshot (a link valid an hour), once uploaded. */
  voucher_url: nullable(str()),
  /** Card and wallet: where the provider takes the payment. */
  pay_url: nullable(str()),
  reason: str(),
});

const OPTIONS = record({
  countries: arrayOf(str()),
  fiats: arrayOf(record({ code: str(), usdt_rate: decimal, min: decimal, max: decimal })),
  methods: arrayOf(record({ method: str(), fee_rate: decimal, fee_min: decimal })),
  pay_within_minutes: int(),
});

const orderInput = {
  country, fiat: money, method, amount: str({ maxLength: 10, pattern: '^[1-9][0-9]{0,8}$' }),
  first_name: str({ minLength: 1, maxLength: 60 }), last_name: str({ minLength: 1, maxLength: 60 }),
  email: str({ maxLength: 120, format: 'email' }), phone: str({ minLength: 5, maxLength: 20, pattern: '^\\+?[0-9 ]{5,20}$' }),
  tax_id: str({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9-]{1,30}$' }),
};

export const fiatEndpoints = endpoints([
  {
    method: 'GET', path: '/fiat/options', auth: false, refreshOn: ['config'],
    summary: 'What can be bought and how: the countries served, the money currencies (`fiat`) with their USDT rate and bounds, each method\'s fee',
    response: OPTIONS,
  },
  {
    method: 'POST', path: '/fiat/quote', auth: false, refreshOn: ['config'],
    summary: 'An order being typed: the fee and the USDT it would buy, or why it would be refused (an api.fiat.* key\'s suffix); with the options (GET /fiat/options) its form offers',
    request: fields({ country, fiat: money, method, amount: amountInput }),
    response: record({
      fee: nullable(decimal), receive: nullable(decimal), rate: nullable(decimal), problem: nullable(str()),
      /** The bounds of one order in the chosen currency (null for a currency not offered). */
      min: nullable(decimal), max: nullable(decimal),
      options: OPTIONS,
    }),
  },
  {
    method: 'POST', path: '/fiat/order', auth: true, changes: ['balance'], idempotent: true, confirm: 'fiat.ordered',
    summary: 'Place an order: a bank transfer is to be paid within the window; card and wallet answer where to pay (`pay_url`)',
    request: fields(orderInput, ['country', 'fiat', 'method', 'amount', 'first_name', 'last_name', 'email', 'phone', 'tax_id']),
    response: FIAT_ORDER,
  },
  {
    method: 'POST', path: '/fiat/order/voucher', auth: true, changes: ['balance'], idempotent: true, confirm: 'fiat.transfer_completed',
    summary: 'The bank transfer is done: its screenshot (uploaded with POST /upload, private) moves the order to "transfer completed"',
    request: fields({ id: id(), voucher: UPLOADED_IMAGE }, ['id', 'voucher']),
    response: FIAT_ORDER,
  },
  {
    method: 'POST', path: '/fiat/order/cancel', auth: true, changes: ['balance'], idempotent: true, confirm: 'fiat.cancelled',
    summary: 'Cancel an order still to be paid',
    request: fields({ id: id() }, ['id']),
    response: FIAT_ORDER,
  },
  {
    method: 'GET', path: '/fiat/order', auth: true, refreshOn: ['balance'],
    summary: 'One of the user\'s orders',
    request: fields({ id: id() }, ['id']),
    response: FIAT_ORDER,
  },
  {
    method: 'POST', path: '/fiat/simulated/pay', auth: true, changes: ['balance'],
    summary: 'The local simulated provider\'s payment page (demo and tests only, no money moves): the buyer pays or declines; the provider then calls the webhook, signed, as a real one does',
    request: fields({ payment: str({ minLength: 1, maxLength: 64, pattern: '^sim_[A-Za-z0-9]{1,60}$' }), outcome: str({ enum: ['paid', 'declined'] }) }, ['payment', 'outcome']),
    response: FIAT_ORDER,
  },
  {
    method: 'GET', path: '/fiat/orders', auth: true, refreshOn: ['balance'],
    summary: 'The user\'s orders, newest first: all, or those of one `status`',
    request: fields({ ...paging, status: FIAT_STATUS.schema }),
    response: pageOf(FIAT_ORDER),
  },
]);

/** Why money moves in buying crypto: the ledger causes of this area. */
export const FIAT_CAUSES = {
  'fiat.buy': 'an order paid (confirmed by the operator or the provider): the house credits the USDT bought to the spot account',
} as const;
