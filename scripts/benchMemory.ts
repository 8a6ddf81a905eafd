/**
 * Memory of the server process, read from Linux's /proc: VmRSS (resident now) and VmHWM (the peak resident
 * size since the process started, or since the peak was reset through /proc/<pid>/clear_refs).
 * `npm start` runs npm, which runs a shell, which runs ts-node: the server is a descendant of the spawned
 * process. It is found as the descendant that owns the socket listening on the server's port.
 */
import fs from 'node:fs';

export interface MemoryStatus { rssKb: number; hwmKb: number }

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid ...`: the command may hold spaces and parentheses, so split after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Every process below `root` (children, their children...). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(pid);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) { out.push(child); queue.push(child); }
  }
  return out;
}

/** Inodes of the sockets listening on `port` (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try { text = fs.readFileSync(file, 'utf8'); } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(`:${hexPort}`) && f[3] === '0A') inodes.add(f[9]);
    }
  }
  return inodes;
}

function ownsSocket(pid: number, inodes: Set<string>): boolean {
  let fds: string[] = [];
  try { fds = fs.readdirSync(`/proc/${pid}/fd`); } catch { return false; }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m && inodes.has(m[1])) return true;
    } catch { /* closed meanwhile */ }
  }
  return false;
}

/** The process under `root` (or `root` itself) listening on `port`. */
export function serverProcess(root: number, port: number): number {
  const inodes = listeningInodes(port);
  const pid = [root, ...descendants(root)].find((p) => ownsSocket(p, inodes));
  if (pid === undefined) throw new Error(`no process under ${root} listens on port ${port}`);
  return pid;
}

export function memoryOf(pid: number): MemoryStatus {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

/** Resets the process's peak (VmHWM) to its current size; false when the kernel refuses. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The peak resident size of `pid` over a stretch of work: VmHWM after resetting it at the start, or, when the
 * kernel does not allow the reset, the largest VmRSS sampled every 100 ms.
 */
export function peakTracker(pid: number): { stop(): number } {
  const reset = resetPeak(pid);
  let sampled = memoryOf(pid).rssKb;
  const timer = setInterval(() => {
    try { sampled = Math.max(sampled, memoryOf(pid).rssKb); } catch { /* process ended */ }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      const now = memoryOf(pid);
      return Math.max(sampled, now.rssKb, reset ? now.hwmKb : 0);
    },
  };
}
