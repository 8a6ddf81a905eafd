/**
 * Saved withdrawal destinations (SPEC 3, 5, 7, 9) under the platform's names: wallet addresses (currency,
 * name, address, QR code; the chain is inferred from the address; 10 a page, at most 50 per user) and the two
 * bank cards of a user (domestic and international, one each). POST /wallet/out withdraws only to one of
 * these (contract/withdraw.ts).
 *
 * The request schemas and the `messages` maps are also those of the forms schemas/wallet-address.json,
 * bank-card.json and bank-card-international.json: one rule and one message, enforced by the app and the server.
 */
import { arrayOf, chainInput, endpoints, fields, id, int, pageOf, paging, pageSize, record, str, text, timestamp } from './common';
import { VISIBLE_TEXT } from '../validators/controls';
import { UPLOADED_IMAGE } from './upload';

/** SPEC 9: wallet addresses are listed 10 a page. */
export const WALLET_ADDRESS_PAGE = 10;
/** Saved wallet addresses per user. */
export const MAX_WALLET_ADDRESSES = 50;

/** Card kinds as stored. */
export const CARD_KINDS = { bank: 'domestic', international: 'international' } as const;

/** A wallet address (the generic pattern; each chain's own format is checked after it). */
export const ADDRESS_SCHEMA = str({ minLength: 10, maxLength: 120, pattern: '^[A-Za-z0-9:]+$' });

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = '02-9ac-hj-np-z';
/**
 * What an address looks like on the well-known chains (checked by the server after the schema, so a typo is
 * refused before money is sent to it, and the chain of an address is found among its currency's chains). A
 * chain not listed here only needs the generic pattern above.
 */
export const CHAIN_ADDRESS_PATTERNS: Record<string, string> = {
  ERC20: '^0x[0-9a-fA-F]{40}$',
  BEP20: '^0x[0-9a-fA-F]{40}$',
  TRC20: `^T[${BASE58}]{33}$`,
  BTC: `^(bc1[${BECH32}]{11,71}|[13][${BASE58}]{25,34})$`,
  LTC: `^(ltc1[${BECH32}]{11,71}|[LM3][${BASE58}]{25,34})$`,
  DOGE: `^[DA9][${BASE58}]{25,34}$`,
  XRP: `^r[${BASE58}]{24,34}$`,
  SOL: `^[${BASE58}]{32,44}$`,
  ADA: `^(addr1[${BECH32}]{50,110}|(Ae2|DdzFF)[${BASE58}]{50,115})$`,
  DOT: `^1[${BASE58}]{45,47}$`,
};

export function isChainAddress(chainName: string, address: string): boolean {
  const pattern = CHAIN_ADDRESS_PATTERNS[chainName];
  return pattern === undefined || new RegExp(pattern).test(address);
}

/**
 * POST /user/wallet/save: `currency`, `name` (the platform's app sends the currency's name; ours a name the
 * user chose), `address` and `qrcode` (an upload). The chain is the one of the currency's chains whose format
 * the address has; `chain` (ours, optional) names it when the address fits several.
 */
export const WALLET_ADDRESS_FIELDS = {
  currency: id(),
  name: str({ minLength: 1, maxLength: 30, pattern: VISIBLE_TEXT, noSpecialChars: true }),
  address: ADDRESS_SCHEMA,
  qrcode: UPLOADED_IMAGE,
  chain: chainInput,
};
/** `qrcode` is optional (SPEC 5's "address and QR code"): without one the server draws the address's QR code. */
const WALLET_ADDRESS_REQUIRED = ['currency', 'name', 'address'] as const;

export const WALLET_ADDRESS_MESSAGES: Record<string, string> = {
  'currency.required': 'wallet_address.currency.error.required',
  'currency.type': 'wallet_address.currency.error.required',
  'currency.minimum': 'wallet_address.currency.error.required',
  'currency.maximum': 'wallet_address.currency.error.required',
  'chain.pattern': 'wallet_address.chain.error.required',
  'chain.maxLength': 'wallet_address.chain.error.required',
  'name.required': 'wallet_address.name.error.required',
  'name.minLength': 'wallet_address.name.error.required',
  'name.pattern': 'wallet_address.name.error.required',
  'name.maxLength': 'wallet_address.name.error.maxLength',
  'name.noSpecialChars': 'wallet_address.name.error.noSpecialChars',
  'address.required': 'wallet_address.address.error.required',
  'address.minLength': 'wallet_address.address.error.invalid',
  'address.maxLength': 'wallet_address.address.error.invalid',
  'address.pattern': 'wallet_address.address.error.invalid',
  'qrcode.pattern': 'wallet_address.qr.error.invalid',
  'qrcode.maxLength': 'wallet_address.qr.error.invalid',
};

/** A saved address: the platform's fields, and ours (`currency_name`, `chain`). `update_time`: when it was saved. */
export const WALLET_ADDRESS = record({
  id: int(), currency: int(), currency_name: str(), chain: str(), name: str(), address: str(), qrcode: str(), update_time: timestamp,
});

