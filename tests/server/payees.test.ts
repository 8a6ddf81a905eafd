/**
 * Saved withdrawal destinations through the real app: wallet addresses (save, list 10 a page, delete only
 * one's own, duplicates and the limit refused), bank cards (saved, replaced, read back, private), every bad
 * field with its localised message and nothing stored, withdrawals to a saved address and to each card,
 * POST /wallet/get_info's figures to the last digit, and 100 concurrent withdrawals that the balance covers
 * only k times. Everything on the platform's wire: an address's chain is found from its format, a withdrawal
 * names its destination by `type` and the address's text, the international card is a server-driven form. The app runs on a frozen clock, so the market's last prices hold still while figures are compared.
 */
import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { IntlMessageFormat } from 'intl-messageformat';
import zlib from 'node:zlib';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import { ENDPOINTS } from '../../src/shared/contract';
import { ruleArguments } from '../../src/shared/config/formRuntime';
import {
  BANK_CARD_MESSAGES, CARD_FIELD_NAMES, CARD_MESSAGE_STEMS, INTERNATIONAL_CARD_MESSAGES, INTERNATIONAL_ONLY_FIELDS, MAX_WALLET_ADDRESSES, OUR_CARD_FIELDS,
  WALLET_ADDRESS_MESSAGES, type CardField,
} from '../../src/shared/contract/payees';
import { WITHDRAW_LIMIT_BTC } from '../../src/shared/contract/withdraw';
import { SHIPPED, SHIPPED_LANGUAGE_CODES as LANGUAGES, type Language } from '../../src/shared/i18n/languages';
import { totalsByCurrency } from '../../src/server/ledger';
import { canWithdraw as allowWithdrawals, fund as fundUser, PAY } from './money';
import { copyConfig, createTestApp, editJson, multipart, PNG_1X1, type TestApp } from './helpers';

/** A copy of the configuration, to add a chain (settings/chains.json). */
let configDir: string;

const ROOT = path.resolve(__dirname, '..', '..');
const MESSAGES = Object.fromEntries(LANGUAGES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', `${l}.json`), 'utf8'))])) as
  Record<Language, Record<string, string>>;
/** The text of `key` in `lang`, formatted independently of the server. */
const msg = (lang: Language, key: string, values: Record<string, unknown> = {}): string => {
  expect([lang, key, typeof MESSAGES[lang][key]]).toEqual([lang, key, 'string']);
  return String(new IntlMessageFormat(MESSAGES[lang][key], SHIPPED.tag(lang)).format(values as never));
};

/** A PNG of 8-bit samples (what the `qrcode` package writes) as width and RGBA-or-gray rows: the test reads it independently. */
function readPng(buf: Buffer): { width: number; data: Buffer } {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  let width = 0; let height = 0; let channels = 4; const idat: Buffer[] = [];
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at); const type = buf.subarray(at + 4, at + 8).toString('latin1'); const body = buf.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') { width = body.readUInt32BE(0); height = body.readUInt32BE(4); expect(body[8]).toBe(8); channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[body[9]]; }
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c; const pa = Math.abs(p - a); const pb = Math.abs(p - b); const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      out[y * stride + x] = (v + predictor) & 0xff;
    }
  }
  // As RGBA, so a pixel's first byte is at 4 * index whatever the colour type.
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4] = out[i * channels];
  return { width, data: rgba };
}

const X = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A well-formed TRC20 address, different for each n < 58 * 58. */
const tron = (n: number, fill = 'A') => `T${fill.repeat(31)}${B58[Math.floor(n / 58)]}${B58[n % 58]}`;
const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const EVM_ADDRESS = '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE';
const USDT = 3;
const BTC = 1;
const ETH = 2;
const AAPL = 26;

const CARD: Record<CardField, string> = {
  real_name: 'Ann Lee', bank_account: '6222 0212 3456 7890', iban: 'gb82 west 1234 5698 7654 32', bank_name: 'Bank of Example',
  bank_address: '1 Main Street, Springfield', bank_network: 'Springfield Branch', bank_code: 'bkchcnbj', phone: '+86 138 0013 8000',
  bank_dizhi: '22 Elm Road #5, Springfield', aba_number: '021000021',
};
/** The platform's payment accounts beside the domestic card: its app sends them empty. */
const NO_WALLETS = { alipay_account: '', wechat_account: '', wechat_nickname: '' };
/** What comes back for CARD: numbers without spaces, the IBAN and the SWIFT code in capitals. */
const CARD_STORED = { ...CARD, bank_account: '6222021234567890', iban: 'GB82WEST12345698765432', bank_code: 'BKCHCNBJ', ...NO_WALLETS };
const NO_CARD = Object.fromEntries(Object.keys(CARD_STORED).map((k) => [k, '']));
/** The international card as its server-driven form: the fields, labelled, and the values in that order. */
const intlForm = (values: Partial<Record<CardField, string>>) => ({
  forms: CARD_FIELD_NAMES.map((name) => ({ name, label: msg('en', `bank_card.${CARD_MESSAGE_STEMS[name]}.label`) })),
  data: CARD_FIELD_NAMES.map((f) => values[f] ?? ''),
});

