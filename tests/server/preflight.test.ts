/**
 * The checks made before the database is opened (src/server/preflight.ts): each problem is one line saying
 * what to do, found at once; and TRUST_PROXY, read by loadConfig and given to Fastify, makes request.ip the
 * client's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { LOCK_FILE, claimDataDir } from '../../src/server/dataDirLock';
import { freePort } from '../e2e/support/server';
import { dataDirProblem, listenProblem, portProblem, portValueProblem, startProblem, trustProxyProblem } from '../../src/server/preflight';

const ROOT = path.resolve(__dirname, '..', '..');

function listening(host: string): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen({ port: 0, host }, () => resolve(server));
  });
}

/** A GET without keep-alive (fetch's pooled connection would outlive the test). */
function get(server: net.AddressInfo, route: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: server.port, path: route, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => resolve(body));
    }).on('error', reject);
  });
}

const portOf = (server: net.Server): number => (server.address() as net.AddressInfo).port;
const closed = (server: net.Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

describe('the port', () => {
  it('names a port in use and what to do, in one line', async () => {
    const other = await listening('0.0.0.0');
    const port = portOf(other);
    try {
      const problem = await portProblem(port, '0.0.0.0');
      expect(problem).toBe(`port ${port} is in use: stop the other server or set PORT to a free port (e.g. PORT=${port + 1} npm start)`);
      expect(await portProblem(port, '127.0.0.1')).toMatch(new RegExp(`^port ${port} on 127\\.0\\.0\\.1 is in use: `));
    } finally {
      await closed(other);
    }
    expect(await portProblem(port, '0.0.0.0')).toBeUndefined();
  });

  it('gives the same line when the port is taken between the check and the listen', () => {
    const err = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:8080'), { code: 'EADDRINUSE' });
    expect(listenProblem(err, 8080, '0.0.0.0')).toBe('port 8080 is in use: stop the other server or set PORT to a free port (e.g. PORT=8081 npm start)');
  });

  it('names a HOST that is not an address of this machine', async () => {
    expect(await portProblem(18_000, '192.0.2.1')).toMatch(/^HOST 192\.0\.2\.1 is not an address of this machine: /);
  });

  it('does not check port 0 (any free port)', async () => {
    expect(await portProblem(0, '127.0.0.1')).toBeUndefined();
  });
});

describe('DATA_DIR', () => {
  let base: string;
  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-'));
    // Readable by the unprivileged user of the permission tests.
    fs.chmodSync(base, 0o755);
  });
  afterEach(() => {
    for (const dir of fs.readdirSync(base)) fs.chmodSync(path.join(base, dir), 0o755);
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('creates a missing folder, several levels deep, and leaves nothing else in it', () => {
    const dir = path.join(base, 'a', 'b', 'data');
    expect(dataDirProblem(dir)).toBeUndefined();
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(dataDirProblem(dir)).toBeUndefined();
  });

  it('refuses a file, or a path through a file', () => {
    const file = path.join(base, 'file');
    fs.writeFileSync(file, '');
    expect(dataDirProblem(file)).toBe(`DATA_DIR ${file}: ${file} is a file, not a folder: set DATA_DIR to a writable folder on disk (e.g. DATA_DIR=./data)`);
    expect(dataDirProblem(path.join(file, 'data'))).toBe(`DATA_DIR ${path.join(file, 'data')}: ${file} is a file, not a folder: set DATA_DIR to a writable folder on disk (e.g. DATA_DIR=./data)`);
  });

  (process.platform === 'linux' ? it : it.skip)('refuses /proc and /sys at once, creating nothing there (a recursive mkdir of /proc/x never returns)', () => {
    const started = Date.now();
    expect(dataDirProblem('/proc/x')).toBe('DATA_DIR /proc/x is on proc, a kernel filesystem that cannot hold files: set DATA_DIR to a writable folder on disk (e.g. DATA_DIR=./data)');
    expect(dataDirProblem('/proc/x/y')).toMatch(/^DATA_DIR \/proc\/x\/y is on proc, /);
    expect(dataDirProblem('/sys/x')).toMatch(/^DATA_DIR \/sys\/x is on sysfs, /);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fs.existsSync('/proc/x')).toBe(false);
    expect(fs.existsSync('/sys/x')).toBe(false);
  });

  /** Root may write anywhere, so the permission checks run in a child process as `nobody` when the tests run as root. */
  function dataDirProblemUnprivileged(dir: string): string {
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const preflight = path.join(ROOT, 'src', 'server', 'preflight.ts');
    const code = `process.stdout.write(require(${JSON.stringify(preflight)}).dataDirProblem(${JSON.stringify(dir)}) ?? 'no problem')`;
    const child = spawnSync(process.execPath, ['-r', 'ts-node/register', '-e', code], { cwd: ROOT, encoding: 'utf8', ...user });
    expect(child.stderr).toBe('');
    return child.stdout;
  }

  (process.platform === 'win32' ? it.skip : it)('refuses a folder this user cannot write, or cannot create', () => {
    const readOnly = path.join(base, 'read-only');
    fs.mkdirSync(readOnly, { mode: 0o555 });
    fs.chmodSync(readOnly, 0o555);
    expect(dataDirProblemUnprivileged(readOnly)).toBe(`DATA_DIR ${readOnly} is not writable by this user (EACCES): give this user write access to it, or set DATA_DIR to a writable folder on disk (e.g. DATA_DIR=./data)`);
    const inside = path.join(readOnly, 'data');
    expect(dataDirProblemUnprivileged(inside)).toBe(`DATA_DIR ${inside} cannot be created (EACCES on ${inside}): create it with write access for this user, or set DATA_DIR to a writable folder on disk (e.g. DATA_DIR=./data)`);
    expect(fs.existsSync(inside)).toBe(false);
  });

  it('is checked after the port, so a second server creates nothing in its DATA_DIR', async () => {
    const other = await listening('0.0.0.0');
    const dataDir = path.join(base, 'second');
    try {
      expect(await startProblem({ port: portOf(other), host: '0.0.0.0', dataDir, trustProxy: false })).toMatch(/ is in use: /);
    } finally {
      await closed(other);
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('the embedded database', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-owner-')); });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dataDir, LOCK_FILE);

  /**
   * A process that claims `dir` as the server does, prints `held <pid>` and stays. Through `sh`, it is
   * started in the background by a shell that then becomes `sleep`, which never reaps it: killed, it stays
   * a zombie (its pid still answers `kill -0`, as a live process's does).
   */
  async function holder(dir: string, options: { unreaped?: boolean; cwd?: string } = {}): Promise<number> {
    const code = `require(${JSON.stringify(path.join(ROOT, 'src/server/dataDirLock.ts'))}).claimDataDir(${JSON.stringify(dir)})`
      + '.then((problem) => { if (problem) { console.log(problem); process.exit(1); } console.log(`held ${process.pid}`); setInterval(() => {}, 1000); })';
    const node = [process.execPath, '-r', path.join(ROOT, 'scripts/typescript-hook.cjs'), '-e', code];
    const child = options.unreaped
      ? spawn('sh', ['-c', '"$@" & exec sleep 120', 'sh', ...node], { cwd: options.cwd ?? ROOT })
      : spawn(node[0], node.slice(1), { cwd: options.cwd ?? ROOT });
    children.push(child);
    const line = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', resolve));
    const held = /^held (\d+)$/.exec(line);
    if (!held) throw new Error(`the holder did not claim ${dir}: ${line}`);
    return Number(held[1]);
  }

  const processState = (pid: number) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];

  it('is claimed by one server: a second one on the same DATA_DIR is refused in one line', async () => {
    const pid = await holder(dataDir);
    expect(fs.statSync(lockFile()).isSocket()).toBe(true);
    expect(await claimDataDir(dataDir)).toBe(`DATA_DIR ${dataDir} is used by another server (pid ${pid}): stop it, or give this one its own DATA_DIR (e.g. DATA_DIR=./data2)`);
    expect(fs.statSync(lockFile()).isSocket()).toBe(true); // still the owner's
  });

  (process.platform === 'linux' ? it : it.skip)('is released by the kernel with its process: a server killed and not yet reaped holds nothing, and the next one starts', async () => {
    const pid = await holder(dataDir, { unreaped: true });
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && processState(pid) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(processState(pid)).toBe('Z');
    expect(() => process.kill(pid, 0)).not.toThrow(); // what the pid file took for a live server
    expect(fs.statSync(lockFile()).isSocket()).toBe(true); // left behind by the killed server

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: '1', CONFIG_WATCH: '0', DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    const server = spawn(process.execPath, ['-r', './scripts/typescript-hook.cjs', 'scripts/start.ts'], { cwd: ROOT, env });
    children.push(server);
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    readline.createInterface({ input: server.stderr! }).on('line', (line) => lines.push(line));
    const listening = await new Promise<boolean>((resolve) => {
      readline.createInterface({ input: server.stdout! }).on('line', (line) => { lines.push(line); if (line.includes('"listening on ')) resolve(true); });
      void exited.then(() => resolve(false));
    });
    expect({ listening, lines: listening ? [] : lines }).toEqual({ listening: true, lines: [] });
    expect(await claimDataDir(dataDir)).toMatch(new RegExp(`^DATA_DIR ${dataDir} is used by another server \\(pid ${server.pid}\\): `));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false); // removed at a clean exit
  }, 120_000);

  it('is taken over when its file was left behind, and claimed again by the same process (npm start, then the server it loads)', async () => {
    const pid = await holder(dataDir);
    process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => children[0].once('exit', resolve));
    expect(fs.statSync(lockFile()).isSocket()).toBe(true);
    expect(await claimDataDir(dataDir)).toBeUndefined();
    expect(await claimDataDir(dataDir)).toBeUndefined();
  });

  it('is refused in one line when DATA_DIR is too long a path for a socket, unless the path from the working folder is short', async () => {
    const long = path.join(dataDir, 'a-folder-name-long-enough-to-pass-the-limit-of-a-unix-socket-path', 'data');
    fs.mkdirSync(long, { recursive: true });
    expect(Buffer.byteLength(path.join(long, LOCK_FILE))).toBeGreaterThan(107);
    expect(await claimDataDir(long)).toBe(`DATA_DIR ${long} is too long a path for its lock socket (${path.join(long, LOCK_FILE)} must fit in 107 bytes): `
      + 'use a shorter path to the folder (a symlink will do), or start the server from a folder near it');
    await holder(long, { cwd: path.dirname(long) });
    expect(fs.statSync(path.join(long, LOCK_FILE)).isSocket()).toBe(true);
  });

  it('is not claimed when the database is PostgreSQL (nodes may share DATA_DIR for uploads)', async () => {
    expect(await startProblem({ port: 0, host: '127.0.0.1', dataDir, trustProxy: false, databaseUrl: 'postgres://x' })).toBeUndefined();
    expect(fs.existsSync(lockFile())).toBe(false);
  });
});

describe('PORT', () => {
  it('refuses what is not a port, instead of serving on another one', () => {
    expect(portValueProblem(8080)).toBeUndefined();
    expect(portValueProblem(0)).toBeUndefined();
    for (const bad of [NaN, 80800, -1, 1.5]) expect(portValueProblem(bad)).toMatch(/is not a port: set PORT to a whole number from 0 to 65535/);
    expect(loadConfig({ PORT: 'abc' }).port).toBeNaN();
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is read as Fastify takes it: none, every hop, or addresses and ranges', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy(' 10.0.0.0/8, ::1 ,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
  });

  it('accepts what Fastify accepts, and refuses in one line what it would throw on', () => {
    const accepted = ['127.0.0.1', '::1', 'fe80::/10', '10.0.0.0/8', '192.168.0.0/255.255.0.0', '::ffff:10.0.0.1', 'loopback', 'linklocal', 'uniquelocal'];
    for (const entry of accepted) {
      expect(trustProxyProblem([entry])).toBeUndefined();
      expect(() => Fastify({ trustProxy: [entry] })).not.toThrow();
    }
    for (const entry of ['proxy.local', '10.0.0.0/33', '10.0.0.0/0', '10.0.0.0/255.0.255.0', '1.2.3.4/x']) {
      expect(trustProxyProblem(['127.0.0.1', entry])).toBe(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or loopback/linklocal/uniquelocal: correct it (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8)`);
      expect(() => Fastify({ trustProxy: [entry] })).toThrow();
    }
    expect(trustProxyProblem(true)).toBeUndefined();
    expect(trustProxyProblem(false)).toBeUndefined();
  });

  it('refuses a number of proxies, which Fastify would ignore', () => {
    expect(trustProxyProblem(trustProxy('2'))).toBe("TRUST_PROXY=2: a number of proxies is not supported (Fastify ignores hop counts): set TRUST_PROXY to the proxies' addresses or ranges (e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8)");
  });

  it('makes request.ip the forwarded client when the proxy is trusted, else the connecting address', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-app-'));
    // A request from 127.0.0.1 saying it forwards 203.0.113.7: the proxy's, when 127.0.0.1 is trusted.
    const ipSeen = async (trusted: string | undefined): Promise<string> => {
      const previous = process.env.TRUST_PROXY;
      if (trusted === undefined) delete process.env.TRUST_PROXY; else process.env.TRUST_PROXY = trusted;
      const app = await buildApp({
        memory: true, databaseUrl: undefined, pgliteTemplateDir: path.join(os.tmpdir(), 'trading-app-test-db'),
        dataDir, distDir: path.join(dataDir, 'dist'), logger: pino({ level: 'silent' }), watchConfig: false,
      }).finally(() => { if (previous === undefined) delete process.env.TRUST_PROXY; else process.env.TRUST_PROXY = previous; });
      try {
        app.get('/test/ip', async (req) => ({ ip: req.ip }));
        await app.listen({ port: 0, host: '127.0.0.1' });
        return (JSON.parse(await get(app.server.address() as net.AddressInfo, '/test/ip', { 'x-forwarded-for': '203.0.113.7' })) as { ip: string }).ip;
      } finally {
        // A PGlite database closed before its first query leaves a timer running, and jest would not exit.
        await sql`select 1`.execute(app.services.db);
        await app.close();
      }
    };
    try {
      expect(await ipSeen('127.0.0.1')).toBe('203.0.113.7');
      expect(await ipSeen('10.0.0.0/8')).toBe('127.0.0.1');
      expect(await ipSeen(undefined)).toBe('127.0.0.1');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
