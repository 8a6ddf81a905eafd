/**
 * Startup: the time from `npm start` to the API answering with the build in place, on a new data folder
 * (creates the embedded database, migrates, seeds) and on the same folder again (an ordinary restart), and
 * the baseline: the bare Fastify server (benchBareFastify.ts) from spawn to its first answer, launched the
 * way `npm start` launches the app (npm, then node with scripts/typescript-hook.cjs) and waited for the same way (a request every 250 ms).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OUTPUT_DIR } from '../tests/e2e/support/paths';
import { startServer, stopServer } from '../tests/e2e/support/server';
import { freePort, median, ROOT, sleep } from './benchCommon';

export const STARTUP_TARGET_MS = 3000;
const RESTARTS = 3;

export interface Startup { firstMs: number; restartMs: number; restarts: number[]; bareMs: number; bares: number[] }

/** Milliseconds from spawning the bare Fastify server (`npm exec node -r ./scripts/typescript-hook.cjs ...`) to its first answer. */
async function bareFastifyStartMs(log: string): Promise<number> {
  const port = await freePort();
  const out = fs.openSync(log, 'a');
  const t0 = performance.now();
  const child = spawn('npm', ['exec', '--offline', '--', 'node', '-r', './scripts/typescript-hook.cjs', path.join('scripts', 'benchBareFastify.ts')], {
    cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', out, out], detached: true,
  });
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the bare Fastify server exited with ${child.exitCode}; see ${log}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return performance.now() - t0;
      } catch { /* not up yet */ }
      await sleep(250);
    }
    throw new Error(`the bare Fastify server did not answer within 60 s; see ${log}`);
  } finally {
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    fs.closeSync(out);
  }
}

export async function startupTimes(): Promise<Startup> {
  const log = path.join(OUTPUT_DIR, 'bench-server.log');
  await stopServer(await startServer(log)); // builds if the sources changed
  const timed = async (dataDir?: string) => {
    const t0 = performance.now();
    const server = await startServer(log, dataDir);
    const took = performance.now() - t0;
    await stopServer(server, { keepData: true });
    return { took, dataDir: server.dataDir };
  };
  const first = await timed();
  const restarts: number[] = [];
  const bares: number[] = [];
  try {
    // Interleaved, so that a noisy moment of the machine weighs on both.
    for (let i = 0; i < RESTARTS; i++) {
      restarts.push((await timed(first.dataDir)).took);
      bares.push(await bareFastifyStartMs(path.join(OUTPUT_DIR, 'bench-bare-fastify.log')));
    }
  } finally {
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
  return { firstMs: first.took, restartMs: median(restarts), restarts, bareMs: median(bares), bares };
}
