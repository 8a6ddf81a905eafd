/**
 * Spot and stock orders through the real app: market orders at the recorded price with the fee to the
 * platform, limit orders held and filled by the `spot.fills` job when the recorded price crosses them,
 * cancels, refusals that move nothing, and the operator's settings taking effect.
 */
import { D, type Decimal } from '../../src/shared/format/decimal';
import { spotFill } from '../../src/shared/domain/spot';
import { reconcile, totalsByCurrency } from '../../src/server/ledger';
import { toDecimal } from '../../src/server/market/instruments';
import { nextTick } from '../../src/server/market/simulation';
import { spotArea } from '../../src/server/modules/spot';
import { createTestApp, type TestApp } from './helpers';
import { canWithdraw, fund } from './money';

let t: TestApp;
let alice: string;
let aliceId: number;
let bob: string;
const clock = { ms: Date.parse('2026-11-22T10:00:00Z') };
const BTC = 1;
const USDT = 3;
const AAPL = 26;
const BUY = 1;
const SELL = 2;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) });
  alice = await t.signUp('alice.spot@example.com');
  aliceId = (await t.call('GET /user/info', {}, { token: alice })).message.id;
  await fund(t.app.services.db, aliceId, USDT, '100000');
  await fund(t.app.services.db, aliceId, BTC, '2');
  await canWithdraw(t.app.services.db, aliceId);
  bob = await t.signUp('bob.spot@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const engine = () => t.app.services.market();
const info = async (input: Record<string, unknown> = {}) => (await t.call('POST /coin/info', { currency_id: BTC, ...input }, { token: alice })).message;
const trade = (input: Record<string, unknown>, token = alice) => t.call('POST /coin/trade', { currency_id: BTC, legal_id: USDT, ...input }, { token });
const balances = async () => {
  const i = await info();
  return { btc: i.available_base as string, usdt: i.available_quote as string };
};
async function expectConserved(): Promise<void> {
  for (const [currency, total] of await totalsByCurrency(db())) expect([currency, total]).toEqual([currency, '0']);
  expect((await reconcile(db())).ok).toBe(true);
}
/**
 * A price below the last one that the market will reach within `seconds`. The walk depends only on the seed
 * and the second, so the test reads the path ahead instead of hoping a random walk falls far enough.
 */
async function priceReachedBelow(symbol: string, seconds = 3600): Promise<Decimal> {
  const e = await engine();
  const inst = e.instrument(symbol)!;
  const last = e.priceTicks(symbol);
  let price = last;
  let lowest = last;
  for (let s = e.second() + 1; s <= e.second() + seconds; s++) {
    price = nextTick(inst, e.seed, s, price).price;
    lowest = Math.min(lowest, price);
  }
  if (lowest === last) throw new Error(`the simulated price of ${symbol} does not fall in ${seconds} s`);
  return new D(toDecimal(Math.floor((last + lowest) / 2), inst.priceDecimals));
}
/** Moves the clock a second at a time (the market ticks with it) until `until` holds for the last price. */
async function advanceUntil(symbol: string, until: (price: string) => boolean, maxSeconds = 3600): Promise<void> {
  const e = await engine();
  for (let i = 0; i < maxSeconds; i++) {
    clock.ms += 1000;
    if (until(e.lastPrice(symbol).price)) return;
  }
  throw new Error(`the price of ${symbol} never got there in ${maxSeconds} s`);
}

test('a market buy fills at the recorded last price; the fee is taken from the BTC received and goes to the platform', async () => {
  const before = await balances();
  const r = await trade({ type: BUY, amount: '0.01' });
  expect(r.type).toBe('ok');
  const order = r.message;
  const [settled] = await db().selectFrom('market_settlements').select(['price', 'symbol']).where('ref', '=', `spot:${order.id}`).execute();
  const fill = spotFill('buy', '0.01', settled.price, '0.001', { base: 8, quote: 8 });
  expect(order).toMatchObject({
    type: BUY, kind: 'market', status: 2, trade_amount: '0.01', price: new D(settled.price).toFixed(), target_price: null,
    total: fill.total.toFixed(), fee: fill.fee.toFixed(), fee_currency: 'BTC',
  });
  const after = await balances();
  expect(after.usdt).toBe(new D(before.usdt).minus(fill.total).toFixed());
  expect(after.btc).toBe(new D(before.btc).plus('0.01').minus(fill.fee).toFixed());
  const fees = await db().selectFrom('ledger_postings as p').innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id').select('p.amount').where('a.owner', '=', 'platform:fees').where('e.ref', '=', `spot:${order.id}`).execute();
  expect(fees.map((f) => new D(f.amount).toFixed())).toEqual([fill.fee.toFixed()]);
  await expectConserved();
});

test('a market sell receives the total less the fee in USDT', async () => {
  const before = await balances();
  const order = (await trade({ type: SELL, amount: '0.5' })).message;
  const fill = spotFill('sell', '0.5', order.price, '0.001', { base: 8, quote: 8 });
  expect(order).toMatchObject({ status: 2, total: fill.total.toFixed(), fee: fill.fee.toFixed(), fee_currency: 'USDT' });
  const after = await balances();
  expect(after.btc).toBe(new D(before.btc).minus('0.5').toFixed());
  expect(after.usdt).toBe(new D(before.usdt).plus(fill.receive).toFixed());
  await expectConserved();
});

test('a limit buy below the price holds its USDT, then fills at its price when the recorded price crosses it', async () => {
  const e = await engine();
  await t.app.services.jobs.tick(); // the fills job's previous run: it looks at every second after it
  const limit = await priceReachedBelow('BTC/USDT');
  const before = await balances();
  const order = (await trade({ type: BUY, amount: '0.1', target_price: limit.toFixed() })).message;
  expect(order).toMatchObject({ kind: 'limit', status: 1, target_price: limit.toFixed(), price: null, total: null, order_value: limit.times('0.1').toFixed() });
  const held = limit.times('0.1');
  expect((await balances()).usdt).toBe(new D(before.usdt).minus(held).toFixed());
  // The statement shows the hold as one line: what left the available balance, and where it went.
  const [line, next] = (await t.call('POST /wallet/legal_log', { currency: USDT }, { token: alice })).message.list;
  expect(line).toMatchObject({ value: held.neg().toFixed(), bucket: 'available', move: 'to_frozen', cause: 'spot.freeze', info: 'Spot order placed', display_decimals: 2 });
  expect(next?.ref === line.ref && next?.cause === line.cause).toBe(false);
  expect((await t.call('GET /coin/list', { orders: 'open' }, { token: alice })).message.map((o: { id: number }) => o.id)).toEqual([order.id]);
  // Nothing fills while the price stays above.
  await t.app.services.jobs.tick();
  expect((await t.call('GET /coin/list', { orders: 'open' }, { token: alice })).message).toHaveLength(1);

  await advanceUntil('BTC/USDT', (p) => new D(p).lte(limit));
  await t.app.services.jobs.tick();
  const history = (await t.call('GET /coin/list', { orders: 'history' }, { token: alice })).message;
  const filled = history.find((o: { id: number }) => o.id === order.id);
  const fill = spotFill('buy', '0.1', limit, '0.001', { base: 8, quote: 8 });
  expect(filled).toMatchObject({ status: 2, price: limit.toFixed(), total: fill.total.toFixed(), fee: fill.fee.toFixed() });
  expect(await balances()).toEqual({ usdt: new D(before.usdt).minus(held).toFixed(), btc: new D(before.btc).plus(fill.receive).toFixed() });
  const [settled] = await db().selectFrom('market_settlements').select(['price', 'priced_at', 'cause']).where('ref', '=', `spot:${order.id}`).execute();
  expect([new D(settled.price).toFixed(), settled.cause]).toEqual([limit.toFixed(), 'spot.fill']);
  // The price of the second it was recorded at did cross the limit.
  expect(new D(e.priceAt('BTC/USDT', new Date(settled.priced_at).getTime() / 1000).price).lte(limit)).toBe(true);
  await expectConserved();
}, 120_000);

test('a fee coupon waits for the limit order to fill, then gives back its half of the fee (issue 26)', async () => {
  const carol = await t.signUp('carol.spot@example.com');
  const carolId = (await t.call('GET /user/info', {}, { token: carol })).message.id as number;
  await fund(db(), carolId, USDT, '10000');
  await canWithdraw(db(), carolId);
  expect((await t.call('POST /coupon/claim', { code: 'FEE50' }, { token: carol })).type).toBe('ok');
  await t.app.services.jobs.tick();
  const limit = await priceReachedBelow('BTC/USDT');
  const order = (await trade({ type: BUY, amount: '0.1', target_price: limit.toFixed() }, carol)).message;
  expect(order.status).toBe(1);
  expect((await t.call('GET /coupon/list', { status: 'available' }, { token: carol })).message.total).toBe(1);

  await advanceUntil('BTC/USDT', (p) => new D(p).lte(limit));
  await t.app.services.jobs.tick();
  const fill = spotFill('buy', '0.1', limit, '0.001', { base: 8, quote: 8 });
  const saving = fill.fee.div(2).round(8, 0);
  const [used] = (await t.call('GET /coupon/list', { status: 'used' }, { token: carol })).message.data;
  expect(used).toMatchObject({ code: 'FEE50', saving: saving.toFixed(), saving_currency: 'BTC' });
  const btc = (await t.call('POST /coin/info', { currency_id: BTC }, { token: carol })).message.available_base;
  expect(btc).toBe(fill.receive.plus(saving).toFixed());
  await expectConserved();
}, 120_000);

test('a limit price already crossed fills at once at the last price, and the difference is never held', async () => {
  const before = await balances();
  const last = new D((await engine()).lastPrice('BTC/USDT').price);
  const order = (await trade({ type: BUY, amount: '0.01', target_price: last.times(2).toFixed(2) })).message;
  expect(order).toMatchObject({ kind: 'limit', status: 2, price: last.toFixed() });
  const fill = spotFill('buy', '0.01', last, '0.001', { base: 8, quote: 8 });
  expect((await balances()).usdt).toBe(new D(before.usdt).minus(fill.total).toFixed());
  await expectConserved();
});

test('an open limit sell can be cancelled once; what it held returns; nobody else can see or cancel it', async () => {
  const before = await balances();
  const last = new D((await engine()).lastPrice('BTC/USDT').price);
  const order = (await trade({ type: SELL, amount: '0.2', target_price: last.times(3).toFixed(2) })).message;
  expect(order.status).toBe(1);
  expect((await balances()).btc).toBe(new D(before.btc).minus('0.2').toFixed());

  expect((await t.call('GET /coin/list', { orders: 'open' }, { token: bob })).message).toEqual([]);
  const foreign = await t.call('POST /coin/cancel', { id: order.id }, { token: bob });
  expect(foreign).toEqual({ type: 'error', message: 'No such order' });

  const cancelled = (await t.call('POST /coin/cancel', { id: order.id }, { token: alice })).message;
  expect(cancelled).toMatchObject({ id: order.id, status: 3 });
  expect(await balances()).toEqual(before);
  expect(await t.call('POST /coin/cancel', { id: order.id }, { token: alice })).toEqual({ type: 'error', message: 'This order is already complete' });
  await expectConserved();
});

test('the order list, as the platform\'s app asks for it: every order of the pair, a plain array of rows, paged', async () => {
  const all = (await t.call('GET /coin/list', { currency_id: BTC, legal_id: USDT, page: 1, limit: 10 }, { token: alice })).message;
  expect(Array.isArray(all)).toBe(true);
  expect(all.length).toBeGreaterThanOrEqual(4);
  // Filled (2) and cancelled (3) ones alike.
  expect(new Set(all.map((o: { status: number }) => o.status))).toEqual(new Set([2, 3]));
  for (const o of all) expect(Object.keys(o)).toEqual(expect.arrayContaining(['type', 'target_price', 'trade_amount', 'status', 'created_at', 'symbol']));
  const ids = all.map((o: { id: number }) => o.id);
  expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  const second = (await t.call('GET /coin/list', { currency_id: BTC, page: 2, limit: 2 }, { token: alice })).message;
  expect(second.map((o: { id: number }) => o.id)).toEqual(ids.slice(2, 4));
  expect((await t.call('GET /coin/list', { currency_id: AAPL }, { token: alice })).message.every((o: { symbol: string }) => o.symbol === 'AAPL/USDT')).toBe(true);
  // The platform's app sends the last price as target_price: a limit order, at once filled at that price.
  const last = (await engine()).lastPrice('BTC/USDT').price;
  const platform = (await trade({ type: BUY, amount: '0.001', target_price: last })).message;
  expect(platform).toMatchObject({ kind: 'limit', status: 2, trade_amount: '0.001' });
  // Decimal strings without trailing zeros: 67119.30 is answered as 67119.3.
  expect([new D(platform.target_price).eq(last), new D(platform.price).eq(last)]).toEqual([true, true]);
});

test('bad orders get a clear message and move nothing', async () => {
  const before = await balances();
  const orders = await db().selectFrom('spot_orders').select('id').execute();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ type: BUY, amount: '1000' }, 'Insufficient balance'],
    [{ type: SELL, amount: '50' }, 'Insufficient balance'],
    [{ type: BUY, amount: '0.00001' }, 'The minimum order is 0.0001 BTC'],
    [{ type: BUY, amount: '0.0000001' }, 'at most 6 decimals'],
    [{ type: BUY, amount: '0.01', target_price: '60000.123' }, 'at most 2 decimals'],
    [{ type: BUY, amount: '-1' }, 'valid'],
    [{ type: 3, amount: '1' }, 'Please choose buy or sell'],
    [{ type: 'buy', amount: '1' }, 'Please choose buy or sell'],
    [{ amount: '1' }, 'Please choose buy or sell'],
    [{ type: BUY, amount: '1', currency_id: 99 }, 'This trading pair is not listed'],
    [{ type: BUY, amount: '1', legal_id: 1 }, 'This trading pair is not listed'],
  ];
  for (const [input, message] of cases) {
    const r = await trade(input);
    expect([input, r.type]).toEqual([input, 'error']);
    expect([input, r.message]).toEqual([input, expect.stringContaining(message)]);
  }
  expect(await balances()).toEqual(before);
  expect(await db().selectFrom('spot_orders').select('id').execute()).toEqual(orders);
});

