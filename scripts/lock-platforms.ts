/**
 * Completes package-lock.json for the platform binaries our registry mirror does not carry.
 *
 * Packages such as @swc/core list one optional dependency per platform. The mirror we install from
 * only serves the Linux ones, so `npm install` leaves the others out of the lock file and `npm ci`
 * then refuses the lock as out of sync. This adds an entry for each missing platform package with the
 * os and cpu its name states; npm skips such entries on any other platform without fetching them.
 *
 * Run after every `npm install` that changes the lock file: `npm run lock:platforms`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface LockEntry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

/** Reads "darwin-arm64" or "linux-arm-gnueabihf" out of a platform package name. */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const parts = name.split('/').pop()!.split('-');
  for (let i = 0; i < parts.length - 1; i++) {
    if (OS.includes(parts[i]) && CPU.includes(parts[i + 1])) {
      const rest = parts.slice(i + 2).join('-');
      const libc = rest.startsWith('musl') ? ['musl'] : rest.startsWith('gnu') ? ['glibc'] : undefined;
      return { os: [parts[i]], cpu: [parts[i + 1]], ...(libc ? { libc } : {}) };
    }
  }
  return null;
}

export function completeLock(lock: { packages: Record<string, LockEntry> }): string[] {
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${dep}`;
      const nested = `${path}/node_modules/${dep}`;
      if (lock.packages[key] || lock.packages[nested]) continue;
      const platform = platformOf(dep);
      if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
      lock.packages[key] = { version: range, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
      added.push(`${dep}@${range}`);
    }
  }
  return added;
}

if (require.main === module) {
  const file = resolve(__dirname, '..', 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = completeLock(lock);
  writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
  console.log(added.length ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'lock file complete');
}
