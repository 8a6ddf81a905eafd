/** Quotes, candles and the watch list through the real app and database. */
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let alice: string;
let bob: string;
const clock = { ms: Date.parse('2026-11-22T13:47:30Z') };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) });
  alice = await t.signUp('alice.market@example.com');
  bob = await t.signUp('bob.market@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

test('quotation_new: every pair, grouped by quote currency, with decimal strings', async () => {
  const r = await t.call('GET /currency/quotation_new');
  expect(r.type).toBe('ok');
  expect(r.message.map((g: { name: string }) => g.name)).toEqual(['USDT']);
  const quotes = r.message[0].quotes;
  expect(quotes.length).toBeGreaterThanOrEqual(28);
  const btc = quotes.find((q: { symbol: string }) => q.symbol === 'BTC/USDT');
  expect(btc).toMatchObject({ currency_name: 'BTC', legal_name: 'USDT', category: 'crypto', price_decimals: 2 });
  expect(btc.now_price).toMatch(/^\d+\.\d{2}$/);
  expect(btc.change).toMatch(/^-?\d+\.\d{2}$/);
  expect(quotes.filter((q: { category: string }) => q.category === 'stock').length).toBeGreaterThanOrEqual(8);
});

test('quotation_new is computed once a second: the same bytes within it, the new price the next', async () => {
  const get = () => t.app.inject({ method: 'GET', url: '/api/currency/quotation_new', headers: { 'accept-encoding': 'br' } });
  const first = await get();
  const again = await get();
  expect(first.headers['content-encoding']).toBe('br');
  expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  const engine = await t.app.services.market();
  const btc = () => engine.quote('BTC/USDT');
  const before = btc();
  clock.ms += 5000;
  const later = await get();
  expect(later.rawPayload.equals(first.rawPayload)).toBe(false);
  expect(btc()).not.toBe(before);
  const quotes = JSON.parse(zlib.brotliDecompressSync(later.rawPayload).toString()).message[0].quotes as Array<{ symbol: string; now_price: string }>;
  expect(quotes.find((q) => q.symbol === 'BTC/USDT')?.now_price).toBe(btc().last);
});

test('new_timeshar: candles of each period; the newest follows the clock', async () => {
  for (const period of ['1min', '5min', '30min', '60min', '1day', '1mon']) {
    const r = await t.call('GET /currency/new_timeshar', { symbol: 'ETH/USDT', period });
    expect(r.type).toBe('ok');
    expect(r.message.length).toBeGreaterThanOrEqual(299);
    const times = r.message.map((c: { time: number }) => c.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  }
  clock.ms += 120_000;
  const r = await t.call('GET /currency/new_timeshar', { symbol: 'ethusdt', period: '1min', from: Math.floor(clock.ms / 1000) - 180 });
  expect(r.message.map((c: { time: number }) => c.time).at(-1)).toBe(Math.floor(clock.ms / 60_000) * 60_000);
});

test('bad input: unknown pair or period, from after to', async () => {
  expect(await t.call('GET /currency/new_timeshar', { symbol: 'NOPE/USDT', period: '1min' }))
    .toEqual({ type: 'error', message: 'This trading pair does not exist' });
  expect((await t.call('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '2min' })).type).toBe('error');
  expect(await t.call('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: 2000, to: 1000 }))
    .toEqual({ type: 'ok', message: [] });
});

test('watch list: per user, in the order added, add twice is harmless; login required', async () => {
  expect((await t.call('GET /optional/list')).type).toBe('999');
  expect(await t.call('POST /optional/add', { symbol: 'SOL/USDT' }, { token: alice })).toEqual({ type: 'ok', message: 'Added to favourites' });
  await t.call('POST /optional/add', { symbol: 'btc/usdt' }, { token: alice });
  await t.call('POST /optional/add', { symbol: 'SOL/USDT' }, { token: alice });
  const list = await t.call('GET /optional/list', {}, { token: alice });
  expect(list.message.map((q: { symbol: string }) => q.symbol)).toEqual(['SOL/USDT', 'BTC/USDT']);
  expect((await t.call('GET /optional/list', {}, { token: bob })).message).toEqual([]);
  expect(await t.call('POST /optional/del', { symbol: 'SOL/USDT' }, { token: bob })).toEqual({ type: 'ok', message: 'Removed from favourites' });
  expect((await t.call('GET /optional/list', {}, { token: alice })).message).toHaveLength(2); // bob cannot change alice's list
  await t.call('POST /optional/del', { symbol: 'SOL/USDT' }, { token: alice });
  expect((await t.call('GET /optional/list', {}, { token: alice })).message.map((q: { symbol: string }) => q.symbol)).toEqual(['BTC/USDT']);
  expect(await t.call('POST /optional/add', { symbol: 'NOPE/USDT' }, { token: alice })).toEqual({ type: 'error', message: 'This trading pair does not exist' });
});

test('currency/list: USDT and every listed base with amount decimals and a USDT price', async () => {
  const r = await t.call('GET /currency/list');
  expect(r.type).toBe('ok');
  const byName = new Map(r.message.map((c: { name: string }) => [c.name, c]));
  expect(byName.get('USDT')).toEqual({ id: 100, name: 'USDT', full_name: 'Tether USD', category: 'stablecoin', decimals: 8, is_quote: true, price_usdt: '1' });
  expect(byName.get('BTC')).toMatchObject({ id: 1, full_name: 'Bitcoin', category: 'crypto', decimals: 8, is_quote: false });
  expect(byName.get('AAPL')).toMatchObject({ category: 'stock', decimals: 4 });
  const quotes = (await t.call('GET /currency/quotation_new')).message[0].quotes;
  for (const q of quotes) expect((byName.get(q.currency_name) as { price_usdt: string }).price_usdt).toBe(q.now_price);
  expect(r.message).toHaveLength(quotes.length + 1);
});

test('settlement prices: the market price of that second, recorded with its cause inside the caller\'s transaction', async () => {
  const { settlementPrice } = await import('../../src/server/market/settlement');
  const engine = await t.app.services.market();
  const db = t.app.services.db;
  const settled = await db.transaction().execute((trx) => settlementPrice(trx, engine, { symbol: 'btcusdt', cause: 'spot.fill', ref: 'order-1' }));
  expect(settled.symbol).toBe('BTC/USDT');
  expect(settled.price).toBe(engine.quote('BTC/USDT').last);
  expect(settled.pricedAt.getTime()).toBe(Math.floor(clock.ms / 1000) * 1000);
  await expect(db.transaction().execute(async (trx) => {
    await settlementPrice(trx, engine, { symbol: 'ETH/USDT', cause: 'spot.fill', ref: 'order-2' });
    throw new Error('the order failed');
  })).rejects.toThrow('the order failed');
  const rows = await db.selectFrom('market_settlements').selectAll().where('cause', '=', 'spot.fill').execute();
  expect(rows.map((r) => [r.symbol, r.ref, r.price.replace(/\.?0+$/, '')])).toEqual([['BTC/USDT', 'order-1', settled.price.replace(/\.?0+$/, '')]]);
  await expect(settlementPrice(db, engine, { symbol: 'NOPE', cause: 'x', ref: 'y' })).rejects.toThrow(RangeError);
});
