/**
 * socket.io at the site root (`/socket.io`), websocket then polling. A client that connects with
 * `auth: { token }` joins its private room `user:<id>` (sessions.ts); the platform's `login` with a bare
 * user id opens nothing. Our app subscribes to the public market rooms it shows; a client that does not
 * say so (the platform's app) gets every pair's market events (marketRooms.ts). Engine.io's own HTTP
 * answers (handshake, long-polling) carry the server's security headers.
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { SECURITY_HEADERS } from '../static';
import { attachSessions, userRoom, type Sessions } from './sessions';

export { userOfRoom, userRoom } from './sessions';

export interface Realtime extends Sessions {
  io: Server;
  /** Emits to every socket of a user. */
  toUser(userId: number, event: string, data: unknown): void;
  close(): Promise<void>;
}

export function attachRealtime(server: HttpServer, options: {
  log: Logger;
  /** Resolves a raw session token to a user id, or undefined. */
  resolveToken(token: string): Promise<number | undefined>;
}): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    cors: { origin: false },
  });
  // Engine.io writes its responses outside Fastify, so the onSend hook of static.ts never sees them.
  io.engine.on('headers', (headers: Record<string, string>) => { Object.assign(headers, SECURITY_HEADERS); });
  const sessions = attachSessions(io, options);

  return {
    io,
    disconnectUser: sessions.disconnectUser,
    toUser(userId, event, data) { io.to(userRoom(userId)).emit(event, data); },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => { io.close(() => resolve()); });
    },
  };
}
