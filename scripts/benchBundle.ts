/**
 * What the app's JavaScript and CSS weigh, gzip level 9 of each response body (no throttling, one phone
 * page): the home route before it is interactive, i.e. requested before the app's first screen is on the
 * page (the `app:first-screen` performance mark), and all it loads until the network is idle (with the
 * socket.io chunk, fetched after the first screen); then what each other route adds on top when reached
 * from home inside the app, and the pair detail's total over home with its chart (echarts).
 * The home figure counts the HTML document too, since it carries the inlined home screen and messages.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { PHONE } from '../tests/e2e/support/browser';
import { FIRST_SCREEN_MARK } from '../src/client/platform/firstScreen';
import { heading, kb, ROOT, table, verdict } from './benchCommon';
import { isScreenFile } from '../src/shared/config/lint';

export const BUNDLE_TARGETS = { homeKb: 130, formRuntimeKb: 100, chartRouteKb: 230 };
const HOME = '/pages/index/index';
const LOGIN = '/pages/common/login';
const CHART_ROUTE = '/pages/transaction/index';

function routesFromScreens(): string[] {
  const dir = path.join(ROOT, 'screens');
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json') && isScreenFile(path.relative(dir, full).replace(/\\/g, '/'))) {
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

const sum = (m: Map<string, number>, keys?: Iterable<string>) =>
  [...(keys ?? m.keys())].reduce((acc, k) => acc + (m.get(k) ?? 0), 0);

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

export async function benchBundle(browser: Browser, baseUrl: string): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const sizes = recordAssets(page);
    await page.goto(`${baseUrl}/#${HOME}`);
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
    const documentUrl = [...sizes.keys()].find((u) => u.split('#')[0] === `${baseUrl}/`);
    const home = sum(sizes, [...beforeFirstScreen.filter((u) => sizes.has(u)), ...(documentUrl ? [documentUrl] : [])]);
    const homeHtml = documentUrl ? sizes.get(documentUrl) ?? 0 : 0;

    const rows: string[][] = [
      [`${HOME} (home, before interactive: HTML + JS + CSS)`, kb(home), `the HTML: ${kb(homeHtml)}`],
      [`${HOME} (home, until network idle)`, kb(homeAll), ''],
    ];
    let formRuntime: number | null = null;
    let chartRoute: number | null = null;
    // The pair detail first, so what it adds is exactly its own cost over home (with echarts); then login,
    // whose addition is exactly the form runtime, loaded with the first form.
    const routes = [CHART_ROUTE, LOGIN, ...routesFromScreens().filter((r) => r !== LOGIN && r !== CHART_ROUTE)];
    for (const route of routes) {
      if (route === HOME) continue;
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
      await page.evaluate((r) => { window.location.hash = `#${r}`; }, HOME);
      await settle(page);
    }

    heading('JavaScript + CSS, gzip KB',
      'Each response body gzipped (level 9), no throttling: what home loads, then what each route adds when first',
      'visited from home inside the app. Sizes, not speeds: no baseline needed.');
    table(['route', 'KB', 'note'], rows, { note: true });
    console.log('');
    const target = (name: string, bytes: number, limitKb: number) =>
      [name, `${kb(bytes)} KB gzip`, `target <= ${limitKb} KB`, verdict(bytes / 1024 <= limitKb)];
    table(['figure', 'size', 'target', ''], [
      target('home (interactive)', home, BUNDLE_TARGETS.homeKb),
      ...(formRuntime !== null ? [target('form runtime (login)', formRuntime, BUNDLE_TARGETS.formRuntimeKb)] : []),
      ...(chartRoute !== null ? [target('chart route (pair)', chartRoute, BUNDLE_TARGETS.chartRouteKb)] : []),
    ]);
  } finally {
    await context.close();
  }
}