test('without a payment password no order is taken', async () => {
  const r = await trade({ type: BUY, amount: '0.01' }, bob);
  expect(r).toEqual({ type: 'error', message: 'Please set the transaction password first' });
});

test('stocks trade in the stock account', async () => {
  expect((await t.call('POST /wallet/change', { currency_id: USDT, number: '1000', from_field: 'change', to_field: 'stock' }, { token: alice })).type).toBe('ok');
  const ticket = (await t.call('POST /coin/info', { currency_id: AAPL, type: BUY, kind: 'market', amount: '2' }, { token: alice })).message;
  expect(ticket).toMatchObject({ symbol: 'AAPL/USDT', account: 'stock', available_quote: '1000', available_base: '0', fee_rate: '0.0005' });
  const order = (await trade({ currency_id: AAPL, type: BUY, amount: '2' })).message;
  const fill = spotFill('buy', '2', order.price, '0.0005', { base: 4, quote: 8 });
  const after = (await t.call('POST /coin/info', { currency_id: AAPL }, { token: alice })).message;
  expect(after).toMatchObject({ available_quote: new D(1000).minus(fill.total).toFixed(), available_base: fill.receive.toFixed() });
  await expectConserved();
});

test('the ticket previews with the formula it fills with and offers at most what the balance allows', async () => {
  const i = await info({ type: BUY, kind: 'limit', target_price: '50000', amount: '0.3' });
  const fill = spotFill('buy', '0.3', '50000', '0.001', { base: 8, quote: 8 });
  expect(i).toMatchObject({ total: fill.total.toFixed(), fee: fill.fee.toFixed(), receive: fill.receive.toFixed(), fee_currency: 'BTC', enabled: true });
  expect(i.max_amount).toBe(new D(i.available_quote).div(50000).round(6, 0).toFixed());
  const sell = await info({ type: SELL, kind: 'market' });
  expect(sell.max_amount).toBe(new D(sell.available_base).round(6, 0).toFixed());
});