let t: TestApp;
let clock = Date.now();
let ann: string;
let bob: string;
let annId: number;
let bobId: number;
let qrcode: string;
/** Bob's own QR code image: an upload can be named only by its uploader. */
let bobQr: string;

const db = () => t.app.services.db;
const as = (token: string) => ({ token });
async function userId(token: string): Promise<number> {
  return (await t.call('GET /user/info', {}, as(token))).message.id;
}
const fund = (user: number, currency: number, amount: string) => fundUser(db(), user, currency, amount);
const canWithdraw = (user: number) => allowWithdrawals(db(), user);
const spot = async (token: string, currency: number) => (await t.call('POST /wallet/detail', { currency, type: 'change' }, as(token))).message;
const addresses = async (token: string, query: Record<string, unknown> = {}) => (await t.call('GET /user/wallet/list', query, as(token))).message;
const save = (token: string, input: Record<string, unknown>, lang?: Language) =>
  t.call('POST /user/wallet/save', { currency: USDT, name: 'My wallet', address: tron(0), qrcode, ...input, lang }, as(token));
const expectConserved = async () => {
  for (const [currency, total] of await totalsByCurrency(db())) expect([currency, total]).toEqual([currency, '0']);
};

beforeAll(async () => {
  configDir = copyConfig();
  t = await createTestApp({ now: () => new Date(clock), configDir });
  ann = await t.signUp('ann.payee@example.com');
  bob = await t.signUp('bob.payee@example.com');
  [annId, bobId] = [await userId(ann), await userId(bob)];
  const { payload, headers } = multipart({ filename: 'qr.png', type: 'image/png', data: PNG_1X1 });
  qrcode = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: ann } })).json().message;
  expect(qrcode).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  bobQr = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: bob } })).json().message;
}, 60_000);
afterAll(async () => { await t?.close(); fs.rmSync(configDir, { recursive: true, force: true }); });

test('the forms are the contract: same field rules, same messages, every key translated', () => {
  const forms: Array<[string, string, Record<string, string>]> = [
    ['wallet-address', 'POST /user/wallet/save', WALLET_ADDRESS_MESSAGES],
    ['bank-card', 'POST /user/cash_save', BANK_CARD_MESSAGES],
    ['bank-card-international', 'POST /user/cash_save_international', INTERNATIONAL_CARD_MESSAGES],
  ];
  for (const [name, endpoint, messages] of forms) {
    const form = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', `${name}.json`), 'utf8'));
    const spec = ENDPOINTS[endpoint as keyof typeof ENDPOINTS];
    expect(form.submit.endpoint).toBe(endpoint);
    expect(spec.messages).toBe(messages);
    const request = spec.request as { properties: Record<string, unknown>; required: string[] };
    // Our forms require what the platform's app does not send (the operator's setting): SPEC 5, every card field.
    const ours = name === 'wallet-address' ? [] : OUR_CARD_FIELDS;
    expect(form.schema.required).toEqual(Object.keys(form.schema.properties).filter((f) => request.required.includes(f) || (ours as readonly string[]).includes(f)));
    for (const [field, rule] of Object.entries(form.schema.properties)) {
      // The currency picker gives a string; the server takes the same digits as an integer.
      if (field === 'currency') expect(rule).toEqual({ type: 'string', pattern: '^[1-9][0-9]{0,9}$' });
      else expect([name, field, rule]).toEqual([name, field, request.properties[field]]);
    }
    for (const [k, key] of Object.entries(messages)) {
      // A field the form does not ask for (the domestic card's SWIFT code) has no message there.
      const asked = Object.prototype.hasOwnProperty.call(form.schema.properties, k.split('.')[0]);
      if (asked && !/^currency\.(type|minimum|maximum)$/.test(k)) expect([name, k, form.messages[k]]).toEqual([name, k, key]);
    }
    for (const key of Object.values(form.messages as Record<string, string>)) for (const lang of LANGUAGES) expect(MESSAGES[lang][key]).toBeTruthy();
  }
  const ours = ['/user/wallet/save', '/user/wallet/del', '/user/cash_save', '/user/cash_save_international', '/wallet/out', '/wallet/get_info'];
  for (const spec of Object.values(ENDPOINTS).filter((e) => ours.includes(e.path))) {
    for (const key of Object.values(spec.messages ?? {})) for (const lang of LANGUAGES) expect([spec.path, lang, key, Boolean(MESSAGES[lang][key])]).toEqual([spec.path, lang, key, true]);
  }
});

test('GET /currency/list: the currencies an address can be saved for (`legal`), with their chains', async () => {
  const r = (await t.call('GET /currency/list')).message;
  expect(r.legal.find((c: { id: number }) => c.id === USDT)).toEqual({ id: USDT, name: 'USDT', full_name: 'Tether USD', chains: ['TRC20', 'ERC20'] });
  expect(r.legal.find((c: { id: number }) => c.id === AAPL)).toBeUndefined(); // no chain
  expect(r.legal.filter((c: { chains: string[] }) => c.chains.includes('ERC20')).map((c: { name: string }) => c.name)).toEqual(['ETH', 'USDT', 'LINK']);
});

