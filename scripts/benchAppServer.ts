/**
 * The app as users start it (`npm start`, tests/e2e/support/server.ts), on PGlite (the default) or on
 * PostgreSQL (DATABASE_URL: a fresh database of its own, created and dropped here, since a server migrates
 * and seeds the database it is given). Around the throttled page loads it reads the server process's memory:
 * the peak while starting (VmHWM when it first answers), the resident size when idle (10 s after it answers)
 * and the peak during the page loads; then, stopped and started again on the same data (a restart, what a
 * server does every day after its first start), the resident size when idle.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { OUTPUT_DIR } from '../tests/e2e/support/paths';
import { startServer, stopServer, type RunningServer } from '../tests/e2e/support/server';
import { heading, mb, sleep, table, verdict } from './benchCommon';
import { memoryOf, peakTracker, serverProcess } from './benchMemory';
import { pageLoadsWithBaseline, printPageLoads } from './benchPages';
import { freshDatabase, postgresProblem } from './benchPostgres';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';
export const IDLE_TARGET_MB: Record<DatabaseKind, number> = { PGlite: 300, PostgreSQL: 150 };
const IDLE_AFTER_MS = 10_000;

export interface MemoryRow { kind: DatabaseKind; startPeakKb?: number; idleKb?: number; loadsPeakKb?: number; restartIdleKb?: number; problem?: string }

/**
 * Starts the app on `kind`, measures its memory around the page loads (printing their table), runs `more`
 * against it, stops it. A PostgreSQL that does not answer gives a row with the reason instead.
 */
export async function onAppServer(
  kind: DatabaseKind, browser: Browser, baselineUrl: string, more?: (server: RunningServer) => Promise<void>,
): Promise<MemoryRow> {
  if (kind === 'PostgreSQL') {
    const problem = await postgresProblem();
    if (problem) return { kind, problem };
  }
  const database = kind === 'PostgreSQL' ? await freshDatabase() : undefined;
  const log = path.join(OUTPUT_DIR, `bench-server-${kind.toLowerCase()}.log`);
  let server: RunningServer | undefined;
  try {
    server = await startServer(log, undefined, database ? { DATABASE_URL: database.url } : {});
    const pid = serverProcess(server.pid, Number(new URL(server.baseUrl).port));
    const startPeakKb = memoryOf(pid).hwmKb;
    await sleep(IDLE_AFTER_MS);
    const idleKb = memoryOf(pid).rssKb;
    const peak = peakTracker(pid);
    const pages = await pageLoadsWithBaseline(browser, server.baseUrl, baselineUrl);
    const loadsPeakKb = peak.stop();
    printPageLoads(`${kind} (npm start${database ? `, database ${database.name}` : ''})`, pages);
    if (more) await more(server);
    await stopGracefully(server, pid);
    server = await startServer(log, server.dataDir, database ? { DATABASE_URL: database.url } : {});
    await sleep(IDLE_AFTER_MS);
    const restartIdleKb = memoryOf(serverProcess(server.pid, Number(new URL(server.baseUrl).port))).rssKb;
    return { kind, startPeakKb, idleKb, loadsPeakKb, restartIdleKb };
  } finally {
    if (server) await stopServer(server);
    await database?.drop();
  }
}

/**
 * SIGTERM, and the server's own shutdown (the database closed cleanly) until its process is gone, before
 * anything else opens its data.
 */
async function stopGracefully(server: RunningServer, serverPid: number): Promise<void> {
  process.kill(-server.pid, 'SIGTERM');
  for (let waited = 0; fs.existsSync(`/proc/${serverPid}`) && waited < 20_000; waited += 100) await sleep(100);
  await stopServer(server, { keepData: true });
}

export function printMemory(rows: MemoryRow[]): void {
  heading('Memory of the server process (npm start)',
    'Resident size (VmRSS, VmHWM from /proc/<pid>/status) of the node process listening on the port: its peak while',
    `starting (until it answers), when idle ${IDLE_AFTER_MS / 1000} s after it answers, and its peak during the page loads above;`,
    'the first start creates and seeds the database. "restart idle": started again on the same data, idle as above.',
    'Sizes, not speeds: no baseline needed.');
  const under = (kb: number, kind: DatabaseKind) => verdict(kb / 1024 < IDLE_TARGET_MB[kind]);
  table(['database', 'start peak MB', 'idle MB', 'page loads peak MB', 'restart idle MB', 'target'], rows.map((r) => (r.problem
    ? [r.kind, '-', '-', '-', '-', `not measured: ${r.problem}`]
    : [r.kind, mb(r.startPeakKb!), mb(r.idleKb!), mb(r.loadsPeakKb!), mb(r.restartIdleKb!),
      `idle < ${IDLE_TARGET_MB[r.kind]} MB: first start ${under(r.idleKb!, r.kind)}, restart ${under(r.restartIdleKb!, r.kind)}`])), { note: true });
}
