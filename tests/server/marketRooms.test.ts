/** The public market rooms over a real socket: validation, snapshots on subscribe, the one-second feed. */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { parseRoom } from '../../src/server/realtime/marketRooms';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let s: Socket;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  s = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, timeout: 5000 });
  await new Promise<void>((resolve, reject) => { s.on('connect', () => resolve()); s.on('connect_error', reject); });
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => { s.once('disconnect', () => resolve()); s.close(); });
  await t?.close();
});

const subscribe = (room: unknown, event = 'subscribe') =>
  new Promise<{ ok: boolean; room?: string; error?: string }>((resolve) => { s.emit(event, room, resolve); });
const next = <T>(event: string) => new Promise<T>((resolve) => { s.once(event, resolve); });

test('room names are validated and normalised', () => {
  expect(parseRoom('tickers')).toEqual({ kind: 'tickers', name: 'tickers' });
  expect(parseRoom('kline:btcusdt:1min')).toMatchObject({ name: 'kline:BTC/USDT:1min', period: '1min' });
  expect(parseRoom('depth:ETH/USDT')).toMatchObject({ name: 'depth:ETH/USDT' });
  for (const bad of ['', 'user:1', 'kline:BTC/USDT', 'kline:BTC/USDT:2min', 'depth:NOPE/USDT', 'depth:BTC/USDT:1min', 42, null, 'x'.repeat(100)]) {
    expect(parseRoom(bad)).toBeUndefined();
  }
});

test('an unknown room is refused and joins nothing', async () => {
  expect(await subscribe('user:1')).toEqual({ ok: false, error: 'unknown room' });
  expect(await subscribe({ room: 'tickers' })).toEqual({ ok: false, error: 'unknown room' });
  expect(t.app.services.realtime.io.sockets.adapter.rooms.has('user:1')).toBe(false);
});

test('tickers: the current quotes at once, then a batch every second', async () => {
  const first = next<Array<Record<string, string | number>>>('daymarket');
  expect(await subscribe('tickers')).toEqual({ ok: true, room: 'tickers' });
  const snapshot = await first;
  expect(snapshot.length).toBeGreaterThanOrEqual(28);
  expect(snapshot[0]).toMatchObject({ currency_id: 1, currency_name: 'BTC', legal_name: 'USDT' });
  expect(String(snapshot[0].now_price)).toMatch(/^\d+\.\d{2}$/);
  const fed = await next<unknown[]>('daymarket'); // the next second's batch
  expect(fed).toHaveLength(snapshot.length);
  await subscribe('tickers', 'unsubscribe');
});

test('kline and depth rooms send the open candle and 20 levels a side', async () => {
  const kline = next<Record<string, unknown>>('kline');
  expect(await subscribe('kline:eth/usdt:5min')).toEqual({ ok: true, room: 'kline:ETH/USDT:5min' });
  expect(await kline).toMatchObject({ currency_name: 'ETH', legal_name: 'USDT', period: '5min', time: expect.any(Number), close: expect.stringMatching(/^\d+\.\d{2}$/) });
  const depth = next<{ bids: string[][]; asks: string[][] }>('market_depth');
  await subscribe('depth:BTC/USDT');
  const book = await depth;
  expect(book.bids).toHaveLength(20);
  expect(book.asks).toHaveLength(20);
  expect(Number(book.bids[0][0])).toBeLessThan(Number(book.asks[0][0]));
  await subscribe('kline:ETH/USDT:5min', 'unsubscribe');
  await subscribe('depth:BTC/USDT', 'unsubscribe');
  expect(t.app.services.realtime.io.sockets.adapter.rooms.has('depth:BTC/USDT')).toBe(false);
});