test('addresses: saved, listed newest first 10 a page, filtered by currency, deleted only by their owner', async () => {
  const saved = await save(ann, { name: ' Tron 0 ' });
  expect(saved).toEqual({ type: 'ok', confirmation: 'The address has been saved', message: {
    id: expect.any(Number), currency: USDT, currency_name: 'USDT', chain: 'TRC20', name: 'Tron 0', address: tron(0), qrcode, update_time: new Date(clock).toISOString(),
  } });
  for (let i = 1; i < 12; i++) expect((await save(ann, { name: `Tron ${i}`, address: tron(i) })).type).toBe('ok');
  // As the platform's app sends it: the currency's name as the name, no chain (BTC's one).
  expect((await save(ann, { currency: BTC, name: 'Cold', address: BTC_ADDRESS })).message).toMatchObject({ chain: 'BTC', name: 'Cold' });
  // The same address on the same chain for another currency is another destination; USDT's EVM address is on ERC20.
  expect((await save(ann, { currency: ETH, name: 'Eth', address: EVM_ADDRESS })).message).toMatchObject({ chain: 'ERC20' });
  expect((await save(ann, { currency: USDT, chain: 'ERC20', name: 'Usdt on Eth', address: EVM_ADDRESS })).message).toMatchObject({ chain: 'ERC20' });

  const first = await addresses(ann);
  expect(first).toMatchObject({ page: 1, limit: 10, total: 15 });
  expect(first.data).toHaveLength(10);
  expect(first.data.map((a: { name: string }) => a.name).slice(0, 4)).toEqual(['Usdt on Eth', 'Eth', 'Cold', 'Tron 11']);
  const second = await addresses(ann, { page: 2 });
  expect(second.data.map((a: { name: string }) => a.name)).toEqual(['Tron 4', 'Tron 3', 'Tron 2', 'Tron 1', 'Tron 0']);
  expect((await addresses(ann, { currency: BTC })).data).toEqual([expect.objectContaining({ name: 'Cold', chain: 'BTC', address: BTC_ADDRESS, currency_name: 'BTC' })]);
  expect((await addresses(ann, { currency: USDT, limit: 100 })).total).toBe(13);
  expect((await t.call('GET /user/wallet/list', { currency: 999 }, as(ann))).message).toBe('This currency is not supported');
  expect(await addresses(bob)).toEqual({ data: [], page: 1, limit: 10, total: 0 });
  // The platform's app asks for 99999 at once: a page holds 100.
  expect((await addresses(ann, { page: 1, limit: 99999 }))).toMatchObject({ limit: 100, total: 15 });

  const id = saved.message.id;
  expect(await t.call('POST /user/wallet/del', { id }, as(bob))).toEqual({ type: 'error', message: 'This address does not exist' });
  expect((await addresses(ann)).total).toBe(15);
  expect(await t.call('POST /user/wallet/del', { id }, as(ann))).toEqual({ type: 'ok', message: 'The address has been deleted' });
  expect(await t.call('POST /user/wallet/del', { id }, as(ann))).toEqual({ type: 'error', message: 'This address does not exist' });
  expect(await t.call('POST /user/wallet/del', { id: 'x' }, as(ann))).toEqual({ type: 'error', message: 'This address does not exist' });
  expect((await addresses(ann, { page: 2 })).data.map((a: { name: string }) => a.name)).toEqual(['Tron 4', 'Tron 3', 'Tron 2', 'Tron 1']);
});

test('the same address twice is refused, and so is a 51st', async () => {
  expect(await save(ann, { name: 'Again', address: tron(1) })).toEqual({ type: 'error', message: 'This address is already saved' });
  expect((await save(ann, { name: 'Again', address: tron(1) }, 'zh')).message).toBe(msg('zh', 'api.payee.address_exists'));
  await db().insertInto('wallet_addresses').values(Array.from({ length: MAX_WALLET_ADDRESSES }, (_, i) => ({
    user_id: bobId, currency_id: USDT, chain: 'TRC20', name: `B${i}`, address: tron(i, 'B'), qrcode: bobQr, created_at: new Date(clock),
  }))).execute();
  expect(await save(bob, { address: tron(100), qrcode: bobQr })).toEqual({ type: 'error', message: 'You can save at most 50 addresses' });
  expect((await save(bob, { address: tron(100), qrcode: bobQr }, 'ru')).message).toBe('Можно сохранить не более 50 адресов');
  expect((await addresses(bob)).total).toBe(50);
  const last = (await addresses(bob)).data[0].id;
  expect((await t.call('POST /user/wallet/del', { id: last }, as(bob))).type).toBe('ok');
  expect((await save(bob, { address: tron(100), qrcode: bobQr })).type).toBe('ok');
  expect((await addresses(bob)).total).toBe(50);
});