test('the operator changes a fee rate or pauses a pair, and the next order follows', async () => {
  const run = (name: string, args: Record<string, string>) => spotArea.ops!.find((c) => c.name === name)!.run(t.app.services, args);
  expect((await run('spot-market-set', { symbol: 'btcusdt', field: 'fee_rate', value: '0.002' })).lines[0]).toContain('fee 0.002');
  const order = (await trade({ type: BUY, amount: '0.01' })).message;
  expect(order.fee).toBe(spotFill('buy', '0.01', order.price, '0.002', { base: 8, quote: 8 }).fee.toFixed());
  await expect(run('spot-market-set', { symbol: 'BTC/USDT', field: 'fee_rate', value: '2' })).rejects.toThrow('not a rate');
  await expect(run('spot-market-set', { symbol: 'BTC/USDT', field: 'fee_rate', value: '0.5' })).rejects.toThrow('the database refused');
  await run('spot-market-set', { symbol: 'BTC/USDT', field: 'enabled', value: 'off' });
  expect(await trade({ type: BUY, amount: '0.01' })).toEqual({ type: 'error', message: 'Trading of this pair is paused' });
  expect((await info()).enabled).toBe(false);
  await run('spot-market-set', { symbol: 'BTC/USDT', field: 'enabled', value: 'on' });
  await run('spot-market-set', { symbol: 'BTC/USDT', field: 'fee_rate', value: '0.001' });
});
