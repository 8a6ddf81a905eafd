/** Balances, transfers between a user's accounts, the statement and idempotency, through the real app, on the platform's wire. */
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';
import { D } from '../../src/shared/format/decimal';
import { totalsByCurrency } from '../../src/server/ledger';
import { ACCOUNT_CODES, ACCOUNT_NAMES } from '../../src/shared/contract/wallet';

const USDT = 3;
const BTC = 1;

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = (await t.call('POST /user/login', { user_string: 'demo@example.com', password: DEMO_PASSWORD })).message;
  other = await t.signUp('wallet.other@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

const wallets = async (token: string, currency = USDT) => {
  const list = (await t.call('POST /wallet/list', {}, { token })).message;
  return {
    list,
    balance: (account: string) => list[`${account}_wallet`].balance.find((b: { currency: number }) => b.currency === currency),
  };
};

test('the demo account is funded; every account lists every currency as the platform names it, with USDT values', async () => {
  const { list, balance } = await wallets(demo);
  expect(Object.keys(list)).toEqual(['total_usdt', ...ACCOUNT_NAMES.map((a) => `${a}_wallet`)]);
  expect(balance('change')).toEqual({
    currency: USDT, currency_name: 'USDT', change_balance: '10000', lock_change_balance: '0', frozen: '0', locked: '0', usdt_price: '1', usdt_value: '10000', display_decimals: 2,
  });
  expect(balance('lever')).toMatchObject({ lever_balance: '0', lock_lever_balance: '0' });
  const sum = list.change_wallet.balance.reduce((total: InstanceType<typeof D>, b: { usdt_value: string }) => total.plus(b.usdt_value), new D(0));
  expect(list.change_wallet.usdt_totle).toBe(sum.toFixed());
  const view = await wallets(demo, BTC);
  const btc = view.balance('change');
  expect(btc).toMatchObject({ currency_name: 'BTC', change_balance: '0.5' });
  expect(btc.usdt_value).toBe(new D('0.5').times(btc.usdt_price).round(8, 0).toFixed()); // one answer: one price
  expect(view.list.total_usdt).toBe(new D(btc.usdt_value).plus(10000).toFixed());
  expect((await wallets(other)).list.total_usdt).toBe('0');
  expect((await t.call('POST /wallet/list')).type).toBe('999');
  expect((await t.call('POST /wallet/detail', { currency: BTC, type: 'change' }, { token: demo })).message)
    .toEqual({ ...btc, usdt_value: expect.any(String), usdt_price: expect.any(String) });
});

test('the currencies of an account transfer: every account may hold each, with the user\'s available balances', async () => {
  const list = (await t.call('GET /currency/user_currency_list', {}, { token: demo })).message;
  expect(list.find((c: { name: string }) => c.name === 'USDT')).toEqual({
    id: USDT, name: 'USDT', is_legal: 1, is_lever: 1, is_match: 1, is_micro: 1, is_stock: 1,
    wallet: { legal_balance: '0', change_balance: '10000', lever_balance: '0', micro_balance: '0', stock_balance: '0' },
  });
});

test('a transfer (POST /wallet/change) moves money between two accounts, free, and shows in the history and the statement', async () => {
  const preview = (await t.call('POST /wallet/change_info', { currency_id: USDT, number: '100', from_field: 'change', to_field: 'lever' }, { token: demo })).message;
  expect(preview).toEqual({ currency_name: 'USDT', available: '10000', fee: '0', receive: '100' });
  expect((await t.call('POST /wallet/change_info', { currency_id: USDT, from_field: 'lever', to_field: 'change' }, { token: demo })).message)
    .toEqual({ currency_name: 'USDT', available: '0', fee: '0', receive: null });
  const done = await t.call('POST /wallet/change', { currency_id: USDT, number: '100', from_field: 'change', to_field: 'lever' }, { token: demo });
  expect(done.message).toMatchObject({ currency_id: USDT, from: 'change', to: 'lever', amount: '100', fee: '0' });
  const { balance } = await wallets(demo);
  expect(balance('change').change_balance).toBe('9900');
  expect(balance('lever').lever_balance).toBe('100');
  const history = (await t.call('GET /wallet/hzhistory', { page: 1 }, { token: demo })).message;
  expect(history.data[0]).toEqual({
    id: done.message.id, currency_name: 'USDT', from: 'change', to: 'lever', value: '100',
    transaction_info: 'Spot → Contract', info: 'Transfer', created_time: expect.any(String),
  });
  const zh = (await t.call('GET /wallet/hzhistory', { lang: 'zh' }, { token: demo })).message.data[0];
  expect(zh.info).toBe('划转');
  const statement = (await t.call('POST /wallet/legal_log', { currency: USDT }, { token: demo })).message;
  expect(statement.list.slice(0, 2).map((l: { account: string; value: string; cause: string; info: string }) => [l.account, l.value, l.cause, l.info]))
    .toEqual([['lever', '100', 'transfer', 'Transfer'], ['change', '-100', 'transfer', 'Transfer']]);
  // The platform's app names the account by its id (2 is the spot account).
  const spotLines = (await t.call('POST /wallet/legal_log', { currency: USDT, type: ACCOUNT_CODES.code('change'), page: 1 }, { token: demo })).message;
  expect(new Set(spotLines.list.map((l: { account: string }) => l.account))).toEqual(new Set(['change']));
  expect(spotLines.list[0]).toMatchObject({ currency_name: 'USDT', value: '-100', created_time: expect.any(String) });
  const bill = async (cause: string) => (await t.call('POST /wallet/legal_log', { cause }, { token: demo })).message.list.map((l: { cause: string }) => l.cause);
  expect(new Set(await bill('transfer'))).toEqual(new Set(['transfer']));
  expect(await bill('deposit')).toEqual([]);
  expect((await t.call('POST /wallet/legal_log', { cause: 'gift' }, { token: demo })).type).toBe('error');
  expect((await t.call('POST /wallet/legal_log', { type: 7 }, { token: demo })).message).toBe('Please choose one of the options');
  expect((await t.call('POST /wallet/detail', { currency: USDT, type: 'lever' }, { token: demo })).message)
    .toMatchObject({ lever_balance: '100', lock_lever_balance: '0' });
});

/** Balances only (USDT values follow the live price). */
const amounts = async (token: string) => {
  const { list } = await wallets(token);
  return ACCOUNT_NAMES.flatMap((a) => list[`${a}_wallet`].balance.map((b: Record<string, string>) =>
    `${a}:${b.currency_name}:${b[`${a}_balance`]}/${b.frozen}/${b.locked}`));
};

test('bad transfers get a clear message and move nothing', async () => {
  const before = await amounts(demo);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ currency_id: USDT, number: '99999', from_field: 'change', to_field: 'lever' }, 'Insufficient balance'],
    [{ currency_id: USDT, number: '5', from_field: 'change', to_field: 'change' }, 'Choose two different accounts'],
    [{ currency_id: USDT, number: '-5', from_field: 'change', to_field: 'lever' }, 'Please enter a valid amount'],
    [{ currency_id: USDT, number: 'abc', from_field: 'change', to_field: 'lever' }, 'Please enter a valid amount'],
    [{ currency_id: USDT, number: '5', from_field: 'change', to_field: 'mining' }, 'Please choose one of the options'],
    [{ currency_id: 555, number: '5', from_field: 'change', to_field: 'lever' }, 'This currency is not supported'],
    [{ currency_id: BTC, number: '0.000000001', from_field: 'change', to_field: 'lever' }, 'at most 8 decimals'],
  ];
  for (const [input, message] of cases) {
    const r = await t.call('POST /wallet/change', input, { token: demo });
    expect([input, r.type]).toEqual([input, 'error']);
    expect(r.message).toContain(message);
  }
  expect((await t.call('POST /wallet/change', { currency_id: USDT, number: '1', from_field: 'change', to_field: 'lever' }, { token: other })).message).toBe('Insufficient balance');
  expect(await amounts(demo)).toEqual(before);
});