test('every bad field of an address gets its own message, in every language, and nothing is stored', async () => {
  const before = (await addresses(ann)).total;
  const missingQr = `/uploads/${'0'.repeat(64)}.png`;
  const cases: Array<[Record<string, unknown>, string, Record<string, unknown>?]> = [
    [{ currency: undefined }, 'wallet_address.currency.error.required'],
    [{ currency: 'abc' }, 'wallet_address.currency.error.required'],
    [{ currency: 0 }, 'wallet_address.currency.error.required'],
    [{ currency: 999 }, 'api.wallet.unknown_currency'],
    [{ currency: AAPL }, 'api.wallet.no_chain'],
    [{ chain: 'trc-20' }, 'wallet_address.chain.error.required'],
    [{ chain: 'BEP20' }, 'api.payee.chain_mismatch', { currency: 'USDT', chain: 'BEP20', chains: 'TRC20, ERC20' }],
    [{ name: undefined }, 'wallet_address.name.error.required'],
    [{ name: '' }, 'wallet_address.name.error.required'],
    [{ name: '   ' }, 'wallet_address.name.error.required'],
    [{ name: 'x'.repeat(31) }, 'wallet_address.name.error.maxLength', { limit: 30 }],
    [{ name: 'My <wallet>' }, 'wallet_address.name.error.noSpecialChars'],
    [{ name: 'a/b' }, 'wallet_address.name.error.noSpecialChars'],
    [{ address: undefined }, 'wallet_address.address.error.required'],
    [{ address: 'short' }, 'wallet_address.address.error.invalid', { minLength: 10, maxLength: 120 }],
    [{ address: `${tron(5)} ` }, 'wallet_address.address.error.invalid', { minLength: 10, maxLength: 120 }],
    [{ address: 'T'.repeat(121) }, 'wallet_address.address.error.invalid', { minLength: 10, maxLength: 120 }],
    [{ chain: 'TRC20', address: EVM_ADDRESS }, 'api.payee.invalid_address', { chain: 'TRC20' }],
    [{ address: BTC_ADDRESS }, 'api.payee.address_fits_none', { currency: 'USDT', chains: 'TRC20, ERC20' }],
    [{ currency: BTC, address: 'bc1qINVALIDbech32characters0000' }, 'api.payee.address_fits_none', { currency: 'BTC', chains: 'BTC' }],
    [{ qrcode: 'https://example.com/qr.png' }, 'wallet_address.qr.error.invalid'],
    [{ qrcode: missingQr }, 'api.upload.not_found'],
  ];
  for (const lang of LANGUAGES) {
    for (const [input, key, values] of cases) {
      const r = await save(ann, { address: tron(200), ...input }, lang);
      expect([lang, input, r]).toEqual([lang, input, { type: 'error', message: msg(lang, key, values) }]);
    }
  }
  expect(msg('en', 'wallet_address.name.error.maxLength', { limit: 30 })).toBe('The name can have at most 30 characters');
  expect((await addresses(ann)).total).toBe(before);
  expect(await db().selectFrom('wallet_addresses').select('id').where('address', '=', tron(200)).execute()).toEqual([]);
});

test('an address saved without a QR image keeps the QR code of the address, drawn by the server as the user\'s upload', async () => {
  const address = tron(300);
  const r = await save(ann, { name: 'No image', address, qrcode: undefined });
  expect(r).toMatchObject({ type: 'ok', message: { address, chain: 'TRC20', qrcode: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.png$/) } });
  const name = String(r.message.qrcode).slice('/uploads/'.length);
  expect(await db().selectFrom('uploads').select(['user_id', 'public']).where('name', '=', name).executeTakeFirst()).toEqual({ user_id: annId, public: false });
  // The image is the address's QR code: each module's centre is dark exactly where the code has a dark module.
  const png = readPng(fs.readFileSync(path.join(t.app.services.uploadsDir, name)));
  const code = QRCode.create(address, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const scale = png.width / (size + 4);
  const dark = (row: number, col: number) => png.data[(Math.floor((row + 2.5) * scale) * png.width + Math.floor((col + 2.5) * scale)) * 4] < 128;
  const drawn: boolean[] = [];
  const expected: boolean[] = [];
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) { drawn.push(dark(row, col)); expected.push(Boolean(code.modules.get(row, col))); }
  expect(drawn).toEqual(expected);
  // Another user cannot name it, and an empty qrcode is the same as none.
  expect((await save(bob, { name: 'Theirs', address: tron(301), qrcode: r.message.qrcode })).message).toBe(msg('en', 'api.upload.not_found'));
  await db().deleteFrom('wallet_addresses').where('address', '=', address).execute();
});

