/**
 * The baseline of the socket fan-out (benchFanout.ts): a bare socket.io server (websocket, no adapter, no
 * app) on PORT whose `subscribe` joins the room it names, and which sends the room `tickers` a message the
 * size of the app's (every pair's `daymarket` object) once a second, built once per second as the app does.
 */
import http from 'node:http';
import { Server } from 'socket.io';
import { TICKERS_EVENT } from '../src/shared/contract/events';
import { INSTRUMENTS } from '../src/server/market/instruments';

const server = http.createServer();
const io = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('subscribe', (room: string, ack?: (reply: unknown) => void) => { void socket.join(room); ack?.({ ok: true, room }); });
});
setInterval(() => {
  const second = Math.floor(Date.now() / 1000);
  io.to('tickers').emit(TICKERS_EVENT, INSTRUMENTS.map((inst) => ({
    currency_id: inst.id, legal_id: 3, currency_name: inst.base, legal_name: inst.quote,
    now_price: `${second}.${inst.id}`, change: '-1.25', high: '67890.12', low: '65432.10', volume: '12345.678901',
  })));
}, 1000);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
