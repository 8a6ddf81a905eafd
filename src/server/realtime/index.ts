/**
 * socket.io at the site root (`/socket.io`), websocket then polling. A client that connects with
 * `auth: { token }` joins its private room `user:<id>`; everyone may join public rooms (later issues).
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';

export interface Realtime {
  io: Server;
  /** Emits to every socket of a user. */
  toUser(userId: number, event: string, data: unknown): void;
  close(): Promise<void>;
}

export const userRoom = (id: number): string => `user:${id}`;

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

  io.on('connection', async (socket: Socket) => {
    const raw = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token) return;
    try {
      const userId = await options.resolveToken(token);
      if (userId === undefined || !socket.connected) return;
      socket.data.userId = userId;
      await socket.join(userRoom(userId));
      socket.emit('session', { user_id: userId });
    } catch (err) {
      options.log.error({ err }, 'socket authentication failed');
    }
  });

  return {
    io,
    toUser(userId, event, data) { io.to(userRoom(userId)).emit(event, data); },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => { io.close(() => resolve()); });
    },
  };
}