test('an address that fits two chains of its currency is saved only with its chain named', async () => {
  const chains = fs.readFileSync(path.join(configDir, 'settings/chains.json'), 'utf8');
  editJson(configDir, 'settings/chains.json', (j) => {
    j.chains.push({ currency: 'USDT', chain: 'BEP20', deposit_address: EVM_ADDRESS, deposit_min: '10', withdraw_min: '20', withdraw_fee: '1' });
  });
  expect(t.app.services.configuration.reload('test')).toMatchObject({ changed: true });
  // The table that saved addresses refer to follows the configuration just after it applies.
  while (!await db().selectFrom('currency_chains').select('chain').where('currency_id', '=', USDT).where('chain', '=', 'BEP20').executeTakeFirst()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
  expect((await save(ann, { address: evm })).message).toBe(msg('en', 'api.payee.address_fits_several', { currency: 'USDT', chains: 'ERC20, BEP20' }));
  expect((await save(ann, { address: evm }, 'tr')).message).toBe(msg('tr', 'api.payee.address_fits_several', { currency: 'USDT', chains: 'ERC20, BEP20' }));
  const bep = await save(ann, { address: evm, chain: 'BEP20' });
  expect(bep.message).toMatchObject({ chain: 'BEP20', address: evm });
  await db().deleteFrom('wallet_addresses').where('id', '=', bep.message.id).execute();
  fs.writeFileSync(path.join(configDir, 'settings/chains.json'), chains);
  expect(t.app.services.configuration.reload('test')).toMatchObject({ changed: true });
});

test('bank cards: saved, replaced, read back; nobody else sees them', async () => {
  // No card yet: every field '' (the platform's app tests bank_name != ''), never null.
  expect(await t.call('POST /user/cash_info', {}, as(ann))).toEqual({ type: 'ok', message: NO_CARD });
  expect(await t.call('POST /user/cash_info_international', {}, as(ann))).toEqual({ type: 'ok', message: intlForm({}) });
  const saved = await t.call('POST /user/cash_save', { ...CARD, ...NO_WALLETS }, as(ann));
  expect(saved).toEqual({ type: 'ok', confirmation: 'The bank card has been saved', message: CARD_STORED });
  expect((await t.call('POST /user/cash_info', {}, as(ann))).message).toEqual(saved.message);
  expect((await t.call('POST /user/cash_info_international', {}, as(ann))).message).toEqual(intlForm({}));

  clock += 1000;
  const replaced = await t.call('POST /user/cash_save', { ...CARD, bank_name: 'Second Bank', bank_account: '4000123412341234', wechat_account: 'ann_lee' }, as(ann));
  expect(replaced.message).toEqual({ ...CARD_STORED, bank_name: 'Second Bank', bank_account: '4000123412341234', wechat_account: 'ann_lee' });
  expect((await t.call('POST /user/cash_info', {}, as(ann))).message).toEqual(replaced.message);
  expect(await db().selectFrom('bank_cards').select('kind').where('user_id', '=', annId).execute()).toEqual([{ kind: 'domestic' }]);

  // As the platform's app saves it: field i of the form as data[i].
  const intlCard = { ...CARD, bank_name: 'World Bank NA', aba_number: '026009593' };
  const wire = Object.fromEntries(CARD_FIELD_NAMES.map((f, i) => [`data[${i}]`, intlCard[f]]));
  const intl = await t.call('POST /user/cash_save_international', wire, as(ann));
  const intlStored = { ...intlCard, bank_account: '6222021234567890', iban: 'GB82WEST12345698765432', bank_code: 'BKCHCNBJ' };
  expect(intl.message).toEqual(intlForm(intlStored));
  expect((await t.call('POST /user/cash_info_international', {}, as(ann))).message).toEqual(intl.message);
  expect((await t.call('POST /user/cash_info_international', { lang: 'zh' }, as(ann))).message.forms[0]).toEqual({ name: 'real_name', label: msg('zh', 'bank_card.real_name.label') });
  expect((await t.call('POST /user/cash_info', {}, as(ann))).message).toEqual(replaced.message);
  // Our app sends the fields by name.
  expect((await t.call('POST /user/cash_save_international', intlCard, as(ann))).message).toEqual(intl.message);

  expect(await t.call('POST /user/cash_info', {}, as(bob))).toEqual({ type: 'ok', message: NO_CARD });
  expect(await t.call('POST /user/cash_info_international', {}, as(bob))).toEqual({ type: 'ok', message: intlForm({}) });
  expect(await t.call('POST /user/cash_info')).toEqual({ type: '999', message: 'Please log in first' });
});

test('every bad field of a card gets its own message, in every language, and nothing is stored', async () => {
  const invalid: Record<string, unknown[]> = {
    real_name: ['A', 'Ann$Lee', 'x'.repeat(51), '  '],
    bank_account: ['1234567', '1234 567a', '1 2 3 4 5 6 7', '1'.repeat(35)],
    iban: ['12-34-5678', '', ' 12345678', 'GB82 WEST 1234 5698 7654 3210 9876 5432'],
    bank_name: ['B', 'Bank <x>'],
    bank_address: ['x', 'Line 1\nLine 2', 'x'.repeat(201)],
    bank_network: ['Branch/1', 'N'],
    bank_code: ['BKCHCNB', '12CHCNBJ', 'BKCHCNBJ12'],
    phone: ['12345', 'abc1234567', '+'],
    bank_dizhi: ['x'.repeat(201), '\t'],
  };
  for (const [endpoint, info, aba] of [
    ['POST /user/cash_save', 'POST /user/cash_info', { bad: ['-', 'A', 'ABC$12'], key: 'bank_card.aba_number.error.invalid' }],
    ['POST /user/cash_save_international', 'POST /user/cash_info_international', { bad: ['12345678', '0260095930', 'ABCDEFGHI'], key: 'bank_card.aba_number.error.international' }],
  ] as const) {
    const before = (await t.call(info, {}, as(bob))).message;
    for (const lang of ['en', 'hk', 'fa'] as Language[]) {
      for (const field of CARD_FIELD_NAMES) {
        // bank_network, phone and aba_number: required by the form (the platform's app has no such fields); the
        // domestic card requires neither SWIFT code nor ABA number (next test), but checks them when sent.
        const domesticOptional = endpoint === 'POST /user/cash_save' && (INTERNATIONAL_ONLY_FIELDS as readonly string[]).includes(field);
        const r = domesticOptional ? undefined : await t.call(endpoint, { ...CARD, [field]: undefined, lang }, as(bob));
        if (!domesticOptional) expect([endpoint, field, r]).toEqual([endpoint, field, { type: 'error', message: msg(lang, `bank_card.${CARD_MESSAGE_STEMS[field]}.error.required`) }]);
        const bad = field === 'aba_number' ? aba.bad : invalid[field];
        for (const value of bad) {
          const key = field === 'aba_number' ? aba.key : `bank_card.${CARD_MESSAGE_STEMS[field]}.error.invalid`;
          const r2 = await t.call(endpoint, { ...CARD, [field]: value, lang }, as(bob));
          expect([endpoint, field, value, r2]).toEqual([endpoint, field, value, { type: 'error', message: msg(lang, key, ruleArguments(ENDPOINTS[endpoint].request!.properties![field as never])) }]);
        }
      }
    }
    expect((await t.call(info, {}, as(bob))).message).toEqual(before);
  }
  expect(await db().selectFrom('bank_cards').select('kind').where('user_id', '=', bobId).execute()).toEqual([]);
  expect(msg('en', 'bank_card.aba_number.error.international')).toBe('The ABA number must be 9 digits');
});

test('a domestic card needs no SWIFT code and no ABA number: they belong to the international card', async () => {
  const carol = await t.signUp('carol.payee@example.com');
  const domestic = Object.fromEntries(Object.entries(CARD).filter(([f]) => !(INTERNATIONAL_ONLY_FIELDS as readonly string[]).includes(f)));
  const saved = await t.call('POST /user/cash_save', domestic, as(carol));
  expect(saved).toEqual({ type: 'ok', confirmation: 'The bank card has been saved', message: { ...CARD_STORED, bank_code: '', aba_number: '', ...NO_WALLETS } });
  // The form asks for neither.
  const form = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'bank-card.json'), 'utf8'));
  for (const f of INTERNATIONAL_ONLY_FIELDS) {
    expect([f, form.schema.properties[f], form.ui['ui:order'].includes(f)]).toEqual([f, undefined, false]);
    // The international card still requires both.
    expect((await t.call('POST /user/cash_save_international', { ...CARD, [f]: undefined }, as(carol))).message).toBe(msg('en', `bank_card.${CARD_MESSAGE_STEMS[f]}.error.required`));
  }
  expect((await t.call('POST /user/cash_info_international', {}, as(carol))).message).toEqual(intlForm({}));
});

