/** Balances, transfers between a user's accounts, the statement and idempotency, through the real app. */
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';
import { D } from '../../src/shared/format/decimal';
import { totalsByCurrency } from '../../src/server/ledger';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = (await t.call('POST /user/login', { user_string: 'demo@example.com', password: DEMO_PASSWORD })).message;
  other = await t.signUp('wallet.other@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

const spot = async (token: string, currency = 100) => {
  const list = (await t.call('POST /wallet/list', {}, { token })).message;
  const account = (name: string) => list.accounts.find((a: { account: string }) => a.account === name);
  return {
    list,
    balance: (name: string) => account(name).balances.find((b: { currency_id: number }) => b.currency_id === currency),
  };
};

test('the demo account is funded; the overview lists every account and currency with USDT values', async () => {
  const { list, balance } = await spot(demo);
  expect(list.accounts.map((a: { account: string }) => a.account)).toEqual(['legal', 'change', 'lever', 'micro', 'mining', 'stock']);
  expect(balance('change')).toEqual({ currency_id: 100, currency_name: 'USDT', available: '10000', frozen: '0', locked: '0', usdt_value: '10000' });
  const view = await spot(demo, 1);
  const btc = view.balance('change');
  expect(btc).toMatchObject({ currency_name: 'BTC', available: '0.5' });
  const price = (await t.call('GET /currency/list')).message.find((c: { name: string }) => c.name === 'BTC').price_usdt;
  const value = new D(btc.usdt_value);
  expect(value.times(2).toFixed()).toMatch(/^\d+(\.\d{1,2})?$/); // half of a 2-decimal price: exact
  expect(value.div(new D(price).div(2)).minus(1).abs().lt('0.01')).toBe(true); // the price may tick between the two calls
  expect(view.list.total_usdt).toBe(value.plus(10000).toFixed()); // one answer: one price
  expect((await spot(other)).list.total_usdt).toBe('0');
  expect((await t.call('POST /wallet/list')).type).toBe('999');
});

test('a transfer moves money between two accounts, free, and shows in the history and the statement', async () => {
  const r = await t.call('POST /user/getTransferFee', { currency_id: 100, number: '100', from_field: 'change', to_field: 'lever' }, { token: demo });
  expect(r.message).toEqual({ fee: '0', receive: '100' });
  const done = await t.call('POST /user/Transfer', { currency_id: 100, number: '100', from_field: 'change', to_field: 'lever' }, { token: demo });
  expect(done.message).toMatchObject({ currency_id: 100, from: 'change', to: 'lever', amount: '100', fee: '0' });
  const { balance } = await spot(demo);
  expect(balance('change').available).toBe('9900');
  expect(balance('lever').available).toBe('100');
  const history = (await t.call('GET /wallet/hzhistory', {}, { token: demo })).message;
  expect(history.data[0]).toMatchObject({ id: done.message.id, currency_name: 'USDT', from: 'change', to: 'lever', amount: '100' });
  const statement = (await t.call('POST /wallet/legal_log', { currency: 100 }, { token: demo })).message;
  expect(statement.data.slice(0, 2).map((l: { account: string; amount: string; cause: string }) => [l.account, l.amount, l.cause]))
    .toEqual([['lever', '100', 'transfer'], ['change', '-100', 'transfer']]);
  const bill = async (cause: string) => (await t.call('POST /wallet/legal_log', { cause }, { token: demo })).message.data.map((l: { cause: string }) => l.cause);
  expect(new Set(await bill('transfer'))).toEqual(new Set(['transfer']));
  expect(await bill('deposit')).toEqual([]);
  expect((await t.call('POST /wallet/legal_log', { cause: 'gift' }, { token: demo })).type).toBe('error');
  expect((await t.call('POST /wallet/detail', { currency: 100, type: 'lever' }, { token: demo })).message).toMatchObject({ available: '100' });
});

/** Balances only (USDT values follow the live price). */
const amounts = async (token: string) => (await spot(token)).list.accounts.flatMap((a: { account: string; balances: Array<Record<string, string>> }) =>
  a.balances.map((b) => `${a.account}:${b.currency_name}:${b.available}/${b.frozen}/${b.locked}`));

test('bad transfers get a clear message and move nothing', async () => {
  const before = await amounts(demo);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ currency_id: 100, number: '99999', from_field: 'change', to_field: 'lever' }, 'Insufficient balance'],
    [{ currency_id: 100, number: '5', from_field: 'change', to_field: 'change' }, 'Choose two different accounts'],
    [{ currency_id: 100, number: '-5', from_field: 'change', to_field: 'lever' }, 'Please enter a valid amount'],
    [{ currency_id: 100, number: 'abc', from_field: 'change', to_field: 'lever' }, 'Please enter a valid amount'],
    [{ currency_id: 100, number: '5', from_field: 'change', to_field: 'mining' }, 'Please choose one of the options'],
    [{ currency_id: 555, number: '5', from_field: 'change', to_field: 'lever' }, 'This currency is not supported'],
    [{ currency_id: 1, number: '0.000000001', from_field: 'change', to_field: 'lever' }, 'at most 8 decimals'],
  ];
  for (const [input, message] of cases) {
    const r = await t.call('POST /user/Transfer', input, { token: demo });
    expect([input, r.type]).toEqual([input, 'error']);
    expect(r.message).toContain(message);
  }
  expect((await t.call('POST /user/Transfer', { currency_id: 100, number: '1', from_field: 'change', to_field: 'lever' }, { token: other })).message).toBe('Insufficient balance');
  expect(await amounts(demo)).toEqual(before);
});

test('an idempotency key: a repeat gets the first answer and moves nothing; another body with the key is refused', async () => {
  const headers = { 'idempotency-key': 'transfer-key-0001' };
  const body = { currency_id: 100, number: '7', from_field: 'change', to_field: 'micro' };
  const first = await t.call('POST /user/Transfer', body, { token: demo, headers });
  const repeats = await Promise.all([1, 2, 3].map(() => t.call('POST /user/Transfer', body, { token: demo, headers })));
  for (const r of repeats) expect(r).toEqual(first);
  expect((await spot(demo)).balance('micro').available).toBe('7');
  expect(await t.call('POST /user/Transfer', { ...body, number: '8' }, { token: demo, headers }))
    .toEqual({ type: 'error', message: 'This request was already sent with different details' });
  expect((await t.call('POST /user/Transfer', body, { token: demo, headers: { 'idempotency-key': 'bad key!' } })).message).toBe('Invalid request key');
  // Sent five times at once: one moves money, all get its answer.
  const racing = { 'idempotency-key': 'transfer-key-0002' };
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.call('POST /user/Transfer', { ...body, number: '1' }, { token: demo, headers: racing })));
  for (const a of answers) expect(a).toEqual(answers[0]);
  expect((await spot(demo)).balance('micro').available).toBe('8');
  // The same key is another user's own key.
  expect((await t.call('POST /user/Transfer', body, { token: other, headers })).message).toBe('Insufficient balance');
  expect((await spot(demo)).balance('micro').available).toBe('8');
});

test('every currency still sums to zero over all accounts', async () => {
  for (const [currency, total] of await totalsByCurrency(t.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
});
