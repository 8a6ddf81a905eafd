/**
 * One server per embedded database: the server listens on the Unix socket `DATA_DIR/server.lock` for as
 * long as it runs. The kernel closes the socket with the process (a killed server, even one nobody has
 * reaped yet, holds nothing), so a second server tells a live owner from a dead one by connecting: an
 * answer means a live server (refused), a refusal or no file means the owner is gone (the file is taken over).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

/** The longest socket path the kernel takes (sun_path less its NUL); a longer one Node silently truncates. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/** The folders this process holds (npm start claims its DATA_DIR, then the server it loads claims it again). */
const held = new Set<string>();

/** Claims DATA_DIR for this process; answers the line that says why it cannot, or undefined. */
export async function claimDataDir(dataDir: string): Promise<string | undefined> {
  const dir = path.resolve(dataDir);
  if (held.has(dir)) return undefined;
  const socket = socketPath(dir);
  const shown = path.join(dir, LOCK_FILE);
  if (!socket) {
    return `DATA_DIR ${dir} is too long a path for its lock socket (${shown} must fit in ${MAX_SOCKET_PATH} bytes): `
      + 'use a shorter path to the folder (a symlink will do), or start the server from a folder near it';
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const listened = await listen(socket);
    if (listened instanceof net.Server) {
      held.add(dir);
      const inode = fs.statSync(socket).ino;
      // close() would remove the file too, but nothing closes this server before the process exits.
      process.once('exit', () => { if (inodeOf(socket) === inode) fs.rmSync(socket, { force: true }); });
      return undefined;
    }
    if (listened !== 'EADDRINUSE') return `DATA_DIR ${dir}: cannot listen on ${shown} (${listened}): ${CHECK_ACCESS}`;
    let owner = await probe(socket);
    if (owner === 'gone') owner = await removeDead(socket);
    if (typeof owner === 'object') {
      return `DATA_DIR ${dir} is used by another server${owner.pid ? ` (pid ${owner.pid})` : ''}: stop it, or give this one its own DATA_DIR (e.g. DATA_DIR=./data2)`;
    }
    if (owner !== 'gone') return `DATA_DIR ${dir}: cannot tell whether another server uses it (${owner} on ${shown}): ${CHECK_ACCESS}`;
  }
  return `DATA_DIR ${dir}: another server keeps claiming ${shown}: stop it, or give this one its own DATA_DIR`;
}

const CHECK_ACCESS = 'give this user write access to the folder, or give this server its own DATA_DIR';

/** The socket's path as given to the kernel: absolute, or relative to the working folder when only that fits. */
function socketPath(dir: string): string | undefined {
  const absolute = path.join(dir, LOCK_FILE);
  const relative = path.relative(process.cwd(), absolute);
  return [absolute, relative].find((p) => Buffer.byteLength(p) <= MAX_SOCKET_PATH);
}

function inodeOf(file: string): number | undefined {
  try { return fs.statSync(file).ino; } catch { return undefined; }
}

/** The lock's server: a connection is told this process's id and closed. */
function listen(socket: string): Promise<net.Server | string> {
  return new Promise((resolve) => {
    const server = net.createServer((connection) => { connection.on('error', () => undefined).end(String(process.pid)); });
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    server.listen(socket, () => {
      server.unref();
      resolve(server);
    });
  });
}

/** A live owner (with its pid when it tells it within a second: a stopped process still accepts). */
type Owner = { pid?: number };

/** Who answers on the socket: a live owner, `gone` (refused, or no file), else the error's code. */
function probe(socket: string): Promise<Owner | 'gone' | string> {
  return new Promise((resolve) => {
    const connection = net.connect(socket);
    let connected = false;
    let told = '';
    const done = (owner: Owner | string) => { clearTimeout(timer); connection.destroy(); resolve(owner); };
    const owner = (): Owner => ({ pid: Number(told) || undefined });
    const timer = setTimeout(() => done(owner()), 1000);
    connection.setEncoding('utf8');
    connection.once('connect', () => { connected = true; });
    connection.on('data', (chunk: string) => { told += chunk; });
    connection.once('end', () => done(owner()));
    connection.once('error', (err: NodeJS.ErrnoException) => {
      if (connected) done(owner());
      else done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'gone' : err.code ?? err.message);
    });
  });
}

/**
 * Removes a dead server's socket. It is moved aside first, atomically, and asked again there: a server that
 * started in between may have taken the path, and then that is what was moved, so it is put back.
 */
async function removeDead(socket: string): Promise<Owner | 'gone' | string> {
  const aside = path.join(path.dirname(socket), `.dead-${crypto.randomBytes(2).toString('hex')}`);
  try {
    fs.renameSync(socket, aside);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'gone' : code ?? String(err);
  }
  const owner = await probe(aside);
  if (typeof owner === 'object') {
    try { fs.linkSync(aside, socket); } catch { /* a third server holds the path now: this one is refused either way */ }
  }
  fs.rmSync(aside, { force: true });
  return owner === 'gone' ? 'gone' : owner;
}
