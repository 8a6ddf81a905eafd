/**
 * Checks made before the database is opened, so that a start which cannot succeed ends with one line saying
 * what to do instead of a stack trace, and touches no database. Each check returns that line, or undefined.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ServerConfig } from './config';
import { claimDataDir } from './dataDirLock';

/** The first reason this configuration cannot start, or undefined. */
export async function startProblem(config: Pick<ServerConfig, 'port' | 'host' | 'dataDir' | 'trustProxy' | 'databaseUrl'>): Promise<string | undefined> {
  return trustProxyProblem(config.trustProxy)
    ?? portValueProblem(config.port)
    ?? await portProblem(config.port, config.host)
    ?? dataDirProblem(config.dataDir)
    // The embedded database belongs to one server: a second one on the same DATA_DIR would corrupt it (PGlite aborts).
    ?? (config.databaseUrl ? undefined : await claimDataDir(config.dataDir));
}

export function portValueProblem(port: number): string | undefined {
  return Number.isInteger(port) && port >= 0 && port < 65536
    ? undefined
    : `PORT=${process.env.PORT ?? port} is not a port: set PORT to a whole number from 0 to 65535 (e.g. PORT=8080)`;
}

export function exitWithProblem(line: string): never {
  console.error(line);
  process.exit(1);
}

/** What to do about a failed listen (the check's or the server's own, if the port was taken in between). */
export function listenProblem(err: unknown, port: number, host: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  const where = host === '0.0.0.0' || host === '::' ? `port ${port}` : `port ${port} on ${host}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where} is in use: stop the other server or set PORT to a free port (e.g. PORT=${port + 1} npm start)`;
    case 'EACCES':
      return `${where} needs privileges this user lacks: set PORT to 1024 or above (e.g. PORT=8080 npm start)`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or leave it unset to listen on all`;
    default:
      return `cannot listen on ${where} (${code ?? String(err)}): check PORT and HOST`;
  }
}

/** Listens on the port and closes at once: the server's own listen would fail the same way. Port 0 is any free port. */
export function portProblem(port: number, host: string): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err) => resolve(listenProblem(err, port, host)));
    probe.listen({ port, host }, () => probe.close(() => resolve(undefined)));
  });
}

/**
 * Kernel filesystems (statfs f_type) that look like folders but cannot hold the data; on them Node's
 * recursive mkdir can even loop for ever (mkdir /proc/x answers ENOENT, so it retries the parent), and on
 * cgroup a mkdir as root would create a control group.
 */
const KERNEL_FILESYSTEMS = new Map<number, string>([
  [0x9fa0, 'proc'], [0x62656572, 'sysfs'], [0x27e0eb, 'cgroup'], [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'], [0x74726163, 'tracefs'], [0x73636673, 'securityfs'], [0x1cd1, 'devpts'],
]);

/**
 * DATA_DIR must be a writable folder on a real filesystem. A missing one is created here one level at a time
 * from its nearest existing ancestor (never with a recursive mkdir), so every step fails at once or succeeds.
 */
export function dataDirProblem(dataDir: string): string | undefined {
  const dir = path.resolve(dataDir);
  const useAnother = 'set DATA_DIR to a writable folder on disk (e.g. DATA_DIR=./data)';
  const missing: string[] = [];
  let existing = dir;
  for (;;) {
    try {
      if (!fs.statSync(existing).isDirectory()) return `DATA_DIR ${dir}: ${existing} is a file, not a folder: ${useAnother}`;
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return `DATA_DIR ${dir}: cannot look at ${existing} (${code}): give this user access to it, or ${useAnother}`;
      missing.unshift(existing);
      existing = path.dirname(existing);
    }
  }
  const kernelFilesystem = process.platform === 'linux' ? KERNEL_FILESYSTEMS.get(fs.statfsSync(existing).type) : undefined;
  if (kernelFilesystem) return `DATA_DIR ${dir} is on ${kernelFilesystem}, a kernel filesystem that cannot hold files: ${useAnother}`;
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder);
    } catch (err) {
      return `DATA_DIR ${dir} cannot be created (${(err as NodeJS.ErrnoException).code} on ${folder}): create it with write access for this user, or ${useAnother}`;
    }
  }
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.closeSync(fs.openSync(probe, 'wx'));
    fs.unlinkSync(probe);
  } catch (err) {
    return `DATA_DIR ${dir} is not writable by this user (${(err as NodeJS.ErrnoException).code}): give this user write access to it, or ${useAnother}`;
  }
  return undefined;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (address/bits, or address/netmask for IPv4) or a named range: what Fastify accepts, in the usual notations. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = net.isIP(address);
  if (!version) return false;
  if (slash === -1) return true;
  const range = entry.slice(slash + 1);
  if (/^\d+$/.test(range)) return Number(range) > 0 && Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && net.isIPv4(range) && isContiguousNetmask(range);
}

/** 255.255.255.0 yes; 0.0.0.0 and 255.0.255.0 no. */
function isContiguousNetmask(netmask: string): boolean {
  const mask = netmask.split('.').reduce((bits, octet) => bits * 256 + Number(octet), 0);
  const hostBits = ~mask >>> 0;
  return mask !== 0 && (hostBits & (hostBits + 1)) === 0;
}

/**
 * A number of proxies (hops), which Express and older Fastify read, is refused by name: Fastify 5.12 ignores
 * it, as it cannot tell a proxy from a client that reaches the server directly with its own X-Forwarded-For.
 */
export function trustProxyProblem(trustProxy: ServerConfig['trustProxy']): string | undefined {
  const wrong = Array.isArray(trustProxy) ? trustProxy.find((entry) => !isProxyAddress(entry)) : undefined;
  if (wrong === undefined) return undefined;
  if (/^\d+$/.test(wrong)) {
    return `TRUST_PROXY=${wrong}: a number of proxies is not supported (Fastify ignores hop counts): set TRUST_PROXY to the proxies' addresses or ranges (e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8)`;
  }
  return `TRUST_PROXY: "${wrong}" is not an address, a CIDR range or loopback/linklocal/uniquelocal: correct it (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8)`;
}
