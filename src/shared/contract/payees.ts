/**
 * Saved withdrawal destinations (SPEC 3, 5, 7, 9): wallet addresses (currency, chain, name, address, QR code;
 * 10 a page, at most 50 per user) and the two bank cards of a user (domestic and international, one object
 * each, every field required). POST /wallet/out withdraws only to one of these (contract/withdraw.ts).
 *
 * The request schemas and the `messages` maps are also those of the forms schemas/wallet-address.json,
 * bank-card.json and bank-card-international.json: one rule and one message, enforced by the app and the server.
 */
import { arrayOf, chainInput, endpoints, fields, id, int, nullable, pageOf, record, str, text, timestamp } from './common';
import { VISIBLE_TEXT } from '../validators/controls';
import { UPLOADED_IMAGE } from './upload';

/** SPEC 9: wallet addresses are listed 10 a page. */
export const WALLET_ADDRESS_PAGE = 10;
/** Saved wallet addresses per user. */
export const MAX_WALLET_ADDRESSES = 50;

/** Card kinds as stored and as named by POST /wallet/out's `card`. */
export const CARD_KINDS = { bank: 'domestic', international: 'international' } as const;
export type CardChoice = keyof typeof CARD_KINDS;
/** The `chain` of a withdrawal to a card. */
export const CARD_CHAINS: Record<CardChoice, string> = { bank: 'BANK', international: 'INTL' };
/** Where a withdrawal goes. */
export const DESTINATIONS = ['address', 'bank', 'international'] as const;


/** A wallet address (the pattern POST /wallet/out used for raw addresses). */
export const ADDRESS_SCHEMA = str({ minLength: 10, maxLength: 120, pattern: '^[A-Za-z0-9:]+$' });
const chain = chainInput;

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = '02-9ac-hj-np-z';
/**
 * What an address looks like on the well-known chains (checked by the server after the schema, so a typo is
 * refused before money is sent to it). A chain not listed here only needs the generic pattern above.
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

export const WALLET_ADDRESS_FIELDS = {
  currency: id(),
  chain,
  name: str({ minLength: 1, maxLength: 30, pattern: VISIBLE_TEXT, noSpecialChars: true }),
  address: ADDRESS_SCHEMA,
  qr: UPLOADED_IMAGE,
};

export const WALLET_ADDRESS_MESSAGES: Record<string, string> = {
  'currency.required': 'wallet_address.currency.error.required',
  'currency.type': 'wallet_address.currency.error.required',
  'currency.minimum': 'wallet_address.currency.error.required',
  'currency.maximum': 'wallet_address.currency.error.required',
  'chain.required': 'wallet_address.chain.error.required',
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
  'qr.required': 'wallet_address.qr.error.required',
  'qr.pattern': 'wallet_address.qr.error.invalid',
  'qr.maxLength': 'wallet_address.qr.error.invalid',
};

export const WALLET_ADDRESS = record({
  id: int(), currency_id: int(), currency_name: str(), chain: str(), name: str(), address: str(), qr: str(), created_at: timestamp,
});

/** Bank card and account numbers: digits and spaces, 8-34 characters with at least 8 digits (stored without spaces). */
const ACCOUNT_DIGITS = '^(?=(?: *[0-9]){8})[0-9][0-9 ]{6,32}[0-9]$';
const words = (max: number, special: boolean) =>
  str({ minLength: 2, maxLength: max, pattern: VISIBLE_TEXT, ...(special ? { noSpecialChars: true } : {}) });

