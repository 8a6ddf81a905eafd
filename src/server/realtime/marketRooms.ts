/**
 * The public market rooms of DESIGN.md "Real time": `tickers`, `kline:<symbol>:<period>` and
 * `depth:<symbol>`. A client sends `subscribe` / `unsubscribe` with a room name (an ack says whether it was
 * accepted); an unknown room is refused. Once a second the market feed sends each room with listeners one
 * message: `daymarket` (all pairs in one batch), `kline` (the open candle), `market_depth` (20 levels a side).
 * A new subscriber gets the current state at once; a socket already in the room is acknowledged again but
 * gets no second snapshot. Room messages are rate limited per socket (budgets in rateLimit.ts): over budget
 * the ack is `{ ok: false, error: 'rate limited' }`, and an abusive socket is disconnected.
 */
import type { Server, Socket } from 'socket.io';
import type { Logger } from 'pino';
import type { MarketEngine, MarketService } from '../market';
import { USDT_ID } from '../market/currencies';
import { findInstrument, INSTRUMENTS } from '../market/instruments';
import { isPeriod, type Period } from '../market/periods';
import { roomMessageLimiter, type Verdict } from './rateLimit';

export type MarketRoom =
  | { kind: 'tickers'; name: 'tickers' }
  | { kind: 'kline'; name: string; symbol: string; period: Period }
  | { kind: 'depth'; name: string; symbol: string };

/** Validates and normalises a room name (`kline:btcusdt:1min` -> `kline:BTC/USDT:1min`); undefined if unknown. */
export function parseRoom(raw: unknown): MarketRoom | undefined {
  if (typeof raw !== 'string' || raw.length > 64) return undefined;
  if (raw === 'tickers') return { kind: 'tickers', name: 'tickers' };
  const [kind, sym, period, ...rest] = raw.split(':');
  const inst = sym ? findInstrument(sym) : undefined;
  if (!inst || rest.length) return undefined;
  if (kind === 'kline' && isPeriod(period)) return { kind, name: `kline:${inst.symbol}:${period}`, symbol: inst.symbol, period };
  if (kind === 'depth' && period === undefined) return { kind, name: `depth:${inst.symbol}`, symbol: inst.symbol };
  return undefined;
}

type Ack = (reply: { ok: boolean; room?: string; error?: string }) => void;

function tickers(engine: MarketEngine) {
  return INSTRUMENTS.map((inst) => {
    const q = engine.quote(inst.symbol);
    return {
      currency_id: inst.id, legal_id: USDT_ID, currency_name: inst.base, legal_name: inst.quote,
      now_price: q.last, change: q.change, high: q.high, low: q.low, volume: q.volume,
    };
  });
}

function message(engine: MarketEngine, room: MarketRoom): [event: string, data: unknown] {
  if (room.kind === 'tickers') return ['daymarket', tickers(engine)];
  const inst = findInstrument(room.symbol)!;
  const names = { currency_name: inst.base, legal_name: inst.quote };
  if (room.kind === 'depth') return ['market_depth', { ...names, ...engine.book(inst.symbol) }];
  const [candle] = engine.candles(inst.symbol, room.period, 0, Number.MAX_SAFE_INTEGER, 1); // the open one
  return ['kline', { ...names, period: room.period, ...candle }];
}

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
  let feeding = false;
  const startFeed = (engine: MarketEngine) => {
    if (feeding) return;
    feeding = true;
    engine.onTick(() => {
      for (const name of io.sockets.adapter.rooms.keys()) {
        const room = parseRoom(name);
        if (!room || room.name !== name) continue; // private rooms and socket ids
        const [event, data] = message(engine, room);
        io.to(name).emit(event, data);
      }
    });
  };

  io.on('connection', (socket: Socket) => {
    const limit = roomMessageLimiter(now);
    socket.on('subscribe', async (raw: unknown, ack?: Ack) => {
      if (!admitted(socket, limit, ack, log)) return;
      const room = parseRoom(raw);
      if (!room) { if (typeof ack === 'function') ack({ ok: false, error: 'unknown room' }); return; }
      if (socket.rooms.has(room.name)) { if (typeof ack === 'function') ack({ ok: true, room: room.name }); return; }
      // Joined before the engine is awaited, so that a repeat arriving meanwhile is seen as one.
      await socket.join(room.name);
      try {
        const engine = await market();
        startFeed(engine);
        if (typeof ack === 'function') ack({ ok: true, room: room.name });
        if (!socket.rooms.has(room.name)) return; // unsubscribed meanwhile
        const [event, data] = message(engine, room);
        socket.emit(event, data);
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
