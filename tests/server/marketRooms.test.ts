/**
 * The public market rooms over a real socket, as our app uses them: validation, snapshots on subscribe, the
 * one-second feed, rate limits. (The platform's app, which never subscribes: seedSocket.test.ts.)
 */
import type { Socket } from 'socket.io-client';
import { INSTRUMENTS } from '../../src/server/market/instruments';
import { parseRoom } from '../../src/server/realtime/marketRooms';
import { ROOM_MESSAGES, ROOM_REFUSALS, roomMessageLimiter, type Verdict } from '../../src/server/realtime/rateLimit';
import { appAuth, listen, SocketClients } from './sockets';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let url: string;
let s: Socket;
const clients = new SocketClients();
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  s = await open();
}, 60_000);
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
});

async function open(): Promise<Socket> {
  const socket = clients.open(url, appAuth());
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  return socket;
}

type Reply = { ok: boolean; room?: string; error?: string };
const send = (socket: Socket, room: unknown, event = 'subscribe') =>
  new Promise<Reply>((resolve) => { socket.emit(event, room, resolve); });
const subscribe = (room: unknown, event = 'subscribe') => send(s, room, event);
const next = <T>(event: string) => new Promise<T>((resolve) => { s.once(event, resolve); });

test('room names are validated and normalised', () => {
  expect(parseRoom('tickers')).toEqual({ kind: 'tickers', name: 'tickers' });
  expect(parseRoom('kline:btcusdt:1min')).toMatchObject({ name: 'kline:BTC/USDT:1min', period: '1min' });
  expect(parseRoom('depth:ETH/USDT')).toMatchObject({ name: 'depth:ETH/USDT' });
  expect(parseRoom('trades:ethusdt')).toEqual({ kind: 'trades', name: 'trades:ETH/USDT', symbol: 'ETH/USDT' });
  for (const bad of ['', 'user:1', 'kline:BTC/USDT', 'kline:BTC/USDT:2min', 'depth:NOPE/USDT', 'depth:BTC/USDT:1min', 'trades:NOPE/USDT', 'trades:BTC/USDT:1min', 42, null, 'x'.repeat(100)]) {
    expect(parseRoom(bad)).toBeUndefined();
  }
});

test('an unknown room is refused and joins nothing', async () => {
  expect(await subscribe('user:1')).toEqual({ ok: false, error: 'unknown room' });
  expect(await subscribe({ room: 'tickers' })).toEqual({ ok: false, error: 'unknown room' });
  expect(t.app.services.realtime.io.sockets.adapter.rooms.has('user:1')).toBe(false);
});

test('tickers: every pair\'s daymarket at once in one array (the tickers event), then again every second', async () => {
  const first = next<Array<Record<string, string | number>>>('tickers');
  expect(await subscribe('tickers')).toEqual({ ok: true, room: 'tickers' });
  const snapshot = await first;
  expect(snapshot.map((q) => q.currency_id)).toEqual(INSTRUMENTS.map((inst) => inst.id));
  expect(snapshot[0]).toMatchObject({ currency_id: 1, legal_id: 3, currency_name: 'BTC', legal_name: 'USDT' });
  expect(String(snapshot[0].now_price)).toMatch(/^\d+\.\d{2}$/);
  const fed = await next<Array<Record<string, string | number>>>('tickers'); // the next second's
  expect(fed.map((q) => q.currency_id)).toEqual(INSTRUMENTS.map((inst) => inst.id));
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

test('a socket already in a room that subscribes again is acknowledged but gets no second snapshot', async () => {
  const socket = await open();
  const server = t.app.services.realtime.io.sockets.sockets.get(socket.id!)!;
  const direct = jest.spyOn(server, 'emit'); // snapshots go to the socket itself, the feed to the room
  const snapshot = new Promise((resolve) => { socket.once('market_depth', resolve); });
  expect(await send(socket, 'depth:BTC/USDT')).toEqual({ ok: true, room: 'depth:BTC/USDT' });
  await snapshot;
  expect(await send(socket, 'depth:btcusdt')).toEqual({ ok: true, room: 'depth:BTC/USDT' });
  expect(await send(socket, 'depth:BTC/USDT')).toEqual({ ok: true, room: 'depth:BTC/USDT' });
  expect(await send(socket, 'nothing')).toEqual({ ok: false, error: 'unknown room' }); // a round trip after the repeats
  expect(direct.mock.calls.map(([event]) => event)).toEqual(['market_depth']);
});

test('a burst of room messages is served up to the budget, refused beyond it, and an abusive socket is closed', async () => {
  const socket = await open();
  expect(await send(socket, 'tickers')).toMatchObject({ ok: true });
  const replies: Reply[] = [];
  const closed = new Promise<string>((resolve) => { socket.once('disconnect', resolve); });
  for (let i = 0; i < 200; i++) socket.emit('subscribe', 'tickers', (reply: Reply) => replies.push(reply));
  expect(await closed).toBe('io server disconnect');
  await new Promise((r) => setTimeout(r, 50));
  const served = replies.filter((r) => r.ok).length;
  const refused = replies.filter((r) => r.error === 'rate limited').length;
  // The budget refills at 10 a second: a few more may pass while the burst is being read.
  expect(served).toBeGreaterThanOrEqual(ROOM_MESSAGES.burst - 1);
  expect(served).toBeLessThanOrEqual(ROOM_MESSAGES.burst + 3);
  expect(refused).toBeGreaterThanOrEqual(ROOM_REFUSALS.burst);
  expect(refused).toBeLessThanOrEqual(ROOM_REFUSALS.burst + 3);
  expect(served + refused).toBe(replies.length);
  expect(t.logs.some((l) => l.msg === 'socket disconnected: too many room messages')).toBe(true);
});

test('a smaller burst is refused beyond the budget without closing the socket', async () => {
  const socket = await open();
  const replies = await Promise.all(Array.from({ length: 40 }, () => send(socket, 'unknown')));
  const refused = replies.filter((r) => r.error === 'rate limited').length;
  expect(refused).toBeGreaterThanOrEqual(40 - ROOM_MESSAGES.burst - 3);
  expect(refused).toBeLessThanOrEqual(40 - ROOM_MESSAGES.burst);
  expect(socket.connected).toBe(true);
});

test('the room message budget: 20 at once, refilled at 10 a second; 100 refusals, then disconnect', () => {
  let ms = 0;
  const limit = roomMessageLimiter(() => ms);
  const take = (n: number): Verdict[] => Array.from({ length: n }, () => limit());
  expect(take(20)).toEqual(Array(20).fill('serve'));
  expect(limit()).toBe('refuse');
  ms += 1000;
  expect(take(10)).toEqual(Array(10).fill('serve'));
  expect(take(100)).toEqual(Array(100).fill('refuse')); // the refusal spent above was refilled
  expect(limit()).toBe('disconnect');
  ms += 500; // refills 5 messages and 5 refusals
  expect(take(6)).toEqual([...Array(5).fill('serve'), 'refuse']);
  ms += 60_000; // never more than the burst
  expect(take(21)).toEqual([...Array(20).fill('serve'), 'refuse']);
});