describe('withdrawals to saved destinations', () => {
  const BOB_ADDRESS = tron(0, 'B');
  /** As the platform's app sends it: `type` 0 and the address's text, or 1 / 2 for a card. */
  const out = (input: Record<string, unknown>, token = ann) =>
    t.call('POST /wallet/out', { currency: USDT, type: 0, number: '100', pay_password: PAY, ...input }, as(token));
  const info = (input: Record<string, unknown>, token = ann) => t.call('POST /wallet/get_info', input, as(token));
  const state = async () => ({
    usdt: await spot(ann, USDT), btc: await spot(ann, BTC),
    withdrawals: (await db().selectFrom('withdrawals').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
  });

  beforeAll(async () => {
    await canWithdraw(annId);
    await fund(annId, USDT, '1000');
    await fund(annId, BTC, '2');
    expect((await addresses(bob, { limit: 100 })).data.map((a: { address: string }) => a.address)).toContain(BOB_ADDRESS);
  });

  test('to a saved address, found by its text: its chain\'s minimum and fee; the amount is frozen', async () => {
    const r = await out({ address: tron(3), rate: '1' });
    expect(r).toEqual({ type: 'ok', confirmation: 'Withdrawal submitted for review', message: {
      id: expect.any(Number), currency: USDT, name: 'USDT', type: 0, chain: 'TRC20', address: tron(3),
      number: '100', fee: '1', receive: '99', status: 0, reason: '', create_time: new Date(clock).toISOString(), reviewed_at: null,
    } });
    expect(await spot(ann, USDT)).toMatchObject({ change_balance: '900', frozen: '100', lock_change_balance: '100' });
    // Naming the chain (ours) is fine too.
    expect((await out({ address: BTC_ADDRESS, currency: BTC, chain: 'BTC', number: '0.01' })).message)
      .toMatchObject({ name: 'BTC', type: 0, chain: 'BTC', address: BTC_ADDRESS, number: '0.01', fee: '0.0002', receive: '0.0098' });
    const row = await db().selectFrom('withdrawals').select(['address_id', 'payee']).where('id', '=', r.message.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payee)).toEqual({ name: 'Tron 3', address: tron(3), chain: 'TRC20', qrcode });
    expect(row.address_id).not.toBeNull();
  });

  test('to a card (type 1, 2): paid in the currency asked for, with the first chain\'s minimum and fee; shown masked', async () => {
    const r = await out({ type: 1, number: '50' });
    expect(r.message).toMatchObject({ name: 'USDT', type: 1, chain: 'BANK', address: 'Second Bank ****1234', number: '50', fee: '1', receive: '49', status: 0 });
    const i = await out({ type: 2, address: '', number: '20' });
    expect(i.message).toMatchObject({ type: 2, chain: 'INTL', address: 'World Bank NA ****7890', number: '20', fee: '1', receive: '19' });
    expect(await spot(ann, USDT)).toMatchObject({ change_balance: '830', frozen: '170' });
    // The operator sees the whole card as it was when the withdrawal was asked for.
    const row = await db().selectFrom('withdrawals').select('payee').where('id', '=', r.message.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payee)).toMatchObject({ bank_account: '4000123412341234', bank_name: 'Second Bank', bank_code: 'BKCHCNBJ' });
    const list = (await t.call('GET /user/withdraw/list', {}, as(ann))).message;
    expect(list.data.map((w: { type: number; chain: string }) => [w.type, w.chain])).toEqual([[2, 'INTL'], [1, 'BANK'], [0, 'BTC'], [0, 'TRC20']]);
  });

  test('refusals: another user\'s address, no destination, a missing card, another currency or chain; nothing moves', async () => {
    const before = await state();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ address: BOB_ADDRESS }, 'This address does not exist'],
      [{ address: tron(999) }, 'This address does not exist'],
      [{}, 'Please choose a withdrawal address or bank card'],
      [{ type: 5 }, 'Please choose a withdrawal address or bank card'],
      [{ type: 1, currency: undefined }, 'Please choose a currency'],
      [{ type: 1, currency: AAPL }, 'Deposits and withdrawals of this currency are not available'],
      [{ address: tron(3), currency: ETH }, 'This address does not exist'],
      [{ address: tron(3), chain: 'ERC20' }, 'This address does not exist'],
      [{ address: tron(3), number: '19.99' }, 'The minimum withdrawal is 20 USDT'],
      [{ type: 1, number: '5000' }, 'Insufficient balance'],
      [{ type: 1, pay_password: 'Wrong-pass-1' }, 'The transaction password is wrong'],
      [{ address: BOB_ADDRESS }, 'Cette adresse n’existe pas', 'fra'],
      [{}, 'لطفاً یک آدرس برداشت یا کارت بانکی انتخاب کنید', 'fa'],
    ];
    for (const [input, message, lang] of cases) {
      expect([input, await out({ ...input, lang })]).toEqual([input, { type: 'error', message }]);
    }
    // Bob has no card.
    await canWithdraw(bobId);
    expect((await out({ type: 1 }, bob)).message).toBe('Please add your bank card first');
    expect((await out({ type: 2 }, bob)).message).toBe('Please add your international bank card first');
    expect(await state()).toEqual(before);
    await db().updateTable('users').set({ real_state: 0, real_level: 0 }).where('id', '=', bobId).execute();
  });

  test('a deleted address cannot be used again; what was sent to it keeps its address', async () => {
    const before = await state();
    const id = (await addresses(ann, { limit: 100 })).data.find((a: { address: string }) => a.address === tron(3)).id;
    expect((await t.call('POST /user/wallet/del', { id }, as(ann))).type).toBe('ok');
    expect((await out({ address: tron(3) })).message).toBe('This address does not exist');
    expect(await state()).toEqual(before);
    const sent = (await t.call('GET /user/withdraw/list', {}, as(ann))).message.data.find((w: { chain: string }) => w.chain === 'TRC20');
    expect(sent).toMatchObject({ address: tron(3), number: '100' });
    expect((await db().selectFrom('withdrawals').select('address_id').where('id', '=', sent.id).executeTakeFirstOrThrow()).address_id).toBeNull();
    await expectConserved();
  });

  test('get_info: minimum, fee, amount received, balance and what is left of the 24-hour limit, to the last digit', async () => {
    const wallet = (await t.call('POST /wallet/list', {}, as(ann))).message.change_wallet.balance as Array<{ currency: number; usdt_price: string }>;
    const prices = new Map(wallet.map((b) => [b.currency, b.usdt_price]));
    const p = (id: number) => new X(prices.get(id)!);
    // Ann has asked for 100 + 50 + 20 USDT and 0.01 BTC in the last 24 hours.
    const used = new X(170).times(p(USDT)).plus(new X('0.01').times(p(BTC)));
    const limit = WITHDRAW_LIMIT_BTC[1];
    const rest = new X(limit).times(p(BTC)).minus(used);
    const usedBtc = used.div(p(BTC)).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed();
    const leftBtc = rest.div(p(BTC)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    const leftIn = (id: number) => rest.div(p(id)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    expect(new X(usedBtc).gt(0)).toBe(true);
    const limits = { level: 1, limit_btc: '200', used_btc: usedBtc, left_btc: leftBtc };
    const usdtChains = [
      { chain: 'TRC20', deposit_min: '10', withdraw_min: '20', withdraw_fee: '1' }, { chain: 'ERC20', deposit_min: '10', withdraw_min: '50', withdraw_fee: '5' },
    ];

    expect((await info({ currency: BTC, address: BTC_ADDRESS, number: '0.5' })).message).toEqual({
      change_balance: '1.99', min_number: '0.001', rate: '0.0002', name: 'BTC', decimals: 8,
      chains: [{ chain: 'BTC', deposit_min: '0.0001', withdraw_min: '0.001', withdraw_fee: '0.0002' }],
      type: 0, chain: 'BTC', address: BTC_ADDRESS, number: '0.5', receive: '0.4998', ...limits, left: leftIn(BTC), max: '1.99',
    });
    expect((await info({ type: 1, currency: USDT, number: '0.5' })).message).toEqual({
      change_balance: '830', min_number: '20', rate: '1', name: 'USDT', decimals: 8, chains: usdtChains,
      type: 1, chain: 'BANK', address: 'Second Bank ****1234', number: '0.5', receive: null, ...limits, left: leftIn(USDT), max: '830',
    });
    // Under the minimum nothing arrives (POST /wallet/out refuses it): 15 USDT on TRC20 (minimum 20, fee 1) is not "14 received".
    expect((await info({ currency: USDT, chain: 'TRC20', number: '15' })).message).toMatchObject({ min_number: '20', rate: '1', number: '15', receive: null });
    expect((await info({ currency: USDT, chain: 'TRC20', number: '20' })).message).toMatchObject({ number: '20', receive: '19' });
    const tronAddress = (await addresses(ann, { currency: USDT, limit: 100 })).data.find((a: { chain: string }) => a.chain === 'TRC20').address;
    expect((await out({ address: tronAddress, number: '15' })).message).toBe(msg('en', 'api.withdraw.below_min', { min: '20', currency: 'USDT' }));
    // As the platform's app asks: the currency only.
    expect((await info({ currency: ETH })).message).toEqual({
      change_balance: '0', min_number: '0.01', rate: '0.002', name: 'ETH', decimals: 8,
      chains: [{ chain: 'ERC20', deposit_min: '0.001', withdraw_min: '0.01', withdraw_fee: '0.002' }],
      type: 0, chain: 'ERC20', address: '', number: null, receive: null, ...limits, left: leftIn(ETH), max: '0',
    });
    expect((await info({ currency: USDT, chain: 'ERC20', number: '75.5' })).message).toMatchObject({ chain: 'ERC20', min_number: '50', rate: '5', receive: '70.5' });
    // Bob is not verified: nothing can be withdrawn.
    expect((await info({ currency: USDT }, bob)).message).toMatchObject({ level: 0, limit_btc: '0', used_btc: '0', left_btc: '0', left: '0', max: '0' });
    expect((await info({ currency: USDT, address: BOB_ADDRESS })).message).toBe('This address does not exist');
    expect((await info({})).message).toBe('Please choose a currency');
    expect((await info({ currency: USDT, number: '1.123456789' })).message).toBe('Please enter the correct amount (at most 8 decimals)');

    // Close to the limit, `max` is what is left of it (and withdrawing it is allowed, a unit more is not).
    await fund(annId, BTC, '300');
    const near = (await info({ currency: BTC, address: BTC_ADDRESS })).message;
    expect(near).toMatchObject({ change_balance: '301.99', left: leftIn(BTC), max: leftIn(BTC) });
    const tooMuch = new X(near.max).plus('0.00000001').toFixed();
    expect((await out({ currency: BTC, address: BTC_ADDRESS, number: tooMuch })).message).toBe('This exceeds your 24-hour withdrawal limit of 200 BTC');
    expect((await out({ currency: BTC, address: BTC_ADDRESS, number: near.max })).message).toMatchObject({ number: near.max });
    expect((await info({ currency: BTC, address: BTC_ADDRESS })).message).toMatchObject({ left_btc: '0', left: '0', max: '0' });
    await expectConserved();
  });
});

