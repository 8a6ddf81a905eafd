import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths';

export interface RunningServer { pid: number; baseUrl: string; dataDir: string; child: ChildProcess }

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForServer(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms; see ${logFile}`);
}

/** Starts the app exactly as the README says (`npm start`), on a free port with a fresh data folder. */
export async function startServer(logFile: string, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-data-')), env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start builds the app, which takes a while on two cores.
  await waitForServer(`${baseUrl}/api/getSiteConfig`, child, logFile, 600_000);
  child.unref();
  return { pid: child.pid!, baseUrl, dataDir, child };
}

export async function stopServer(server: Pick<RunningServer, 'pid' | 'dataDir'>, opts: { keepData?: boolean } = {}): Promise<void> {
  try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
  await new Promise((r) => setTimeout(r, 500));
  try { process.kill(-server.pid, 'SIGKILL'); } catch { /* already gone */ }
  if (!opts.keepData) fs.rmSync(server.dataDir, { recursive: true, force: true });
}
