/** Exchanging currencies in the spot account: at the recorded last price, less the fee, exact and conserved. */
import { D } from '../../src/shared/format/decimal';
import { totalsByCurrency } from '../../src/server/ledger';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
const clock = { ms: Date.parse('2026-11-22T10:00:00Z') };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) }); // a still clock: the price cannot move mid-test
  demo = (await t.call('POST /user/login', { user_string: 'demo@example.com', password: DEMO_PASSWORD })).message;
}, 60_000);
afterAll(async () => { await t?.close(); });

const available = async (currency: number) => (await t.call('POST /wallet/detail', { currency, type: 'change' }, { token: demo })).message.available;

test('currencies to exchange (no stocks) with balances, and the rate between two', async () => {
  const list = (await t.call('GET /currency/user_currency_list', {}, { token: demo })).message;
  expect(list.find((c: { name: string }) => c.name === 'USDT')).toMatchObject({ currency_id: 100, available: '10000', price_usdt: '1' });
  expect(list.some((c: { name: string }) => c.name === 'AAPL')).toBe(false);
  const btcPrice = list.find((c: { name: string }) => c.name === 'BTC').price_usdt;
  expect((await t.call('GET /wallet/getRateCurrency', { id: 1 }, { token: demo })).message).toEqual({ from_currency_id: 1, to_currency_id: 100, rate: btcPrice, fee_rate: '0.001' });
});

test('USDT to BTC: at the recorded price, rounded down, with the fee to the platform', async () => {
  const r = (await t.call('POST /wallet/change', { number: '1000', from_currency_id: 100, to_currency_id: 1 }, { token: demo })).message;
  const settled = await t.app.services.db.selectFrom('market_settlements').select(['symbol', 'price']).where('cause', '=', 'exchange').execute();
  expect(settled.map((s) => s.symbol)).toEqual(['BTC/USDT']);
  const rate = new D(1).div(settled[0].price).round(12, 0);
  const gross = new D(1000).times(rate).round(8, 0);
  const fee = gross.times('0.001').round(8, 3);
  expect(r).toMatchObject({ from: 'USDT', to: 'BTC', amount: '1000', rate: rate.toFixed(), fee: fee.toFixed(), receive: gross.minus(fee).toFixed() });
  expect(await available(100)).toBe('9000');
  expect(await available(1)).toBe(new D('0.5').plus(r.receive).toFixed());
  for (const [currency, total] of await totalsByCurrency(t.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
});

test('bad exchanges get a clear message and move nothing', async () => {
  const before = [await available(100), await available(1)];
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ number: '999999', from_currency_id: 100, to_currency_id: 1 }, 'Insufficient balance'],
    [{ number: '5', from_currency_id: 100, to_currency_id: 100 }, 'Choose two different currencies'],
    [{ number: '5', from_currency_id: 100, to_currency_id: 25 }, 'This currency is not supported'],
    [{ number: '0.000000001', from_currency_id: 1, to_currency_id: 100 }, 'at most 8 decimals'],
    [{ number: '0.00000001', from_currency_id: 14, to_currency_id: 1 }, 'The amount is too small to exchange'],
    [{ number: '-1', from_currency_id: 100, to_currency_id: 1 }, 'Please enter a valid amount'],
  ];
  for (const [input, message] of cases) {
    const r = await t.call('POST /wallet/change', input, { token: demo });
    expect([input, r.type]).toEqual([input, 'error']);
    expect(r.message).toContain(message);
  }
  expect([await available(100), await available(1)]).toEqual(before);
});

test('change_info previews an exchange with the formula it settles with, and moves nothing', async () => {
  const before = [await available(100), await available(1)];
  const rate = (await t.call('GET /wallet/getRateCurrency', { id: 100, to: 1 }, { token: demo })).message.rate;
  const info = (await t.call('POST /wallet/change_info', { number: '1000', from_currency_id: 100, to_currency_id: 1 }, { token: demo })).message;
  const gross = new D(1000).times(rate).round(8, 0);
  const fee = gross.times('0.001').round(8, 3);
  expect(info).toEqual({
    from_currency_id: 100, to_currency_id: 1, from: 'USDT', to: 'BTC', from_decimals: 8, to_decimals: 8,
    available: before[0], rate, fee_percent: '0.1', fee: fee.toFixed(), receive: gross.minus(fee).toFixed(),
  });
  expect((await t.call('POST /wallet/change_info', { from_currency_id: 100, to_currency_id: 1 }, { token: demo })).message).toMatchObject({ fee: null, receive: null });
  expect((await t.call('POST /wallet/change_info', { from_currency_id: 100, to_currency_id: 100 }, { token: demo })).message).toBe('Choose two different currencies');
  expect([await available(100), await available(1)]).toEqual(before);
});
