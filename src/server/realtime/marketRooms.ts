/**
 * The public market rooms of DESIGN.md "Real time", and the platform's market feed.
 *
 * Our app subscribes: it connects with `auth: SUBSCRIBER_AUTH` and sends `subscribe` / `unsubscribe` with a
 * room name (an ack says whether it was accepted; an unknown room is refused): `tickers` (`tickers`, every
 * pair's `daymarket` object in one array), `kline:<symbol>:<period>` (`kline`, the open candle) and `depth:<symbol>`
 * (`market_depth`, 20 levels a side) and `trades:<symbol>` (`market_trades`, prints newest first; ours). A new
 * subscriber gets the room's current state at once (for trades: the last 20 prints); a socket already in the
 * room is acknowledged again but gets no second snapshot. After its snapshot a trades room gets only the prints
 * struck since the previous market second (no message when there is none); a print may come twice (struck while
 * a socket joined), so the client merges by time and keeps 20.
 *
 * The platform's app never subscribes: a socket that connects without that flag joins the room
 * `market:all` (the firehose, which no `subscribe` can name) and gets, once a second, every pair's
 * `daymarket`, `market_depth` and `kline` of the open one-minute candle (the platform's app asks no period on
 * the socket; its chart reads the minute). Its first `subscribe` takes a socket out of the firehose for good,
 * so any client that speaks rooms gets only the rooms it asked for.
 *
 * Once a market second, each pair's message is built once and sent to every listening room in one broadcast
 * (one encoding, one WebSocket frame, for all its sockets; a socket in two of the rooms gets it once). Each
 * node feeds only its own sockets: every node runs the same market. Room messages are rate limited per
 * socket (budgets in rateLimit.ts): over budget the ack is `{ ok: false, error: 'rate limited' }`, and an
 * abusive socket is disconnected.
 */
import type { Server, Socket } from 'socket.io';
import type { Logger } from 'pino';
import { SUBSCRIBER_AUTH, TICKERS_EVENT, TRADES_EVENT } from '../../shared/contract/events';
import { ROOM_TRADES } from '../../shared/contract/market';
import type { MarketEngine, MarketService } from '../market';
import { USDT_ID } from '../market/currencies';
import { findInstrument, INSTRUMENTS, type Instrument } from '../market/instruments';
import { candleStart, isPeriod, PERIODS, type Period } from '../market/periods';
import { roomMessageLimiter, type Verdict } from './rateLimit';

export type MarketRoom =
  | { kind: 'tickers'; name: 'tickers' }
  | { kind: 'kline'; name: string; symbol: string; period: Period }
  | { kind: 'depth'; name: string; symbol: string }
  | { kind: 'trades'; name: string; symbol: string };

/** The room of the sockets that get every pair's market events without subscribing (the platform's app). */
export const FIREHOSE_ROOM = 'market:all';
/** The candle of the firehose's `kline`. */
export const FIREHOSE_PERIOD: Period = '1min';

const klineRoom = (symbol: string, period: Period) => `kline:${symbol}:${period}`;
const depthRoom = (symbol: string) => `depth:${symbol}`;
const tradesRoom = (symbol: string) => `trades:${symbol}`;

/** Validates and normalises a room name (`kline:btcusdt:1min` -> `kline:BTC/USDT:1min`); undefined if unknown. */
export function parseRoom(raw: unknown): MarketRoom | undefined {
  if (typeof raw !== 'string' || raw.length > 64) return undefined;
  if (raw === 'tickers') return { kind: 'tickers', name: 'tickers' };
  const [kind, sym, period, ...rest] = raw.split(':');
  const inst = sym ? findInstrument(sym) : undefined;
  if (!inst || rest.length) return undefined;
  if (kind === 'kline' && isPeriod(period)) return { kind, name: klineRoom(inst.symbol, period), symbol: inst.symbol, period };
  if (kind === 'depth' && period === undefined) return { kind, name: depthRoom(inst.symbol), symbol: inst.symbol };
  if (kind === 'trades' && period === undefined) return { kind, name: tradesRoom(inst.symbol), symbol: inst.symbol };
  return undefined;
}

/** Whether a socket is our app's (it subscribes to rooms) rather than the platform's. */
function subscribes(socket: Socket): boolean {
  const auth = socket.handshake.auth as Record<string, unknown> | undefined;
  return auth?.subscribes === SUBSCRIBER_AUTH.subscribes;
}

type Message = [event: string, data: unknown];

const names = (inst: Instrument) => ({ currency_name: inst.base, legal_name: inst.quote });

/** One pair's `daymarket`. */
function ticker(engine: MarketEngine, inst: Instrument) {
  const q = engine.quote(inst.symbol);
  return {
    currency_id: inst.id, legal_id: USDT_ID, ...names(inst),
    now_price: q.last, change: q.change, high: q.high, low: q.low, volume: q.volume,
  };
}

const tickers = (engine: MarketEngine) => INSTRUMENTS.map((inst) => ticker(engine, inst));

function depth(engine: MarketEngine, inst: Instrument): Message {
  return ['market_depth', { ...names(inst), ...engine.book(inst.symbol) }];
}

function trades(engine: MarketEngine, inst: Instrument): Message {
  return [TRADES_EVENT, { ...names(inst), trades: engine.trades(inst.symbol, ROOM_TRADES) }];
}

function kline(engine: MarketEngine, inst: Instrument, period: Period): Message {
  const [candle] = engine.candles(inst.symbol, period, candleStart(period, engine.second() * 1000), Number.MAX_SAFE_INTEGER, 1); // the open one
  return ['kline', { ...names(inst), period, ...candle }];
}

