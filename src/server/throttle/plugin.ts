/**
 * The per-client limit on every API request ('requestsPerClient'), through @fastify/rate-limit with the shared
 * counters as its store. With Redis every request is one atomic INCRBY there, so the limit is exact however
 * many nodes a client spreads its requests over. In the database a statement per request would cost more
 * than the request, so there it is counted in memory between syncs (localCounts.ts): exact on one node.
 * Other rules are counted by the handlers (`services.throttle`).
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Throttled, type Throttle } from './index';
import { localCounts } from './localCounts';

/** The client's address as the limits count it: IPv4, or the IPv6 /64 a household or phone gets. */
export function clientAddress(req: FastifyRequest): string {
  return normalizeIP(req.ip);
}

type Done = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Limits the requests under `prefix` (the API) and to the API's paths outside it (`/upload`), per client address. */
export async function registerRequestLimit(app: FastifyInstance, prefix: string, outside: readonly string[], throttle: Throttle, now: () => Date): Promise<void> {
  const { max, windowMs } = throttle.limits['requestsPerClient'];
  const { counters } = throttle;
  let hit = (key: string) => counters.hit(key, windowMs);
  if (counters.kind === 'database') {
    const local = localCounts(counters, windowMs, now);
    app.addHook('onClose', () => local.stop());
    hit = local.hit;
  }
  class SharedStore {
    incr(key: string, done: Done): void {
      hit(`requestsPerClient:${key}`).then(
        ({ count, resetAt }) => done(null, { current: count, ttl: Math.max(0, resetAt.getTime() - now().getTime()) }),
        (err: Error) => done(err),
      );
    }
    child(): SharedStore { return this; }
  }
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: windowMs,
    store: SharedStore,
    allowList: (req) => !req.url.startsWith(`${prefix}/`) && !outside.includes(req.url.split('?')[0]),
    errorResponseBuilder: (_req, context) => new Throttled(Math.ceil(context.ttl / 1000)),
  });
}
