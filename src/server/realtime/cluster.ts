/**
 * Several nodes: with Redis, socket.io's Redis adapter (pub/sub) carries every broadcast that is not
 * `io.local` to the other nodes' sockets (a user's private room reaches their sockets wherever they are
 * connected), and requests between nodes: `ask` sends one to every other node and resolves with their
 * answers once all have answered (serverSideEmit with acknowledgements; the adapter counts the nodes
 * subscribed). Without Redis the adapter is socket.io's in-memory one: this node is the only one.
 *
 * Pub/sub channels belong to the Redis server, not to one of its logical databases: the adapter's channels
 * carry the key prefix (REDIS_PREFIX) so that two deployments or test runs on one Redis never hear each other.
 * The subscriber connection retries for as long as it takes (ioredis subscribes again by itself); a publish
 * that fails while Redis is away is logged, never thrown: the event then reaches this node's sockets only.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';

/** How long a request waits for the other nodes' answers. */
export const NODE_REQUEST_TIMEOUT_MS = 3000;

type Json = string | number | boolean | null;

export interface Cluster {
  /**
   * Runs `request`'s answer (see `answer`) on every other node; resolves with their results, or rejects
   * when one of them has not answered within NODE_REQUEST_TIMEOUT_MS. Without Redis: no other node, `[]`.
   */
  ask<T>(request: string, ...args: Json[]): Promise<T[]>;
  /** What this node does when another asks `request`; the result travels as JSON. */
  answer(request: string, fn: (...args: Json[]) => unknown): void;
  close(): Promise<void>;
}

export function attachCluster(io: Server, log: Logger, redis?: { client: Redis; prefix: string }): Cluster {
  if (!redis) {
    return { ask: async () => [], answer: () => undefined, close: async () => undefined };
  }
  // The client fails commands at once while Redis is away (redis.ts); subscriptions wait for the connection instead.
  const subscriber = redis.client.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
  subscriber.on('error', (err) => log.warn({ err }, 'redis (socket adapter subscriber) unavailable'));
  // The adapter never awaits its publishes: a failed one must not become an unhandled rejection.
  const publisher = new Proxy(redis.client, {
    get(target, property) {
      if (property !== 'publish') return Reflect.get(target, property, target) as unknown;
      return (channel: string, message: string | Buffer) => target.publish(channel, message)
        .catch((err: unknown) => { log.error({ err, channel }, 'socket event not published to the other nodes'); return 0; });
    },
  });
  io.adapter(createAdapter(publisher, subscriber, { key: `${redis.prefix}socket.io`, requestsTimeout: NODE_REQUEST_TIMEOUT_MS }));

  return {
    ask<T>(request: string, ...args: Json[]) {
      return new Promise<T[]>((resolve, reject) => {
        // The adapter drops a request whose node count could not be read (Redis away) without calling back.
        const timer = setTimeout(() => reject(new Error(`the other nodes did not answer ${request} in time`)), NODE_REQUEST_TIMEOUT_MS + 500);
        io.serverSideEmitWithAck(request, ...args).then(
          (results: T[]) => { clearTimeout(timer); resolve(results); },
          (err: Error & { responses?: unknown[] }) => {
            clearTimeout(timer);
            reject(new Error(`${request}: ${err.responses?.length ?? 0} other node(s) answered in time (${err.message})`));
          },
        );
      });
    },
    answer(request, fn) {
      io.on(request, (...args: unknown[]) => {
        const ack = args.pop() as (result: unknown) => void;
        Promise.resolve().then(() => fn(...(args as Json[]))).then(
          (result) => ack(result ?? null),
          (err: unknown) => { log.error({ err, request }, 'answering another node failed'); ack(null); },
        );
      });
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