test('100 concurrent withdrawals on a balance that covers exactly 37: 37 succeed, 63 are told the balance is insufficient', async () => {
  const dan = await t.signUp('dan.payee@example.com');
  const danId = await userId(dan);
  await canWithdraw(danId);
  await fund(danId, USDT, '740');
  const { payload, headers } = multipart({ filename: 'qr.png', type: 'image/png', data: PNG_1X1 });
  const danQr = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: dan } })).json().message;
  expect((await save(dan, { address: tron(300), qrcode: danQr })).type).toBe('ok');
  const results = await Promise.all(Array.from({ length: 100 }, (_, i) => t.call('POST /wallet/out',
    { address: tron(300), currency: USDT, type: 0, number: '20', pay_password: PAY, lang: i % 2 ? 'fra' : 'en' }, as(dan))));
  const ok = results.filter((r) => r.type === 'ok');
  expect(ok).toHaveLength(37);
  results.forEach((r, i) => {
    if (r.type !== 'ok') expect(r).toEqual({ type: 'error', message: msg(i % 2 ? 'fra' : 'en', 'error.insufficient_balance') });
  });
  expect(new Set(ok.map((r) => r.message.id)).size).toBe(37);
  expect(await spot(dan, USDT)).toMatchObject({ change_balance: '0', frozen: '740' });
  const rows = await db().selectFrom('withdrawals').select(['amount', 'status']).where('user_id', '=', danId).execute();
  expect(rows).toHaveLength(37);
  expect(rows.reduce((s, r) => s.plus(r.amount), new X(0)).toFixed()).toBe('740');
  expect((await t.call('GET /user/withdraw/list', { limit: 100 }, as(dan))).message.total).toBe(37);
  await expectConserved();
}, 120_000);
