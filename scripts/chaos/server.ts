/**
 * The real server as a child process, started the way `npm start` starts it: scripts/start.ts (with
 * SKIP_BUILD=1, so NODE_ENV=production and src/server/main.ts) run directly by node with the same require
 * hook (scripts/typescript-hook.cjs). Not through `npm start` itself: npm and its shell would be the child,
 * and a SIGKILL must reach the process holding the database, not its parent. The child leads its own process group, which is what is
 * killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { OPS_FILE } from '../../src/server/ops/http';

const ROOT = path.resolve(__dirname, '..', '..');
const READY_TIMEOUT_MS = 120_000;
const TAIL_LINES = 40;

export interface ServerSettings {
  dataDir: string;
  distDir: string;
  configDir: string;
  port: number;
  demoPassword: string;
  marketSeed: number;
  /** PostgreSQL (DATABASE_URL) instead of the embedded database of DATA_DIR. */
  databaseUrl?: string;
  /** Redis shared with the other nodes (`--nodes`): REDIS_URL and the run's REDIS_PREFIX. */
  redis?: { url: string; prefix: string };
}

export class ServerFailure extends Error {}

export class ServerProcess {
  readonly url: string;
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private starts = 0;
  private readonly tail: string[] = [];
  /** Verification codes by address, from the `mail sent` log lines (the default mail adapter logs them). */
  private readonly codes = new Map<string, string[]>();

  constructor(private readonly settings: ServerSettings) {
    this.url = `http://127.0.0.1:${settings.port}`;
  }

  get dataDir(): string {
    return this.settings.dataDir;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and resolves once it answers; returns the milliseconds that took. */
  async start(): Promise<number> {
    if (this.child) throw new Error('the server is already running');
    const began = Date.now();
    const label = `start ${++this.starts}`;
    fs.rmSync(path.join(this.settings.dataDir, OPS_FILE), { force: true });
    // The run's database (and Redis), whatever the calling shell points at.
    const env = { ...process.env };
    delete env.DATABASE_URL;
    if (this.settings.databaseUrl) env.DATABASE_URL = this.settings.databaseUrl;
    const child = spawn(process.execPath, ['--max-semi-space-size=4', '-r', './scripts/typescript-hook.cjs', 'scripts/start.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        NODE_ENV: 'production',
        MALLOC_TRIM_THRESHOLD_: '1048576', // as npm start (package.json)
        SKIP_BUILD: '1',
        HOST: '127.0.0.1',
        // The clients' addresses come as X-Forwarded-For (api.ts).
        TRUST_PROXY: '127.0.0.1',
        PORT: String(this.settings.port),
        DATA_DIR: this.settings.dataDir,
        DIST_DIR: this.settings.distDir,
        CONFIG_DIR: this.settings.configDir,
        CONFIG_WATCH: '0',
        DEMO_PASSWORD: this.settings.demoPassword,
        MARKET_SEED: String(this.settings.marketSeed),
        LOG_LEVEL: 'info',
        ...(this.settings.redis ? { REDIS_URL: this.settings.redis.url, REDIS_PREFIX: this.settings.redis.prefix } : {}),
      },
    });
    this.child = child;
    this.remember(`--- ${label} (pid ${child.pid}) ---`);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => {
      this.remember(`--- ${label} ended: ${signal ?? `exit code ${code}`} ---`);
      if (this.child === child) this.child = undefined;
      resolve();
    }));
    for (const stream of [child.stdout!, child.stderr!]) readline.createInterface({ input: stream }).on('line', (line) => this.read(line));
    await this.waitUntilReady(child);
    return Date.now() - began;
  }

  /** SIGKILL, as a crash or a power cut would stop it; resolves once the process is gone. */
  async kill(): Promise<void> {
    if (!this.child) throw new ServerFailure('the server had stopped by itself before it was to be killed');
    this.killNow();
    await this.exited;
  }

  /** A normal stop (SIGTERM, the server closes cleanly), forced after a few seconds. */
  async stop(): Promise<void> {
    if (!this.child) return;
    this.signal('SIGTERM');
    const forced = setTimeout(() => this.killNow(), 10_000);
    await this.exited;
    clearTimeout(forced);
  }

  /** Synchronous, for cleanups on exit. */
  killNow(): void {
    if (this.child) this.signal('SIGKILL');
  }

  /** The first code sent to `address` after `sentBefore` codes had been sent to it. */
  async code(address: string, sentBefore: number): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const sent = this.codes.get(address) ?? [];
      if (sent.length > sentBefore) return sent[sentBefore];
      if (Date.now() > deadline) throw new ServerFailure(`no verification code was logged for ${address}`);
      await sleep(20);
    }
  }

  codesSent(address: string): number {
    return this.codes.get(address)?.length ?? 0;
  }

  logTail(): string[] {
    return [...this.tail];
  }

  private signal(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.child!.pid!, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
    }
  }

  private read(line: string): void {
    // The request log would push everything else out of the tail.
    if (!/"msg":"(incoming request|request completed)"/.test(line)) this.remember(line);
    if (!line.includes('"mail sent"')) return;
    try {
      const entry = JSON.parse(line) as { msg?: string; to?: string; code?: string };
      if (entry.msg === 'mail sent' && entry.to && entry.code) {
        this.codes.set(entry.to, [...(this.codes.get(entry.to) ?? []), entry.code]);
      }
    } catch {
      // Not a log line of pino's: kept in the tail only.
    }
  }

  private remember(line: string): void {
    this.tail.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
  }

  /** Ready when main.ts has written ops.json (after listen) and the API answers. */
  private async waitUntilReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const opsFile = path.join(this.settings.dataDir, OPS_FILE);
    for (;;) {
      if (this.child !== child) throw new ServerFailure('the server exited while starting');
      if (Date.now() > deadline) {
        this.killNow();
        throw new ServerFailure(`the server did not answer within ${READY_TIMEOUT_MS / 1000} s`);
      }
      if (fs.existsSync(opsFile) && await this.answers()) return;
      await sleep(50);
    }
  }

  /** Whether it answers GET /health with 200 (its database answers). */
  async healthy(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  }

  private async answers(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/api/wallet/coins`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now; the server keeps it across restarts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
