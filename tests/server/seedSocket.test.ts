/**
 * The socket as the platform's app uses it (calls.json `transport.socket`): it connects to the site root
 * (websocket and polling, reconnection, no auth), never subscribes, listens for `daymarket` (one object per
 * pair), `market_depth` and `kline`, and emits `login` with its user's id. That id is never trusted: private
 * events need the token. Our app's socket, which subscribes, never gets the platform's feed.
 */
import type { Socket } from 'socket.io-client';
import { INSTRUMENTS } from '../../src/server/market/instruments';
import { userRoom } from '../../src/server/realtime';
import { FIREHOSE_PERIOD, FIREHOSE_ROOM } from '../../src/server/realtime/marketRooms';
import { LEVER_CLOSED_EVENT, LEVER_TRADE_EVENT, PRIVATE_EVENTS } from '../../src/shared/contract/events';
import { canWithdraw, fund } from './money';
import { appAuth, listen, SocketClients, type Transport } from './sockets';
import { createTestApp, type TestApp } from './helpers';

const USDT = 3;
const PAIRS = INSTRUMENTS.length;
const MARKET_EVENTS = ['daymarket', 'market_depth', 'kline'];
const decimal = expect.stringMatching(/^\d+(\.\d+)?$/);

let t: TestApp;
let url: string;
const clients = new SocketClients();
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  await t.app.services.market(); // open before any test measures market seconds
}, 60_000);
afterAll(async () => {
  await clients.closeAll();
  await new Promise((r) => setTimeout(r, 200)); // a polling client's last request ends while the app is up
  await t?.close();
});

/** A socket as the platform's app opens it: the site root, websocket then polling, reconnection, no auth. */
const platformSocket = (transports: Transport[] = ['websocket', 'polling']): Socket =>
  clients.connect(url, { transports, reconnection: true, reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20000 });

const connected = (s: Socket) => new Promise<void>((resolve, reject) => {
  if (s.connected) { resolve(); return; }
  s.once('connect', () => resolve());
  s.once('connect_error', reject);
});

/** The next `n` messages of `event` on `s`. */
function nextMany<T = Record<string, unknown>>(s: Socket, event: string, n: number): Promise<T[]> {
  return new Promise((resolve) => {
    const got: T[] = [];
    const take = (data: T) => { got.push(data); if (got.length === n) { s.off(event, take); resolve(got); } };
    s.on(event, take);
  });
}

/** Every event `s` receives from now on, by name. */
function record(s: Socket): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  s.onAny((event: string, data: unknown) => { seen.push([event, data]); });
  return seen;
}

/** Waits until a whole market second has been sent to `s` (a platform socket) since the call. */
function aWholeSecond(s: Socket): Promise<void> {
  return new Promise((resolve) => {
    let starts = 0;
    const take = (quote: { currency_id: number }) => {
      if (quote.currency_id !== INSTRUMENTS[0].id || ++starts < 2) return; // each second starts with the first pair
      s.off('daymarket', take);
      resolve();
    };
    s.on('daymarket', take);
  });
}

const marketSecond = async () => (await t.app.services.market()).second();
const firehose = () => t.app.services.realtime.io.sockets.adapter.rooms.get(FIREHOSE_ROOM) ?? new Set<string>();

test('the platform\'s app gets every pair\'s daymarket, market_depth and kline within a market second or two, without subscribing', async () => {
  const from = await marketSecond();
  const s = platformSocket();
  const [quotes, books, candles] = await Promise.all([
    nextMany(s, 'daymarket', PAIRS), nextMany(s, 'market_depth', PAIRS), nextMany(s, 'kline', PAIRS), connected(s),
  ]);
  expect(await marketSecond() - from).toBeLessThanOrEqual(3);
  expect(s.io.engine.transport.name).toBe('websocket');

  expect(quotes.map((q) => q.currency_id)).toEqual(INSTRUMENTS.map((inst) => inst.id));
  for (const [i, inst] of INSTRUMENTS.entries()) {
    expect(quotes[i]).toEqual({
      currency_id: inst.id, legal_id: USDT, currency_name: inst.base, legal_name: 'USDT',
      now_price: decimal, change: expect.stringMatching(/^-?\d+\.\d{2}$/), volume: decimal, high: decimal, low: decimal,
    });
  }
  expect(quotes[0]).toMatchObject({ currency_id: 1, currency_name: 'BTC' });

  expect(books.map((b) => b.currency_name)).toEqual(INSTRUMENTS.map((inst) => inst.base));
  for (const book of books) {
    expect(book).toEqual({ currency_name: expect.any(String), legal_name: 'USDT', bids: expect.any(Array), asks: expect.any(Array) });
    const { bids, asks } = book as { bids: string[][]; asks: string[][] };
    expect([bids.length, asks.length]).toEqual([20, 20]);
    for (const level of [...bids, ...asks]) expect(level).toEqual([decimal, decimal]);
    expect(Number(bids[0][0])).toBeLessThan(Number(asks[0][0]));
  }

  expect(candles.map((c) => c.currency_name)).toEqual(INSTRUMENTS.map((inst) => inst.base));
  for (const candle of candles) {
    expect(candle).toEqual({
      currency_name: expect.any(String), legal_name: 'USDT', period: FIREHOSE_PERIOD, time: expect.any(Number),
      open: decimal, high: decimal, low: decimal, close: decimal, volume: decimal,
    });
    expect(candle.time as number % 60_000).toBe(0);
  }
});