/** Bank card numbers: digits and spaces, 8-34 characters with at least 8 digits (stored without spaces). */
const CARD_DIGITS = '^(?=(?: *[0-9]){8})[0-9][0-9 ]{6,32}[0-9]$';
/** Account numbers (an IBAN too): letters, digits and spaces, 8-34 characters with at least 8 letters or digits. */
const ACCOUNT_CHARS = '^(?=(?: *[0-9A-Za-z]){8})[0-9A-Za-z][0-9A-Za-z ]{6,32}[0-9A-Za-z]$';
const words = (max: number, special: boolean) =>
  str({ minLength: 2, maxLength: max, pattern: VISIBLE_TEXT, ...(special ? { noSpecialChars: true } : {}) });

/**
 * SPEC 3's bank card under the platform's names: real name `real_name`, card number `bank_account`, account
 * number `iban`, bank name `bank_name`, bank address `bank_address`, swift code `bank_code`, cardholder
 * address `bank_dizhi`; SPEC's bank network, phone and ABA number are ours (`bank_network`, `phone`,
 * `aba_number`). In this order the international card's server-driven form lists them.
 */
function cardFields(kind: 'domestic' | 'international') {
  return {
    real_name: words(50, true),
    bank_account: str({ maxLength: 34, pattern: CARD_DIGITS }),
    iban: str({ maxLength: 34, pattern: ACCOUNT_CHARS }),
    bank_name: words(100, true),
    bank_address: words(200, false),
    bank_network: words(100, true),
    /** BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
    bank_code: str({ maxLength: 11, pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$' }),
    phone: str({ maxLength: 21, pattern: '^\\+?[0-9][0-9 -]{5,19}$' }),
    bank_dizhi: words(200, false),
    /** International: the 9-digit ABA routing number; domestic: the bank's routing or clearing code. */
    aba_number: kind === 'international' ? str({ maxLength: 9, pattern: '^[0-9]{9}$' }) : str({ maxLength: 34, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,32}[A-Za-z0-9]$' }),
  };
}
export const BANK_CARD_FIELDS = cardFields('domestic');
export const INTERNATIONAL_CARD_FIELDS = cardFields('international');
export type CardField = keyof typeof BANK_CARD_FIELDS;
export const CARD_FIELD_NAMES = Object.keys(BANK_CARD_FIELDS) as CardField[];
/** What the platform's app does not send (it has no such fields): our forms require them (an operator setting). */
export const OUR_CARD_FIELDS = ['bank_network', 'phone', 'aba_number'] as const satisfies readonly CardField[];
const CARD_REQUIRED = CARD_FIELD_NAMES.filter((f) => !(OUR_CARD_FIELDS as readonly string[]).includes(f)) as
  Exclude<CardField, (typeof OUR_CARD_FIELDS)[number]>[];
/**
 * What belongs to the international card only: the SWIFT code and the ABA routing number route a payment
 * between countries. The domestic card neither asks for them (its form has no such fields) nor requires them
 * (the platform's app may still send a SWIFT code, which is checked and kept).
 */
export const INTERNATIONAL_ONLY_FIELDS = ['bank_code', 'aba_number'] as const satisfies readonly CardField[];
const DOMESTIC_REQUIRED = CARD_REQUIRED.filter((f) => !(INTERNATIONAL_ONLY_FIELDS as readonly string[]).includes(f));
/** The platform's payment accounts beside the domestic card (its app sends them, empty). */
export const WALLET_ACCOUNT_FIELDS = ['alipay_account', 'wechat_account', 'wechat_nickname'] as const;

/** The message key of each card field's texts (`bank_card.<stem>.label`), by SPEC's name of the field. */
export const CARD_MESSAGE_STEMS: Record<CardField, string> = {
  real_name: 'real_name', bank_account: 'card_number', iban: 'account_number', bank_name: 'bank_name', bank_address: 'bank_address',
  bank_network: 'bank_network', bank_code: 'swift_code', phone: 'phone', bank_dizhi: 'cardholder_address', aba_number: 'aba_number',
};

function cardMessages(kind: 'domestic' | 'international'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of CARD_FIELD_NAMES) {
    const stem = CARD_MESSAGE_STEMS[field];
    out[`${field}.required`] = `bank_card.${stem}.error.required`;
    const invalid = field === 'aba_number' && kind === 'international' ? 'bank_card.aba_number.error.international' : `bank_card.${stem}.error.invalid`;
    for (const keyword of Object.keys(BANK_CARD_FIELDS[field])) out[`${field}.${keyword}`] = invalid;
  }
  return out;
}
export const BANK_CARD_MESSAGES = cardMessages('domestic');
export const INTERNATIONAL_CARD_MESSAGES = cardMessages('international');

