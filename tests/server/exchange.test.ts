/** Exchanging currencies in the spot account (the platform's POST /user/Transfer): at the recorded last price, less the fee, exact and conserved. */
import { D } from '../../src/shared/format/decimal';
import { totalsByCurrency } from '../../src/server/ledger';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

const USDT = 3;
const BTC = 1;
const SHIB = 15;
const AAPL = 26;

let t: TestApp;
let demo: string;
const clock = { ms: Date.parse('2026-11-22T10:00:00Z') };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) }); // a still clock: the price cannot move mid-test
  demo = (await t.call('POST /user/login', { user_string: 'demo@example.com', password: DEMO_PASSWORD })).message;
}, 60_000);
afterAll(async () => { await t?.close(); });

const available = async (currency: number) => (await t.call('POST /wallet/detail', { currency, type: 'change' }, { token: demo })).message.change_balance;

test('currencies to exchange (no stocks) with the spot balances, and the rate between two', async () => {
  const list = (await t.call('POST /user/getTransferList', {}, { token: demo })).message;
  expect(list.transfer.find((c: { name: string }) => c.name === 'USDT')).toEqual({ id: USDT, name: 'USDT' });
  expect(list.wallet.find((w: { currency: number }) => w.currency === USDT)).toEqual({ currency: USDT, change_balance: '10000' });
  expect(list.transfer.some((c: { name: string }) => c.name === 'AAPL')).toBe(false);
  const fee = (await t.call('POST /user/getTransferFee', { from_currency_id: BTC, to_currency_id: USDT }, { token: demo })).message;
  expect(fee).toMatchObject({ to_price: '1', fee: '0.1', from: 'BTC', to: 'USDT', available: '0.5', rate: fee.form_price });
  expect((await t.call('GET /wallet/getRateCurrency', { id: BTC }, { token: demo })).message).toEqual({ from_currency_id: BTC, to_currency_id: USDT, rate: fee.form_price, fee_rate: '0.001' });
});

test('USDT to BTC: at the recorded price, rounded down, with the fee to the platform', async () => {
  const r = (await t.call('POST /user/Transfer', { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: demo })).message;
  const settled = await t.app.services.db.selectFrom('market_settlements').select(['symbol', 'price']).where('cause', '=', 'exchange').execute();
  expect(settled.map((s) => s.symbol)).toEqual(['BTC/USDT']);
  const rate = new D(1).div(settled[0].price).round(12, 0);
  const gross = new D(1000).times(rate).round(8, 0);
  const fee = gross.times('0.001').round(8, 3);
  expect(r).toMatchObject({ from: 'USDT', to: 'BTC', amount: '1000', rate: rate.toFixed(), fee: fee.toFixed(), receive: gross.minus(fee).toFixed() });
  expect(await available(USDT)).toBe('9000');
  expect(await available(BTC)).toBe(new D('0.5').plus(r.receive).toFixed());
  for (const [currency, total] of await totalsByCurrency(t.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
});

test('bad exchanges get a clear message and move nothing', async () => {
  const before = [await available(USDT), await available(BTC)];
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ number: '999999', from_currency_id: USDT, to_currency_id: BTC }, 'Insufficient balance'],
    [{ number: '5', from_currency_id: USDT, to_currency_id: USDT }, 'Choose two different currencies'],
    [{ number: '5', from_currency_id: USDT, to_currency_id: AAPL }, 'This currency is not supported'],
    [{ number: '0.000000001', from_currency_id: BTC, to_currency_id: USDT }, 'at most 8 decimals'],
    [{ number: '0.00000001', from_currency_id: SHIB, to_currency_id: BTC }, 'The amount is too small to exchange'],
    [{ number: '-1', from_currency_id: USDT, to_currency_id: BTC }, 'Please enter a valid amount'],
  ];
  for (const [input, message] of cases) {
    const r = await t.call('POST /user/Transfer', input, { token: demo });
    expect([input, r.type]).toEqual([input, 'error']);
    expect(r.message).toContain(message);
  }
  expect([await available(USDT), await available(BTC)]).toEqual(before);
});

test('getTransferFee previews an exchange with the formula it settles with (rate = form_price / to_price), and moves nothing', async () => {
  const before = [await available(USDT), await available(BTC)];
  const rate = (await t.call('GET /wallet/getRateCurrency', { id: USDT, to: BTC }, { token: demo })).message.rate;
  const info = (await t.call('POST /user/getTransferFee', { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: demo })).message;
  const gross = new D(1000).times(rate).round(8, 0);
  const fee = gross.times('0.001').round(8, 3);
  expect(info).toEqual({
    form_price: '1', to_price: expect.any(String), fee: '0.1', from: 'USDT', to: 'BTC', from_decimals: 8, to_decimals: 8,
    available: before[0], rate, fee_amount: fee.toFixed(), receive: gross.minus(fee).toFixed(),
    // The rate as a person reads it: one BTC in USDT.
    rate_base: 'BTC', rate_quote: 'USDT', rate_price: new D(info.to_price).div(1).round(2, 0).toFixed(),
  });
  expect(new D(1).div(info.to_price).round(12, 0).toFixed()).toBe(rate);
  expect((await t.call('POST /user/getTransferFee', { from_currency_id: USDT, to_currency_id: BTC }, { token: demo })).message).toMatchObject({ fee_amount: null, receive: null });
  expect((await t.call('POST /user/getTransferFee', { from_currency_id: USDT, to_currency_id: USDT }, { token: demo })).message).toBe('Choose two different currencies');
  expect([await available(USDT), await available(BTC)]).toEqual(before);
});
