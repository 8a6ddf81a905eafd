/**
 * `npm run bench`: performance figures, printed as tables, each with a short header saying what it measures.
 * The machine may be shared and noisy, so every speed is printed beside a baseline measured in the same run,
 * and as a ratio to it. In order:
 * 1. startup: `npm start` until the API answers, beside a bare Fastify server spawned the same way (benchStartup.ts);
 * 2. on PGlite (`npm start`): throttled page loads beside a static page (benchPages.ts), the server's memory
 *    (benchAppServer.ts, benchMemory.ts), the JavaScript and CSS sizes (benchBundle.ts) and the live market
 *    lists beside a plain DOM page (benchLiveList.ts);
 * 3. on PostgreSQL (`npm start` with DATABASE_URL, a fresh database): page loads and memory again;
 * 4. configuration at run time (benchConfig.ts);
 * 5. the API under load beside a bare Fastify server, on PGlite and PostgreSQL (benchApi.ts, in a process of its
 *    own with NODE_ENV=production, as `npm start` runs the server);
 * 6. the socket fan-out to 5,000 clients on one node and over two (PostgreSQL and Redis) beside a bare socket.io
 *    server, and a private event across nodes beside the same node (benchFanout.ts).
 * A missed target prints MISSED and the bench still exits 0; it exits 1 when a measurement fails.
 * `npm run bench -- pages` (or `live`, or both) runs only that part, on one PGlite server (`npm start`), beside
 * its baseline: for a shared, loaded machine, or while working on first paint or the live list.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch } from '../tests/e2e/support/browser';
import { OUTPUT_DIR } from '../tests/e2e/support/paths';
import { onAppServer, printMemory, type MemoryRow } from './benchAppServer';
import { pageLoadsWithBaseline, printPageLoads } from './benchPages';
import { startServer, stopServer } from '../tests/e2e/support/server';
import { startBaselineServer } from './benchBaselineServer';
import { benchBundle } from './benchBundle';
import { heading, ms, ratio, reason, ROOT, table, verdict } from './benchCommon';
import { benchConfig } from './benchConfig';
import { benchFanout } from './benchFanout';
import { benchLiveLists } from './benchLiveList';
import { STARTUP_TARGET_MS, startupTimes } from './benchStartup';

let failed = 0;

/** Runs one part; a failure is printed and counted, and the next part runs. */
async function part<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    failed++;
    console.log(`\n!! ${name} FAILED: ${reason(err)}`);
    console.error(err);
    return undefined;
  }
}

async function startup(): Promise<void> {
  const s = await startupTimes();
  heading('Startup',
    '`npm start` until the API answers, the web app already built; restart: again on the same data folder (median of',
    `${s.restarts.length}). Baseline: a bare Fastify server spawned the same way (npm, then node with the TypeScript hook) until its first answer.`);
  table(['', 'ms', 'vs bare Fastify', 'target'], [
    ['bare Fastify (baseline)', ms(s.bareMs), '1.0x', `of ${s.bares.map(ms).join(', ')}`],
    ['startup (restart)', ms(s.restartMs), ratio(s.restartMs, s.bareMs), `<= ${STARTUP_TARGET_MS} ms: ${verdict(s.restartMs <= STARTUP_TARGET_MS)} (of ${s.restarts.map(ms).join(', ')})`],
    ['startup (new data)', ms(s.firstMs), ratio(s.firstMs, s.bareMs), 'creates the database, migrates, seeds'],
  ], { note: true });
}

async function browserParts(browser: Browser): Promise<void> {
  const baseline = await startBaselineServer();
  const memory: MemoryRow[] = [];
  try {
    const pglite = await part('PGlite server', () => onAppServer('PGlite', browser, baseline.url, async (server) => {
      await part('JavaScript + CSS sizes', () => benchBundle(browser, server.baseUrl));
      await part('live market lists', () => benchLiveLists(browser, server.baseUrl, baseline.url));
    }));
    if (pglite) memory.push(pglite);
    const postgres = await part('PostgreSQL server', () => onAppServer('PostgreSQL', browser, baseline.url));
    if (postgres) memory.push(postgres);
    if (postgres?.problem) heading('Page loads on PostgreSQL', `not measured: ${postgres.problem}`);
    printMemory(memory);
    await part('configuration at run time', () => benchConfig(browser));
  } finally {
    await baseline.close();
  }
}

/** The API table in a process of its own, with NODE_ENV=production; fails when that process does. */
function api(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), path.join(__dirname, 'benchApi.ts')], {
      cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve()
      : reject(new Error(`scripts/benchApi.ts ended with ${signal ?? `exit code ${code}`} (a failed row or check is printed in its table)`))));
  });
}

/** The parts `npm run bench -- <part>...` can run alone. */
const ALONE = ['pages', 'live'] as const;

/** Only the parts named: one PGlite server, the baseline page, and the page loads and/or the live lists. */
async function someParts(names: ReadonlyArray<(typeof ALONE)[number]>): Promise<void> {
  const browser = await launch();
  const baseline = await startBaselineServer();
  const server = await startServer(path.join(OUTPUT_DIR, 'bench-server-pglite.log'));
  try {
    if (names.includes('pages')) {
      await part('page loads', async () => printPageLoads('PGlite (npm start)', await pageLoadsWithBaseline(browser, server.baseUrl, baseline.url)));
    }
    if (names.includes('live')) await part('live market lists', () => benchLiveLists(browser, server.baseUrl, baseline.url));
  } finally {
    await stopServer(server);
    await baseline.close();
    await browser.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !(ALONE as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}: npm run bench [-- ${ALONE.join(' | ')}]`);
  if (names.length) {
    console.log(`Performance figures, only: ${names.join(', ')}. Each speed is printed beside a baseline measured in the same run.`);
    await someParts(names as Array<(typeof ALONE)[number]>);
    console.log(failed ? `\n${failed} part(s) of the bench failed (see above)` : '\nbench complete');
    process.exitCode = failed ? 1 : 0;
    return;
  }
  console.log('Performance figures. The machine may be shared and noisy: each speed is printed beside a baseline');
  console.log('measured in the same run, and as a ratio to it. A target not met prints MISSED.');
  await part('startup', startup);
  const browser = await launch();
  try {
    await browserParts(browser);
  } finally {
    await browser.close();
  }
  await part('API', api);
  await part('socket fan-out', benchFanout);
  console.log(failed ? `\n${failed} part(s) of the bench failed (see above)` : '\nbench complete');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => { console.error(err); process.exit(1); });
