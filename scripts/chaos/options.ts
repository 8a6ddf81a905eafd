/** Command-line options of `npm run chaos`. */
export interface ChaosOptions {
  kills: number;
  seed: number;
  /** Concurrent clients, each with its own account (the first is the seeded demo account). */
  clients: number;
  /** The server is killed after a random time of load in [minLoadMs, maxLoadMs]. */
  minLoadMs: number;
  maxLoadMs: number;
  /** Server processes on one PostgreSQL database and Redis, the clients spread over them; a kill hits one. */
  nodes: number;
}

export const USAGE = 'usage: npm run chaos -- [--kills N (10)] [--seed S (random)] [--clients N (4)] [--load-ms MIN-MAX (300-3000)] [--nodes N (1; more: PostgreSQL and Redis)]';

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
  const options: ChaosOptions = { kills: 10, seed: Math.floor(Math.random() * 2 ** 31), clients: 4, minLoadMs: 300, maxLoadMs: 3000, nodes: 1 };
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
      case '--help': case '-h': throw new UsageError(USAGE, 0);
      default: throw new UsageError(`unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  return options;
}
