/**
 * Performance figures, printed as tables. Starts the app as the README does (`npm start`, building if
 * needed) and measures in Debian's Chromium at phone size:
 * - the gzip size of the JavaScript and CSS the home route loads before it is interactive, i.e. requested
 *   before the app's first screen is on the page (the `app:first-screen` performance mark), and all it
 *   loads until the network is idle (with the socket.io chunk, fetched after the first screen);
 * - what each other route adds on top when reached from home inside the app, and the pair detail's total
 *   over home with its chart (echarts);
 * - the live market lists with every pair ticking 10 times a second, CPU slowed 4x (benchLiveList.ts);
 * - configuration: the time from saving a screen file to an open app showing the change, and that the
 *   build holds none of screens/, schemas/ or i18n/;
 * - trading under load on PGlite and PostgreSQL, beside getSiteConfig (benchTrading.ts).
 * The home figure counts the HTML document too, since it carries the inlined home screen and messages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { launch, PHONE } from '../tests/e2e/support/browser';
import { OUTPUT_DIR } from '../tests/e2e/support/paths';
import { startServer, stopServer } from '../tests/e2e/support/server';
import { FIRST_SCREEN_MARK } from '../src/client/platform/firstScreen';
import { copyConfiguration } from '../src/server/configuration/files';
import { DELIVERY, LIVE_LISTS, LIVE_TARGETS, liveListLoad } from './benchLiveList';
import { benchTrading } from './benchTrading';

const ROOT = path.resolve(__dirname, '..');
const TARGETS = { homeKb: 130, formRuntimeKb: 100, startupMs: 3000, chartRouteKb: 230 };
const LOGIN = '/pages/common/login';
const CHART_ROUTE = '/pages/transaction/index';

function routesFromScreens(): string[] {
  const dir = path.join(ROOT, 'screens');
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json') && full !== path.join(dir, 'app.json')) {
        out.push(`/pages/${path.relative(dir, full).replace(/\\/g, '/').replace(/\.json$/, '')}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** Records the gzip size of every script and stylesheet the page fetches, keyed by URL. */
function recordAssets(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    const counted = type === 'script' || type === 'stylesheet' || type === 'document' || /\.(js|css)(\?|$)|\/config\//.test(res.url());
    if (!counted) return;
    try {
      const body = await res.body();
      sizes.set(res.url(), zlib.gzipSync(body, { level: 9 }).length);
    } catch { /* redirected or aborted */ }
  });
  return sizes;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (m: Map<string, number>, keys?: Iterable<string>) =>
  [...(keys ?? m.keys())].reduce((acc, k) => acc + (m.get(k) ?? 0), 0);

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/**
 * Time from `npm start` to the API answering with the build in place: `first` with a new data folder
 * (creates the embedded database, migrates, seeds), `again` on the same folder (an ordinary restart).
 */
async function startupMs(): Promise<{ first: number; again: number }> {
  const log = path.join(OUTPUT_DIR, 'bench-server.log');
  await stopServer(await startServer(log)); // builds if the sources changed
  const timed = async (dataDir?: string) => {
    const t0 = performance.now();
    const server = await startServer(log, dataDir);
    const ms = performance.now() - t0;
    await stopServer(server, { keepData: true });
    return { ms, dataDir: server.dataDir };
  };
  const first = await timed();
  const again = await timed(first.dataDir);
  fs.rmSync(first.dataDir, { recursive: true, force: true });
  return { first: first.ms, again: again.ms };
}

