/** Server configuration, read from the environment. */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR/pglite is used. */
  databaseUrl?: string;
  /**
   * Redis (REDIS_URL): the nodes that share it form a cluster of sockets (realtime/cluster.ts) and count the
   * request limits together, exactly; without it this node is the only socket server and counters are kept
   * in the database.
   */
  redisUrl?: string;
  /** Put before every Redis key and pub/sub channel of this deployment (REDIS_PREFIX, default none). */
  redisPrefix: string;
  dataDir: string;
  distDir: string;
  logLevel: string;
  /** The folder holding screens/, schemas/ and i18n/ (CONFIG_DIR, default the repository). */
  configDir: string;
  /** Reload the configuration when a file changes (CONFIG_WATCH, on unless "0"). */
  watchConfig: boolean;
  /**
   * Whose X-Forwarded-For to believe, so that request.ip is the client's (TRUST_PROXY, Fastify's trustProxy):
   * unset none, `true` every hop, else a comma-separated list of addresses and CIDR ranges (checked at start,
   * preflight.ts).
   */
  trustProxy: boolean | string[];
  /** TEST_CLOCK=1: a clock moved by `npm run ops -- clock-advance <seconds>` (browser tests; testClock/). */
  testClock: boolean;
}

function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((entry) => entry.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(__dirname, '..', '..');
  const port = Number(env.PORT ?? 8080);
  return {
    // An invalid PORT stays invalid: preflight.ts refuses it by name rather than serving elsewhere.
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? '',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    distDir: path.resolve(env.DIST_DIR || path.join(root, 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    configDir: path.resolve(env.CONFIG_DIR || root),
    watchConfig: env.CONFIG_WATCH !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    testClock: env.TEST_CLOCK === '1',
  };
}