/** What a new subscriber of `room` gets at once: its current state. */
function snapshot(engine: MarketEngine, room: MarketRoom): Message[] {
  if (room.kind === 'tickers') return [[TICKERS_EVENT, tickers(engine)]];
  const inst = findInstrument(room.symbol)!;
  if (room.kind === 'trades') return [trades(engine, inst)];
  return [room.kind === 'depth' ? depth(engine, inst) : kline(engine, inst, room.period)];
}

/** Each pair's messages and the rooms that listen to them. */
const FEEDS = INSTRUMENTS.map((inst) => ({
  inst,
  depth: [depthRoom(inst.symbol), FIREHOSE_ROOM],
  trades: [tradesRoom(inst.symbol)],
  klines: PERIODS.map((period) => ({
    period, rooms: period === FIREHOSE_PERIOD ? [klineRoom(inst.symbol, period), FIREHOSE_ROOM] : [klineRoom(inst.symbol, period)],
  })),
}));

/**
 * One market second: each message with listeners on this node, built once and broadcast once to its rooms.
 * `since` (ms) is the second the previous one fed: the trades rooms get the prints struck after it.
 */
function feed(io: Server, engine: MarketEngine, since: number): void {
  const { rooms } = io.sockets.adapter;
  if (!rooms.size) return;
  const send = (to: string[], message: () => Message | undefined) => {
    const listening = to.filter((name) => rooms.has(name)); // the adapter drops a room with its last socket
    if (!listening.length) return;
    const built = message();
    if (!built) return;
    io.local.to(listening).emit(built[0], built[1]);
  };
  const freshTrades = (inst: Instrument) => (): Message | undefined => {
    const fresh = engine.trades(inst.symbol, ROOM_TRADES).filter((p) => p.time > since);
    return fresh.length ? [TRADES_EVENT, { ...names(inst), trades: fresh }] : undefined;
  };
  if (rooms.has('tickers') || rooms.has(FIREHOSE_ROOM)) {
    const all = tickers(engine);
    if (rooms.has('tickers')) io.local.to('tickers').emit(TICKERS_EVENT, all);
    if (rooms.has(FIREHOSE_ROOM)) for (const one of all) io.local.to(FIREHOSE_ROOM).emit('daymarket', one);
  }
  for (const { inst, depth: depthRooms, trades: tradesRooms, klines } of FEEDS) {
    send(depthRooms, () => depth(engine, inst));
    send(tradesRooms, freshTrades(inst));
    for (const { period, rooms: to } of klines) send(to, () => kline(engine, inst, period));
  }
}

type Ack = (reply: { ok: boolean; room?: string; error?: string }) => void;

/** Whether a room message may be served; answers the refusal itself, and closes an abusive socket. */
function admitted(socket: Socket, limit: () => Verdict, ack: Ack | undefined, log: Logger): boolean {
  if (!socket.connected) return false;
  const verdict = limit();
  if (verdict === 'serve') return true;
  if (verdict === 'refuse') { if (typeof ack === 'function') ack({ ok: false, error: 'rate limited' }); return false; }
  log.warn({ socket: socket.id, address: socket.handshake.address }, 'socket disconnected: too many room messages');
  socket.disconnect(true);
  return false;
}

/** `now` (ms) drives the rate limits. */
export function attachMarketRooms(io: Server, market: MarketService, log: Logger, now: () => number = Date.now): void {
  let feeding: Promise<MarketEngine> | undefined;
  /** The running market, feeding the rooms from its first use on. */
  const feedingMarket = () => {
    feeding ??= market().then(
      (engine) => {
        let fed = engine.second() * 1000;
        engine.onTick(() => {
          const since = fed;
          fed = engine.second() * 1000;
          feed(io, engine, since);
        });
        return engine;
      },
      (err: unknown) => { feeding = undefined; throw err; }, // the next listener tries again
    );
    return feeding;
  };

  io.on('connection', (socket: Socket) => {
    if (!subscribes(socket)) {
      void socket.join(FIREHOSE_ROOM);
      feedingMarket().catch((err: unknown) => { log.error({ err }, 'market feed unavailable'); });
    }
    const limit = roomMessageLimiter(now);
    socket.on('subscribe', async (raw: unknown, ack?: Ack) => {
      if (!admitted(socket, limit, ack, log)) return;
      if (socket.rooms.has(FIREHOSE_ROOM)) await socket.leave(FIREHOSE_ROOM);
      const room = parseRoom(raw);
      if (!room) { if (typeof ack === 'function') ack({ ok: false, error: 'unknown room' }); return; }
      if (socket.rooms.has(room.name)) { if (typeof ack === 'function') ack({ ok: true, room: room.name }); return; }
      // Joined before the engine is awaited, so that a repeat arriving meanwhile is seen as one.
      await socket.join(room.name);
      try {
        const engine = await feedingMarket();
        if (typeof ack === 'function') ack({ ok: true, room: room.name });
        if (!socket.rooms.has(room.name)) return; // unsubscribed meanwhile
        for (const [event, data] of snapshot(engine, room)) socket.emit(event, data);
      } catch (err) {
        log.error({ err }, 'market subscribe failed');
        await socket.leave(room.name);
        if (typeof ack === 'function') ack({ ok: false, error: 'unavailable' });
      }
    });
    socket.on('unsubscribe', async (raw: unknown, ack?: Ack) => {
      if (!admitted(socket, limit, ack, log)) return;
      const room = parseRoom(raw);
      if (room) await socket.leave(room.name);
      if (typeof ack === 'function') ack(room ? { ok: true, room: room.name } : { ok: false, error: 'unknown room' });
    });
  });
}