test('an idempotency key: a repeat gets the first answer and moves nothing; another body with the key is refused', async () => {
  const headers = { 'idempotency-key': 'transfer-key-0001' };
  const body = { currency_id: USDT, number: '7', from_field: 'change', to_field: 'micro' };
  const first = await t.call('POST /wallet/change', body, { token: demo, headers });
  const repeats = await Promise.all([1, 2, 3].map(() => t.call('POST /wallet/change', body, { token: demo, headers })));
  for (const r of repeats) expect(r).toEqual(first);
  expect((await wallets(demo)).balance('micro').micro_balance).toBe('7');
  expect(await t.call('POST /wallet/change', { ...body, number: '8' }, { token: demo, headers }))
    .toEqual({ type: 'error', message: 'This request was already sent with different details' });
  expect((await t.call('POST /wallet/change', body, { token: demo, headers: { 'idempotency-key': 'bad key!' } })).message).toBe('Invalid request key');
  // Sent five times at once: one moves money, all get its answer.
  const racing = { 'idempotency-key': 'transfer-key-0002' };
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.call('POST /wallet/change', { ...body, number: '1' }, { token: demo, headers: racing })));
  for (const a of answers) expect(a).toEqual(answers[0]);
  expect((await wallets(demo)).balance('micro').micro_balance).toBe('8');
  // The same key is another user's own key.
  expect((await t.call('POST /wallet/change', body, { token: other, headers })).message).toBe('Insufficient balance');
  expect((await wallets(demo)).balance('micro').micro_balance).toBe('8');
});

test('every currency still sums to zero over all accounts', async () => {
  for (const [currency, total] of await totalsByCurrency(t.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
});
