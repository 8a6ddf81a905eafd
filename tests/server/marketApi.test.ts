/** Quotes, candles and the watch list through the real app and database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { openDatabase } from '../../src/server/db';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/server/db/migrate';
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

test('quotation_new: every pair, grouped by quote currency, with decimal strings and its contract terms', async () => {
  const r = await t.call('GET /currency/quotation_new');
  expect(r.type).toBe('ok');
  expect(r.message.map((g: { name: string }) => g.name)).toEqual(['USDT']);
  const quotes = r.message[0].quotation;
  expect(quotes.length).toBeGreaterThanOrEqual(28);
  const btc = quotes.find((q: { symbol: string }) => q.symbol === 'BTC/USDT');
  // The pair's id is its base's; the contract lot and fee (percent) of seeddata/trading.json; no spread.
  expect(btc).toMatchObject({
    id: 1, currency_id: 1, legal_id: 3, currency_name: 'BTC', legal_name: 'USDT', sort: 1, spread: '0', lever_share_num: '0.01', lever_trade_fee: '0.05',
    category: 'crypto', price_decimals: 2,
  });
  expect(btc.now_price).toMatch(/^\d+\.\d{2}$/);
  expect(btc.change).toMatch(/^-?\d+\.\d{2}$/);
  expect(quotes.map((q: { sort: number }) => q.sort)).toEqual(quotes.map((_: unknown, i: number) => i + 1));
  const stocks = quotes.filter((q: { category: string }) => q.category === 'stock');
  expect(stocks.length).toBeGreaterThanOrEqual(8);
  // Without contracts: no lot size, no fee.
  expect(stocks[0]).toMatchObject({ lever_share_num: '0', lever_trade_fee: '0' });
});

test('quotation_new shows an operator\'s change of the contract terms (by SQL: the database announces it) within a second or so', async () => {
  const db = t.app.services.db;
  await db.updateTable('contract_markets').set({ lot_size: '0.02', fee_rate: '0.001' }).where('symbol', '=', 'BTC/USDT').execute();
  try {
    // The terms are kept in memory until the database announces the change (on PostgreSQL a moment after the commit).
    let btc: unknown;
    for (let i = 0; i < 50; i++) {
      clock.ms += 1000;
      btc = (await t.call('GET /currency/quotation_new')).message[0].quotation.find((q: { id: number }) => q.id === 1);
      if ((btc as { lever_share_num: string }).lever_share_num === '0.02') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(btc).toMatchObject({ lever_share_num: '0.02', lever_trade_fee: '0.1' });
  } finally {
    await db.updateTable('contract_markets').set({ lot_size: '0.01', fee_rate: '0.0005' }).where('symbol', '=', 'BTC/USDT').execute();
  }
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
  const quotes = JSON.parse(zlib.brotliDecompressSync(later.rawPayload).toString()).message[0].quotation as Array<{ symbol: string; now_price: string }>;
  expect(quotes.find((q) => q.symbol === 'BTC/USDT')?.now_price).toBe(btc().last);
});

test('new_timeshar: candles of each period in the envelope\'s data, as the platform\'s K-line reads them; the newest follows the clock', async () => {
  for (const period of ['1min', '5min', '30min', '60min', '1D', '1W', '1M']) {
    const r = await t.call('GET /currency/new_timeshar', { symbol: 'ETH/USDT', period });
    expect(r.type).toBe('ok');
    expect(r.message).toBeUndefined();
    expect(r.data.length).toBeGreaterThanOrEqual(299);
    const times = r.data.map((c: { time: number }) => c.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  }
  // Weeks open on Monday at 00:00 UTC.
  const weeks = (await t.call('GET /currency/new_timeshar', { symbol: 'ETH/USDT', period: '1W' })).data;
  expect(weeks.map((c: { time: number }) => new Date(c.time).toISOString().slice(10))).toEqual(weeks.map(() => 'T00:00:00.000Z'));
  expect(new Set(weeks.map((c: { time: number }) => new Date(c.time).getUTCDay()))).toEqual(new Set([1]));
  clock.ms += 120_000;
  const r = await t.call('GET /currency/new_timeshar', { symbol: 'ethusdt', period: '1min', from: Math.floor(clock.ms / 1000) - 180 });
  expect(r.data.map((c: { time: number }) => c.time).at(-1)).toBe(Math.floor(clock.ms / 60_000) * 60_000);
  // As the platform's app asks: a day of minutes before now, the pair as BASE/QUOTE.
  const now = Math.floor(clock.ms / 1000);
  const day = await t.call('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: now - 86400, to: now });
  expect(day.data.length).toBeGreaterThanOrEqual(1000);
  expect(Object.keys(day.data[0]).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
});

test('bad input: unknown pair or period, from after to', async () => {
  expect(await t.call('GET /currency/new_timeshar', { symbol: 'NOPE/USDT', period: '1min' }))
    .toEqual({ type: 'error', message: 'This trading pair does not exist' });
  expect((await t.call('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '2min' })).type).toBe('error');
  expect((await t.call('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '1day' })).type).toBe('error');
  expect(await t.call('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: 2000, to: 1000 }))
    .toEqual({ type: 'ok', data: [] });
});

test('watch list: per user, in the order added, a row\'s id is its pair\'s; add twice is harmless; login required', async () => {
  expect((await t.call('GET /optional/list')).type).toBe('999');
  expect(await t.call('POST /optional/add', { currency_id: 5 }, { token: alice })).toEqual({ type: 'ok', message: { id: 5 } });
  await t.call('POST /optional/add', { currency_id: 1, legal_id: 3 }, { token: alice });
  await t.call('POST /optional/add', { currency_id: 5 }, { token: alice });
  const list = await t.call('GET /optional/list', {}, { token: alice });
  expect(list.message.map((q: { id: number; currency_id: number; symbol: string }) => [q.id, q.currency_id, q.symbol])).toEqual([[5, 5, 'SOL/USDT'], [1, 1, 'BTC/USDT']]);
  // The quote fields beside, as in quotation_new.
  expect(list.message[1]).toMatchObject({ legal_id: 3, currency_name: 'BTC', legal_name: 'USDT', lever_share_num: '0.01' });
  expect((await t.call('GET /optional/list', {}, { token: bob })).message).toEqual([]);
  expect(await t.call('POST /optional/del', { id: 5 }, { token: bob })).toEqual({ type: 'ok', message: { id: 5 } });
  expect((await t.call('GET /optional/list', {}, { token: alice })).message).toHaveLength(2); // bob cannot change alice's list
  await t.call('POST /optional/del', { id: 5 }, { token: alice });
  expect((await t.call('GET /optional/list', {}, { token: alice })).message.map((q: { symbol: string }) => q.symbol)).toEqual(['BTC/USDT']);
  expect(await t.call('POST /optional/add', { currency_id: 999 }, { token: alice })).toEqual({ type: 'error', message: 'This trading pair is not listed' });
  expect(await t.call('POST /optional/add', { currency_id: 1, legal_id: 1 }, { token: alice })).toEqual({ type: 'error', message: 'This trading pair is not listed' });
  expect((await t.call('POST /optional/add', {}, { token: alice })).type).toBe('error');
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

test('migration 021 renames the day and month candles a market kept before the platform\'s period names', async () => {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const copy = (keep: (file: string) => boolean) => {
    for (const f of migrationFiles()) if (keep(f)) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  };
  const old = await openDatabase({ databaseUrl, memory: !databaseUrl, isolatedSchema: Boolean(databaseUrl), migrate: false });
  try {
    copy((f) => f < '021');
    await migrate(old, dir);
    const candle = { symbol: 'BTC/USDT', time: 1_795_000_000_000, open: 1, high: 2, low: 1, close: 2, volume: 5 };
    await old.db.insertInto('market_candles').values(['1min', '1day', '1mon'].map((period) => ({ ...candle, period }))).execute();
    copy((f) => f === '021_platform_chart_periods.sql');
    expect(await migrate(old, dir)).toEqual(['021_platform_chart_periods.sql']);
    const periods = await old.db.selectFrom('market_candles').select('period').orderBy('period').execute();
    expect(periods.map((r) => r.period)).toEqual(['1D', '1M', '1min']);
  } finally {
    await old.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
