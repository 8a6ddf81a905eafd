/**
 * `GET /health` at the site root: what this node depends on, each up or down, for a load balancer or an
 * operator. It is not a call of the platform's API (not in the contract catalogue, not an envelope, not rate
 * limited): HTTP 503 while the database does not answer (the node can serve nothing that needs it), else
 * 200, with `status` "degraded" while something it can do without is down (database notices: reads skip the
 * memory caches; Redis: rate limits are counted in the database; a pass of the jobs failing).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type Redis from 'ioredis';
import type { DB } from './db';
import type { Scheduler } from './jobs/scheduler';
import type { TableChanges } from './tableCache';

/** How long a check may take before its peer counts as down. */
const CHECK_TIMEOUT_MS = 2000;

type UpDown = 'up' | 'down';

export interface HealthReport {
  status: 'up' | 'degraded' | 'down';
  database: UpDown;
  /** The database's change notices (LISTEN), which keep the memory caches true. */
  notices: UpDown;
  /** Only with REDIS_URL. */
  redis?: UpDown;
  /** Whether this node ticks the jobs, whether its last pass led them (one leader among the nodes), when it ended. */
  jobs: { running: boolean; leader: boolean; lastPassAt: string | null; failing: boolean };
}

async function answers(check: () => Promise<unknown>): Promise<UpDown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS); });
  try {
    await Promise.race([check(), late]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, deps: { db: Kysely<DB>; changes: TableChanges; jobs: Scheduler; redis?: Redis }): void {
  app.get('/health', { logLevel: 'warn' }, async (_req, reply) => {
    const [database, redis] = await Promise.all([
      answers(() => sql`select 1`.execute(deps.db)),
      deps.redis ? answers(() => deps.redis!.ping()) : undefined,
    ]);
    const jobs = deps.jobs.status;
    const notices: UpDown = deps.changes.live ? 'up' : 'down';
    const degraded = notices === 'down' || redis === 'down' || jobs.failing;
    const report: HealthReport = {
      status: database === 'down' ? 'down' : degraded ? 'degraded' : 'up',
      database,
      notices,
      ...(redis ? { redis } : {}),
      jobs: { running: jobs.running, leader: jobs.leader, lastPassAt: jobs.lastPassAt?.toISOString() ?? null, failing: jobs.failing },
    };
    return reply.code(database === 'up' ? 200 : 503).header('cache-control', 'no-store').send(report);
  });
}
