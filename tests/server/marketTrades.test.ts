/** The recent prints of a pair (issue 23): `GET /market/trades` and the `trades:<symbol>` room, on the test clock. */
import type { Socket } from 'socket.io-client';
import { TRADES_EVENT } from '../../src/shared/contract/events';
import { D } from '../../src/shared/format/decimal';
import { appAuth, listen, SocketClients } from './sockets';
import { createTestApp, type TestApp } from './helpers';

type Print = { time: number; price: string; amount: string; side: 'buy' | 'sell' };
type TradesEvent = { currency_name: string; legal_name: string; trades: Print[] };

let t: TestApp;
let url: string;
const clients = new SocketClients();
/** The prints of SOL/USDT on the market's first start, then a second later. */
let atOpen: Print[][];
const clock = { ms: Date.parse('2026-11-22T13:47:30.500Z') };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) });
  url = await listen(t);
  const engine = await t.app.services.market();
  atOpen = [engine.trades('SOL/USDT', 50), (clock.ms += 1000, engine.trades('SOL/USDT', 50))];
  clock.ms += 60_000; // a minute of prints
}, 60_000);
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
});

const trades = async (data: Record<string, unknown>) => t.call('GET /market/trades', data);

test('the last prints, newest first, one a second up to the clock, with the pair\'s decimals', async () => {
  const r = await trades({ symbol: 'BTC/USDT', limit: 10 });
  expect(r.type).toBe('ok');
  const prints = r.message as Print[];
  expect(prints).toHaveLength(10);
  const last = Math.floor(clock.ms / 1000) * 1000;
  expect(prints.map((p) => p.time)).toEqual(Array.from({ length: 10 }, (_, i) => last - i * 1000));
  for (const p of prints) {
    expect(p.price).toMatch(/^\d+\.\d{2}$/); // BTC: 2 price decimals, 6 quantity decimals
    expect(p.amount).toMatch(/^\d+\.\d{6}$/);
    expect(new D(p.amount).gt(0)).toBe(true);
  }
  const engine = await t.app.services.market();
  expect(prints[0].price).toBe(engine.lastPrice('BTC/USDT').price);
  // Each print's price is what the market struck at its second (what settlement reads).
  for (const p of prints) expect(engine.priceAt('BTC/USDT', p.time / 1000).price).toBe(p.price);
  // An altcoin's decimals: DOGE has 5 price decimals and whole coins.
  const doge = (await trades({ symbol: 'DOGE/USDT', limit: 3 })).message as Print[];
  expect(doge[0].price).toMatch(/^\d+\.\d{5}$/);
  expect(doge[0].amount).toMatch(/^\d+$/);
});

test('the side: a buy when the price rose or stayed against the second before, a sell when it fell', async () => {
  const prints = (await trades({ symbol: 'ETH/USDT', limit: 50 })).message as Print[];
  expect(prints).toHaveLength(50);
  const engine = await t.app.services.market();
  for (const p of prints) {
    const before = engine.priceAt('ETH/USDT', p.time / 1000 - 1).price;
    expect(p.side).toBe(new D(p.price).lt(before) ? 'sell' : 'buy');
  }
  // A minute of a random walk moves both ways.
  expect(new Set(prints.map((p) => p.side))).toEqual(new Set(['buy', 'sell']));
});

test('the limit: 20 unless sent, at most 50; a symbol normalised as elsewhere', async () => {
  expect(((await trades({ symbol: 'BTC/USDT' })).message as Print[])).toHaveLength(20);
  expect(((await trades({ symbol: 'btcusdt', limit: 50 })).message as Print[])).toHaveLength(50);
  for (const limit of [0, 51, 1000, 'ten']) {
    const r = await trades({ symbol: 'BTC/USDT', limit, lang: 'en' });
    expect(r.type).toBe('error');
    expect(String(r.message)).not.toBe('');
  }
});

test('an unknown pair is refused with a localised message', async () => {
  const en = await trades({ symbol: 'NOPE/USDT', lang: 'en' });
  expect(en).toMatchObject({ type: 'error', message: 'This trading pair does not exist' });
  const fa = await trades({ symbol: 'NOPE/USDT', lang: 'fa' });
  expect(fa).toMatchObject({ type: 'error', message: 'این جفت معاملاتی وجود ندارد' });
  expect((await trades({ lang: 'en' })).type).toBe('error');
});

test('prints only of seconds the market struck: none on its first start, one a second after', async () => {
  expect(atOpen[0]).toEqual([]);
  expect(atOpen[1]).toHaveLength(1);
  // A clock moved back strikes nothing: the list stays where the market is.
  const engine = await t.app.services.market();
  const before = engine.trades('SOL/USDT', 5);
  clock.ms -= 10_000;
  expect(engine.trades('SOL/USDT', 5)).toEqual(before);
  clock.ms += 10_000;
});

test('the trades room: the current prints at once, then only the new ones as the clock strikes seconds', async () => {
  const socket = clients.open(url, appAuth());
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  const next = () => new Promise<TradesEvent>((resolve) => { socket.once(TRADES_EVENT, resolve); });
  const subscribe = (room: string) => new Promise<{ ok: boolean; room?: string }>((resolve) => { (socket as Socket).emit('subscribe', room, resolve); });

  const first = next();
  expect(await subscribe('trades:btcusdt')).toEqual({ ok: true, room: 'trades:BTC/USDT' });
  const snapshot = await first;
  expect(snapshot).toMatchObject({ currency_name: 'BTC', legal_name: 'USDT' });
  expect(snapshot.trades).toHaveLength(20);
  expect(snapshot.trades).toEqual((await trades({ symbol: 'BTC/USDT' })).message);

  // Three seconds struck by the clock: the next message carries them alone, not the 20 again.
  const newest = snapshot.trades[0].time;
  clock.ms += 3000;
  const pushed = await next();
  expect(pushed).toMatchObject({ currency_name: 'BTC', legal_name: 'USDT' });
  expect(pushed.trades.map((p) => p.time)).toEqual([newest + 3000, newest + 2000, newest + 1000]);
  const latest = (await trades({ symbol: 'BTC/USDT', limit: 3 })).message as Print[];
  expect(pushed.trades).toEqual(latest);

  // Seconds without a new print send nothing: the next message is the next second's print alone.
  const quiet: TradesEvent[] = [];
  socket.on(TRADES_EVENT, (e: TradesEvent) => quiet.push(e));
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(quiet).toEqual([]);
  clock.ms += 1000;
  const one = await next();
  expect(one.trades.map((p) => p.time)).toEqual([newest + 4000]);
  expect(await subscribe('trades:NOPE/USDT')).toEqual({ ok: false, error: 'unknown room' });
});
