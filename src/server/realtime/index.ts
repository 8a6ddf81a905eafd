/**
 * socket.io at the site root (`/socket.io`), websocket then polling. A client that connects with
 * `auth: { token }` joins its private room `user:<id>` (sessions.ts); the platform's `login` with a bare
 * user id opens nothing. Our app subscribes to the public market rooms it shows; a client that does not
 * say so (the platform's app) gets every pair's market events (marketRooms.ts). Engine.io's own HTTP
 * answers (handshake, long-polling) carry the server's security headers.
 *
 * With Redis, the nodes form a cluster (cluster.ts): `toUser` reaches the user's sockets on every node,
 * `disconnectUser` closes them on every node. What every node sends by itself (the market feed, `lever_trade`,
 * configuration announcements) goes through `io.local`, so that no socket gets it once per node.
 */
import type { Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { SECURITY_HEADERS } from '../static';
import { attachCluster, type Cluster } from './cluster';
import { attachSessions, userRoom, type Sessions } from './sessions';

export { userOfRoom, userRoom } from './sessions';

export interface Realtime extends Sessions {
  io: Server;
  /** The other nodes, when there may be some (Redis). */
  cluster: Cluster;
  /** Emits to every socket of a user, on every node. */
  toUser(userId: number, event: string, data: unknown): void;
  close(): Promise<void>;
}

/**
 * How long a stopping node lets websocket clients answer its close frame. A phone whose network died never
 * answers, and the websocket library would hold the stop for 30 s; what is still open then is cut.
 */
const CLOSE_GRACE_MS = 1000;

export function attachRealtime(server: HttpServer, options: {
  log: Logger;
  /** Resolves a raw session token to a user id, or undefined. */
  resolveToken(token: string): Promise<number | undefined>;
  /** Redis, with the prefix of this deployment's keys and channels: the nodes that share it form a cluster. */
  redis?: { client: Redis; prefix: string };
}): Realtime {
  // Upgraded connections leave the HTTP server's books (its forced close does not reach them): kept here.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    cors: { origin: false },
  });
  // Engine.io writes its responses outside Fastify, so the onSend hook of static.ts never sees them.
  io.engine.on('headers', (headers: Record<string, string>) => { Object.assign(headers, SECURITY_HEADERS); });
  const cluster = attachCluster(io, options.log, options.redis);
  const sessions = attachSessions(io, cluster, options);

  return {
    io,
    cluster,
    disconnectUser: sessions.disconnectUser,
    toUser(userId, event, data) { io.to(userRoom(userId)).emit(event, data); },
    async close() {
      io.local.disconnectSockets(true);
      const cut = setTimeout(() => { for (const socket of upgraded) socket.destroy(); }, CLOSE_GRACE_MS);
      await new Promise<void>((resolve) => { io.close(() => resolve()); });
      clearTimeout(cut);
      await cluster.close();
    },
  };
}