test('the feed also comes over long-polling, the platform\'s second transport', async () => {
  const s = platformSocket(['polling']);
  const quotes = await nextMany(s, 'daymarket', PAIRS);
  expect(s.io.engine.transport.name).toBe('polling');
  expect(quotes.map((q) => q.currency_id)).toEqual(INSTRUMENTS.map((inst) => inst.id));
  await new Promise<void>((resolve) => { s.io.engine.once('close', () => resolve()); s.close(); });
});

test('one market second of the feed costs a platform socket a bounded number of bytes', async () => {
  const s = platformSocket();
  await connected(s);
  const got = record(s);
  await nextMany(s, 'daymarket', PAIRS + 1); // a whole second, and the first message of the next
  const starts = got.flatMap(([event, data], i) => (event === 'daymarket' && (data as { currency_id: number }).currency_id === 1 ? [i] : []));
  const second = got.slice(starts[0], starts[1]); // each second starts with the first pair's daymarket
  expect(second).toHaveLength(MARKET_EVENTS.length * PAIRS);
  // What socket.io writes per message: `42` and the JSON of [event, data].
  const bytes = second.reduce((sum, message) => sum + 2 + Buffer.byteLength(JSON.stringify(message)), 0);
  expect(bytes).toBeLessThan(64 * 1024);
});

test('login with another user\'s id is accepted but opens nothing: only the owner\'s token socket gets their private events', async () => {
  const token = await t.signUp('seed.socket.owner@example.com');
  const owner = (await t.call('GET /user/info', {}, { token })).message.id as number;
  const mine = clients.open(url, appAuth(token));
  await new Promise((resolve) => { mine.once('session', resolve); });
  const ownEvents = record(mine);

  const intruder = platformSocket();
  await connected(intruder);
  const seen = record(intruder);
  expect(await intruder.emitWithAck('login', owner)).toEqual({ ok: true });
  intruder.emit('login', String(owner)); // as the app sends it, without an ack
  expect(await intruder.emitWithAck('login', owner)).toEqual({ ok: true });
  expect(intruder.connected).toBe(true);
  expect((await t.app.services.realtime.io.in(userRoom(owner)).fetchSockets()).map((s) => s.id)).toEqual([mine.id]);

  // The owner moves money and trades: balance, trade, lever_trade (each tick) and lever_closed.
  await canWithdraw(t.app.services.db, owner);
  await fund(t.app.services.db, owner, USDT, '1000');
  const live = new Promise((resolve) => { mine.once(LEVER_TRADE_EVENT, resolve); });
  expect((await t.call('POST /wallet/change', { currency_id: USDT, number: '1000', from_field: 'change', to_field: 'lever' }, { token })).type).toBe('ok');
  const opened = await t.call('POST /lever/submit', { share: 1, multiple: 10, legal_id: USDT, currency_id: 1, type: 1, status: 1, target_price: '999', password: '' }, { token });
  expect(opened.type).toBe('ok');
  await live;
  const closed = new Promise((resolve) => { mine.once(LEVER_CLOSED_EVENT, resolve); });
  expect((await t.call('POST /lever/close', { id: opened.message.id }, { token })).type).toBe('ok');
  await closed;
  await aWholeSecond(intruder);

  const privateNames = new Set<string>([...PRIVATE_EVENTS, LEVER_TRADE_EVENT, LEVER_CLOSED_EVENT]);
  expect(new Set(ownEvents.map(([event]) => event).filter((e) => privateNames.has(e))))
    .toEqual(new Set(['balance', 'trade', LEVER_TRADE_EVENT, LEVER_CLOSED_EVENT]));
  expect([...new Set(seen.map(([event]) => event))].sort()).toEqual([...MARKET_EVENTS].sort());
});

test('our app\'s socket is never in the firehose: it gets only the rooms it subscribes to', async () => {
  const platform = platformSocket();
  const app = clients.open(url, appAuth());
  await Promise.all([connected(platform), connected(app)]);
  const got = record(app);
  expect(firehose().has(app.id!)).toBe(false);
  expect(firehose().has(platform.id!)).toBe(true);
  await aWholeSecond(platform);
  expect(got).toEqual([]);

  expect(await app.emitWithAck('subscribe', 'depth:ETH/USDT')).toEqual({ ok: true, room: 'depth:ETH/USDT' });
  await nextMany(app, 'market_depth', 3); // the snapshot, then two seconds': all of the first one has arrived
  expect(new Set(got.map(([event, data]) => `${event} ${(data as { currency_name: string }).currency_name}`))).toEqual(new Set(['market_depth ETH']));
});

test('any socket that subscribes leaves the firehose and gets only its rooms', async () => {
  const s = clients.open(url); // no flag: it starts in the firehose
  await connected(s);
  expect(firehose().has(s.id!)).toBe(true);
  expect(await s.emitWithAck('subscribe', 'tickers')).toEqual({ ok: true, room: 'tickers' });
  expect(firehose().has(s.id!)).toBe(false);
  await nextMany(s, 'tickers', 1); // the snapshot
  const got = record(s);
  await nextMany(s, 'tickers', 1); // the next second: every pair in one message, nothing else
  expect(got.map(([event]) => event)).toEqual(['tickers']);
  expect((got[0][1] as unknown[]).length).toBe(PAIRS);
});