/** The bank card object of SPEC 3; every field required (SPEC 5). */
function cardFields(kind: 'domestic' | 'international') {
  return {
    real_name: words(50, true),
    card_number: str({ maxLength: 34, pattern: ACCOUNT_DIGITS }),
    account_number: str({ maxLength: 34, pattern: ACCOUNT_DIGITS }),
    bank_name: words(100, true),
    bank_address: words(200, false),
    bank_network: words(100, true),
    /** BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
    swift_code: str({ maxLength: 11, pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$' }),
    phone: str({ maxLength: 21, pattern: '^\\+?[0-9][0-9 -]{5,19}$' }),
    cardholder_address: words(200, false),
    /** International: the 9-digit ABA routing number; domestic: the bank's routing or clearing code. */
    aba_number: kind === 'international' ? str({ maxLength: 9, pattern: '^[0-9]{9}$' }) : str({ maxLength: 34, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,32}[A-Za-z0-9]$' }),
  };
}
export const BANK_CARD_FIELDS = cardFields('domestic');
export const INTERNATIONAL_CARD_FIELDS = cardFields('international');
export const CARD_FIELD_NAMES = Object.keys(BANK_CARD_FIELDS) as (keyof typeof BANK_CARD_FIELDS)[];

function cardMessages(kind: 'domestic' | 'international'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of CARD_FIELD_NAMES) {
    out[`${field}.required`] = `bank_card.${field}.error.required`;
    const invalid = field === 'aba_number' && kind === 'international' ? 'bank_card.aba_number.error.international' : `bank_card.${field}.error.invalid`;
    for (const keyword of Object.keys(BANK_CARD_FIELDS[field])) out[`${field}.${keyword}`] = invalid;
  }
  return out;
}
export const BANK_CARD_MESSAGES = cardMessages('domestic');
export const INTERNATIONAL_CARD_MESSAGES = cardMessages('international');

export const BANK_CARD = record({
  kind: str({ enum: Object.values(CARD_KINDS) }),
  ...Object.fromEntries(CARD_FIELD_NAMES.map((f) => [f, str()])),
  updated_at: timestamp,
});

export const payeeEndpoints = endpoints([
  {
    method: 'GET', path: '/wallet/networks', auth: false,
    summary: 'What a wallet address can be saved for: the currencies that move on a chain (with their chains), and every chain (with its currencies)',
    response: record({
      currencies: arrayOf(record({ id: int(), name: str(), full_name: str(), chains: arrayOf(str()) })),
      chains: arrayOf(record({ chain: str(), currencies: arrayOf(str()) })),
    }),
  },
  {
    method: 'POST', path: '/user/wallet/save', auth: true,
    summary: `Save a withdrawal address: currency, one of its chains, a name (1-30 characters, no special characters), the address (checked against the chain's format) and its QR code (uploaded with POST /upload). The same address twice is refused; at most ${MAX_WALLET_ADDRESSES} per user`,
    request: fields(WALLET_ADDRESS_FIELDS, Object.keys(WALLET_ADDRESS_FIELDS) as (keyof typeof WALLET_ADDRESS_FIELDS)[]),
    messages: WALLET_ADDRESS_MESSAGES,
    response: WALLET_ADDRESS,
  },
  {
    method: 'GET', path: '/user/wallet/list', auth: true, summary: 'The user\'s saved wallet addresses, newest first, 10 a page (optionally of one currency)',
    request: fields({
      page: int({ minimum: 1, maximum: 1000000, default: 1 }),
      limit: int({ minimum: 1, maximum: 100, default: WALLET_ADDRESS_PAGE }),
      currency: id(),
    }),
    response: pageOf(WALLET_ADDRESS),
  },
  {
    method: 'POST', path: '/user/wallet/del', auth: true, summary: 'Remove one of the user\'s saved wallet addresses (withdrawals already made to it keep the address)',
    request: fields({ id: id() }, ['id']),
    messages: { 'id.required': 'api.payee.address_not_found', 'id.type': 'api.payee.address_not_found', 'id.minimum': 'api.payee.address_not_found', 'id.maximum': 'api.payee.address_not_found' },
    response: text,
  },
  {
    method: 'POST', path: '/user/cash_save', auth: true, summary: 'Save the domestic bank card (every field required); saving again replaces it',
    request: fields(BANK_CARD_FIELDS, CARD_FIELD_NAMES),
    messages: BANK_CARD_MESSAGES,
    response: BANK_CARD,
  },
  {
    method: 'POST', path: '/user/cash_save_international', auth: true,
    summary: 'Save the international bank card (every field required, ABA number 9 digits); saving again replaces it',
    request: fields(INTERNATIONAL_CARD_FIELDS, CARD_FIELD_NAMES),
    messages: INTERNATIONAL_CARD_MESSAGES,
    response: BANK_CARD,
  },
  { method: 'POST', path: '/user/cash_info', auth: true, summary: 'The saved domestic bank card, or null', response: nullable(BANK_CARD) },
  { method: 'POST', path: '/user/cash_info_international', auth: true, summary: 'The saved international bank card, or null', response: nullable(BANK_CARD) },
]);