/** Median time from saving a screen file to an open app showing the change (server watching CONFIG_DIR). */
async function saveToScreenMs(browser: Awaited<ReturnType<typeof launch>>): Promise<number[]> {
  const configDir = copyConfiguration(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-config-')));
  const server = await startServer(path.join(OUTPUT_DIR, 'bench-config-server.log'), undefined, { CONFIG_DIR: configDir });
  const file = path.join(configDir, 'screens', 'common', 'login.json');
  const original = JSON.parse(fs.readFileSync(file, 'utf8'));
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
  const texts = ['login.to_forget', 'login.to_register', 'login.welcome'];
  const times: number[] = [];
  try {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(`${server.baseUrl}/#${LOGIN}`);
    await page.locator('.screen').waitFor();
    await page.waitForTimeout(2500); // the socket joins after the first screen
    for (let i = 0; i < 5; i++) {
      const key = texts[i % texts.length];
      const screen = { ...original, sections: [{ type: 'empty', text: key }, ...original.sections.slice(1)] };
      const t0 = performance.now();
      fs.writeFileSync(file, JSON.stringify(screen, null, 2));
      await page.waitForFunction((text) => document.querySelector('.screen > :first-child')?.textContent?.includes(text) ?? false, en[key], { timeout: 10_000, polling: 20 });
      times.push(performance.now() - t0);
      await page.waitForTimeout(300);
    }
  } finally {
    await stopServer(server);
    fs.rmSync(configDir, { recursive: true, force: true });
  }
  return times;
}

/** How many of a sample of English texts the built JavaScript contains (0: messages are not in the build). */
function configurationInBuild(): { sampled: number; found: number } {
  const dist = path.join(ROOT, 'dist');
  const js = fs.readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
  const sample = Object.values(en).filter((v) => v.length > 24 && !/[{}<]/.test(v)).slice(0, 100);
  return { sampled: sample.length, found: sample.filter((text) => js.includes(text)).length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const startup = await startupMs();
  const server = await startServer(path.join(OUTPUT_DIR, 'bench-server.log'));
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const sizes = recordAssets(page);
    await page.goto(`${server.baseUrl}/#/pages/index/index`);
    await settle(page);
    const homeAssets = new Set(sizes.keys());
    const homeAll = sum(sizes);
    const beforeFirstScreen = await page.evaluate((mark) => {
      const at = performance.getEntriesByName(mark)[0]?.startTime;
      if (at === undefined) return null;
      return performance.getEntriesByType('resource').filter((r) => r.startTime <= at).map((r) => r.name);
    }, FIRST_SCREEN_MARK);
    if (!beforeFirstScreen) throw new Error(`the app set no "${FIRST_SCREEN_MARK}" mark`);
    // The HTML document is no resource entry: it is added by URL (it carries the inlined configuration).
    const documentUrl = [...sizes.keys()].find((u) => u.split('#')[0] === `${server.baseUrl}/`);
    const home = sum(sizes, [...beforeFirstScreen.filter((u) => sizes.has(u)), ...(documentUrl ? [documentUrl] : [])]);
    const homeHtml = documentUrl ? sizes.get(documentUrl) ?? 0 : 0;

    const rows: Array<[string, string, string]> = [
      ['/pages/index/index (home, before interactive: HTML + JS + CSS)', kb(home), `target <= ${TARGETS.homeKb} (the HTML: ${kb(homeHtml)})`],
      ['/pages/index/index (home, until network idle)', kb(homeAll), ''],
    ];
    let formRuntime: number | null = null;
    let chartRoute: number | null = null;
    // The pair detail first, so what it adds is exactly its own cost over home (with echarts); then login,
    // whose addition is exactly the form runtime, loaded with the first form.
    const routes = [CHART_ROUTE, LOGIN, ...routesFromScreens().filter((r) => r !== LOGIN && r !== CHART_ROUTE)];
    for (const route of routes) {
      if (route === '/pages/index/index') continue;
      const before = new Set(sizes.keys());
      await page.evaluate((r) => { window.location.hash = `#${r}`; }, route);
      await settle(page);
      const added = [...sizes.keys()].filter((k) => !before.has(k));
      const addedFromHome = [...sizes.keys()].filter((k) => !homeAssets.has(k));
      rows.push([route, `+${kb(sum(sizes, added))}`, `+${kb(sum(sizes, addedFromHome))} over home in all`]);
      if (route === LOGIN) formRuntime = sum(sizes, added);
      if (route === CHART_ROUTE) {
        await page.locator('.w-kline-chart canvas').waitFor(); // echarts arrives after the quotes
        await settle(page);
        chartRoute = sum(sizes, [...sizes.keys()].filter((k) => !homeAssets.has(k)));
        rows[rows.length - 1] = [route, `+${kb(chartRoute)}`, 'with echarts'];
      }
      await page.evaluate(() => { window.location.hash = '#/pages/index/index'; });
      await settle(page);
    }

    console.log('\nJavaScript + CSS, gzip KB (routes: added when first visited from home)\n');
    const w = Math.max(...rows.map((r) => r[0].length));
    for (const [name, size, note] of rows) console.log(`${name.padEnd(w)}  ${size.padStart(8)}  ${note}`);
    console.log('');
    console.log(`home (interactive)   ${kb(home)} KB gzip   target <= ${TARGETS.homeKb} KB   ${home / 1024 <= TARGETS.homeKb ? 'met' : 'MISSED'}`);
    if (formRuntime !== null) {
      console.log(`form runtime (login) ${kb(formRuntime)} KB gzip   target <= ${TARGETS.formRuntimeKb} KB   ${formRuntime / 1024 <= TARGETS.formRuntimeKb ? 'met' : 'MISSED'}`);
    }
    if (chartRoute !== null) {
      console.log(`chart route (pair)   ${kb(chartRoute)} KB gzip   target <= ${TARGETS.chartRouteKb} KB   ${chartRoute / 1024 <= TARGETS.chartRouteKb ? 'met' : 'MISSED'}`);
    }
    console.log('\nLive market lists, every pair ticking 10 times a second, CPU slowed 4x (main thread ms per second, longest task)');
    for (const [name, list, delivery, judged] of [
      ['home market list, as the server sends (<= 4 msg/s)', LIVE_LISTS.home, DELIVERY.server, true],
      ['market tab (24 pairs), as the server sends', LIVE_LISTS.board, DELIVERY.server, false],
      ['home market list, one message per tick (stress)', LIVE_LISTS.home, DELIVERY.perTick, false],
    ] as const) {
      const live = await liveListLoad(browser, server.baseUrl, list, delivery);
      const met = live.msPerS < LIVE_TARGETS.mainThreadMsPerS && live.longestMs <= LIVE_TARGETS.longestTaskMs;
      const verdict = judged ? `target < ${LIVE_TARGETS.mainThreadMsPerS} ms/s, <= ${LIVE_TARGETS.longestTaskMs} ms: ${met ? 'met' : 'MISSED'}` : '';
      console.log(`  ${name.padEnd(52)} ${live.msPerS.toFixed(0).padStart(4)} ms/s  ${live.longestMs.toFixed(1).padStart(5)} ms  (${live.messagesPerS.toFixed(1)} msg/s)  ${verdict}`);
    }
    const saves = await saveToScreenMs(browser);
    const built = configurationInBuild();
    console.log('\nConfiguration at run time');
    console.log(`  save a screen file -> open app shows it   median ${Math.round(median(saves))} ms (of ${saves.map((x) => Math.round(x)).join(', ')})   target <= 2000 ms  ${median(saves) <= 2000 ? 'met' : 'MISSED'}`);
    console.log(`  English texts found in the built JS        ${built.found} of ${built.sampled} sampled   (the build holds no screens, forms or messages)`);
    console.log(`startup (restart)    ${Math.round(startup.again)} ms         target <= ${TARGETS.startupMs} ms  ${startup.again <= TARGETS.startupMs ? 'met' : 'MISSED'}`);
    console.log(`startup (new data)   ${Math.round(startup.first)} ms         (creates the database, migrates, seeds)`);
  } finally {
    await browser.close();
    await stopServer(server);
  }
  await benchTrading();
}

main().catch((err: unknown) => { console.error(err); process.exit(1); });