/** The domestic card as the platform's app reads it: every field '' while none is saved (never null). */
export const BANK_CARD = record({
  ...Object.fromEntries([...CARD_FIELD_NAMES, ...WALLET_ACCOUNT_FIELDS].map((f) => [f, str()])) as Record<CardField | (typeof WALLET_ACCOUNT_FIELDS)[number], { type: 'string' }>,
});

/**
 * The international card's form is server-driven (the platform's app draws what it is given): `forms` are the
 * fields in CARD_FIELD_NAMES order with their localised labels, `data` their saved values in that order (''
 * while none is saved). The app sends the values back as `data[<i>]`.
 */
export const INTERNATIONAL_CARD = record({
  forms: arrayOf(record({ name: str({ enum: CARD_FIELD_NAMES }), label: str() })),
  data: arrayOf(str()),
});

/** `data[<i>]` of the international card's server-driven form is the field at index i of CARD_FIELD_NAMES. */
export const INTERNATIONAL_CARD_ALIASES = Object.fromEntries(CARD_FIELD_NAMES.map((f, i) => [`data[${i}]`, f]));

export const payeeEndpoints = endpoints([
  {
    method: 'GET', path: '/currency/list', auth: false, refreshOn: ['config'],
    summary: 'The currencies a wallet address can be saved for (`legal`: those that move on a chain), with their chains',
    response: record({ legal: arrayOf(record({ id: int(), name: str(), full_name: str(), chains: arrayOf(str()) })) }),
  },
  {
    method: 'POST', path: '/user/wallet/save', auth: true, changes: ['account'], confirm: 'wallet_address.saved',
    summary: 'Save a withdrawal address: currency, a name (1-30 characters, no special characters), the address (its chain is the currency\'s '
      + 'chain whose format it has; `chain` names it when several fit) and its QR code `qrcode` (uploaded with POST /upload; when left out '
      + 'the server draws the address\'s QR code). The same address '
      + `twice is refused; at most ${MAX_WALLET_ADDRESSES} per user`,
    request: fields(WALLET_ADDRESS_FIELDS, WALLET_ADDRESS_REQUIRED),
    messages: WALLET_ADDRESS_MESSAGES,
    response: WALLET_ADDRESS,
  },
  {
    method: 'GET', path: '/user/wallet/list', auth: true, refreshOn: ['account'], summary: 'The user\'s saved wallet addresses, newest first, 10 a page (optionally of one currency)',
    request: fields({ page: paging.page, limit: pageSize(WALLET_ADDRESS_PAGE), currency: id() }),
    response: pageOf(WALLET_ADDRESS),
  },
  {
    method: 'POST', path: '/user/wallet/del', auth: true, changes: ['account'], summary: 'Remove one of the user\'s saved wallet addresses (withdrawals already made to it keep the address)',
    request: fields({ id: id() }, ['id']),
    messages: { 'id.required': 'api.payee.address_not_found', 'id.type': 'api.payee.address_not_found', 'id.minimum': 'api.payee.address_not_found', 'id.maximum': 'api.payee.address_not_found' },
    response: text,
  },
  {
    method: 'POST', path: '/user/cash_save', auth: true, changes: ['account'], confirm: 'bank_card.saved',
    summary: 'Save the domestic bank card (the form requires every field but the international card\'s SWIFT code and ABA number, which '
      + 'it does not ask for; the platform\'s app sends no bank_network, phone or aba_number, and its empty alipay_account, wechat_account, '
      + 'wechat_nickname); saving again replaces it',
    request: fields({ ...BANK_CARD_FIELDS, ...Object.fromEntries(WALLET_ACCOUNT_FIELDS.map((f) => [f, str({ maxLength: 100 })])) as Record<(typeof WALLET_ACCOUNT_FIELDS)[number], { type: 'string'; maxLength: 100 }> },
      DOMESTIC_REQUIRED),
    messages: BANK_CARD_MESSAGES,
    response: BANK_CARD,
  },
  {
    method: 'POST', path: '/user/cash_save_international', auth: true, changes: ['account'], confirm: 'bank_card.international.saved',
    summary: 'Save the international bank card (ABA number 9 digits); the platform\'s app sends field i of the form as `data[i]`; saving again replaces it',
    request: fields(INTERNATIONAL_CARD_FIELDS, CARD_REQUIRED),
    aliases: INTERNATIONAL_CARD_ALIASES,
    messages: INTERNATIONAL_CARD_MESSAGES,
    response: INTERNATIONAL_CARD,
  },
  { method: 'POST', path: '/user/cash_info', auth: true, refreshOn: ['account'], summary: 'The saved domestic bank card (every field \'\' while none is saved)', response: BANK_CARD },
  {
    method: 'POST', path: '/user/cash_info_international', auth: true, refreshOn: ['account'],
    summary: 'The international bank card as a server-driven form: the fields with their labels, and the saved values in that order', response: INTERNATIONAL_CARD,
  },
]);
