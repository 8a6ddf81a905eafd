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

export function attachRealtime(server: HttpServer, options: {
  log: Logger;
  /** Resolves a raw session token to a user id, or undefined. */
  resolveToken(token: string): Promise<number | undefined>;
  /** Redis, with the prefix of this deployment's keys and channels: the nodes that share it form a cluster. */
  redis?: { client: Redis; prefix: string };
}): Realtime {
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
      await new Promise<void>((resolve) => { io.close(() => resolve()); });
      await cluster.close();
    },
  };
}
