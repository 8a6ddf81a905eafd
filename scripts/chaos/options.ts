/** Command-line options of `npm run chaos`. */
export interface ChaosOptions {
  kills: number;
  seed: number;
  /** Concurrent clients, each with its own account (the first is the seeded demo account). */
  clients: number;
  /** The server is killed after a random time of load in [minLoadMs, maxLoadMs]. */
  minLoadMs: number;
  maxLoadMs: number;
  /** PostgreSQL (DATABASE_URL, else DEFAULT_PG_URL) instead of the embedded database; its connections are also dropped. */
  pg: boolean;
  /** Server processes on one PostgreSQL database and Redis, the clients spread over them; a kill hits one. */
  nodes: number;
}

export const USAGE = 'usage: npm run chaos -- [--pg] [--nodes N (1)] [--kills N (10)] [--seed S (random)] [--clients N (4)] [--load-ms MIN-MAX (300-3000)]\n'
  + '  --pg: on a new PostgreSQL database (made on the server of DATABASE_URL, else postgres://root@127.0.0.1:5432/test, and dropped at the end),\n'
  + '        whose connections to the server are also ended at random moments\n'
  + '  --nodes N: N server processes on such a database and Redis (REDIS_URL, else redis://127.0.0.1:6379/1), a kill hitting one of them';

export class UsageError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

function positiveInt(name: string, value: string | undefined, max: number): number {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n < 1 || n > max) throw new UsageError(`${name} expects a whole number from 1 to ${max}, not ${value ?? 'nothing'}`);
  return n;
}

export function parseOptions(argv: readonly string[]): ChaosOptions {
  const options: ChaosOptions = { kills: 10, seed: Math.floor(Math.random() * 2 ** 31), clients: 4, minLoadMs: 300, maxLoadMs: 3000, pg: false, nodes: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--kills': options.kills = positiveInt(flag, value(), 1000); break;
      case '--seed': {
        const v = value();
        if (v === undefined || !/^\d+$/.test(v)) throw new UsageError(`--seed expects a whole number, not ${v ?? 'nothing'}`);
        options.seed = Number(v) % 2 ** 32;
        break;
      }
      case '--clients': options.clients = positiveInt(flag, value(), 16); break;
      case '--nodes': options.nodes = positiveInt(flag, value(), 4); break;
      case '--load-ms': {
        const v = value() ?? '';
        const m = /^(\d+)-(\d+)$/.exec(v);
        if (!m || Number(m[1]) > Number(m[2])) throw new UsageError(`--load-ms expects MIN-MAX in milliseconds, not ${v || 'nothing'}`);
        options.minLoadMs = Number(m[1]);
        options.maxLoadMs = Number(m[2]);
        break;
      }
      case '--pg': options.pg = true; break;
      case '--help': case '-h': throw new UsageError(USAGE, 0);
      default: throw new UsageError(`unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  return options;
}
