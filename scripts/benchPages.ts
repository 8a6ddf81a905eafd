/**
 * Page loads as a phone on a slow connection: Chromium with the CPU slowed 4x
 * (Emulation.setCPUThrottlingRate), 150 ms latency, 1.6 Mbit/s down and 750 kbit/s up
 * (Network.emulateNetworkConditions), 390x844, a cold cache (a new context per load, cache disabled).
 * Each load gives:
 * - the bytes on the wire: the sum of Network.loadingFinished encodedDataLength over every request of the
 *   page, the HTML included (what the server sent, compressed as the browser asked);
 * - FCP (the `first-contentful-paint` paint entry) and LCP (the last `largest-contentful-paint` entry, read
 *   with a buffered PerformanceObserver once the page has settled: network idle, then 1 s);
 * - CLS: the page's layout shifts (`layout-shift` entries of a buffered PerformanceObserver, those without
 *   recent input), grouped in session windows (a gap under 1 s, at most 5 s long) as Chromium's CLS is; the
 *   largest window counts. The elements that moved most are kept, to name the cause of a missed target;
 * - optionally the time a selector first matched ("all loaded", e.g. the pair detail's chart canvas), from
 *   a MutationObserver installed before the page's own scripts.
 * Times are from the navigation start.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../tests/e2e/support/browser';
import { clsOf, heading, kb, median, ms, ratio, table, verdict } from './benchCommon';

export const THROTTLING = { cpu: 4, latencyMs: 150, downKbit: 1600, upKbit: 750 };
export const LOADS_PER_PAGE = 5;

export interface PageLoad {
  bytes: number; requests: number; fcp: number; lcp: number; cls: number; allLoaded?: number; acceptEncoding?: string;
  /** The elements that moved, with the sum of the shifts they took part in (largest first). */
  shifted?: Array<{ node: string; value: number }>;
}

declare global {
  /** When the watched selector first matched (performance.now(), set by `watchFor` in the page). */
  interface Window { __benchSeen?: number }
}

/** Records performance.now() when `selector` first matches, as window.__benchSeen. */
function watchFor(selector: string): void {
  const w = window;
  const check = () => {
    if (w.__benchSeen === undefined && document.querySelector(selector)) {
      w.__benchSeen = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downKbit * 1000) / 8, uploadThroughput: (THROTTLING.upKbit * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu });
  return cdp;
}

/** One cold load of `url`; `waitFor`: a selector to wait for, timed as `allLoaded`. */
export async function loadPage(browser: Browser, url: string, waitFor?: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (waitFor) await context.addInitScript(watchFor, waitFor);
    const page = await context.newPage();
    const cdp = await throttle(context, page);
    let bytes = 0;
    let requests = 0;
    let acceptEncoding: string | undefined;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; requests++; });
    cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
      const header = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'accept-encoding');
      acceptEncoding ??= header ? String(header[1]) : undefined;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (waitFor) await page.waitForSelector(waitFor, { state: 'attached', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(1000);
    const timing = await page.evaluate(() => new Promise<{
      fcp: number; lcp: number; seen?: number; shifts: Array<{ startTime: number; value: number; nodes: string[] }>;
    }>((resolve) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const seen = window.__benchSeen;
      interface Shift extends PerformanceEntry {
        value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      }
      const describe = (node?: Node | null): string => {
        if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '(a node since removed)';
        const cls = [...node.classList].slice(0, 2).map((c) => `.${c}`).join('');
        const parent = node.parentElement;
        const pcls = parent ? [...parent.classList].slice(0, 1).map((c) => `.${c}`).join('') : '';
        return `${parent ? `${parent.tagName.toLowerCase()}${pcls} > ` : ''}${node.tagName.toLowerCase()}${cls}`;
      };
      const shifts: Array<{ startTime: number; value: number; nodes: string[] }> = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          if (!e.hadRecentInput) shifts.push({ startTime: e.startTime, value: e.value, nodes: (e.sources ?? []).map((x) => {
            const dy = Math.round(x.currentRect.y - x.previousRect.y);
            const dx = Math.round(x.currentRect.x - x.previousRect.x);
            const how = dy ? `${dy < 0 ? 'up' : 'down'} ${Math.abs(dy)} px` : `sideways ${Math.abs(dx)} px`;
            return `${describe(x.node)} (${how})`;
          }) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const done = (lcp: number) => resolve({ fcp, lcp, seen, shifts });
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        done(entries[entries.length - 1]?.startTime ?? NaN);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => done(NaN), 2000); // no LCP entry at all
    }));
    await cdp.detach().catch(() => undefined);
    const moved = new Map<string, number>();
    for (const s of timing.shifts) for (const node of s.nodes) moved.set(node, (moved.get(node) ?? 0) + s.value);
    const shifted = [...moved].map(([node, value]) => ({ node, value })).sort((a, b) => b.value - a.value).slice(0, 3);
    return { bytes, requests, fcp: timing.fcp, lcp: timing.lcp, cls: clsOf(timing.shifts), allLoaded: timing.seen, acceptEncoding, shifted };
  } finally {
    await context.close();
  }
}

function medians(runs: PageLoad[], timed: boolean): PageLoad {
  const m = (f: (r: PageLoad) => number | undefined) => median(runs.map(f).filter((x): x is number => x !== undefined));
  return {
    bytes: m((r) => r.bytes), requests: m((r) => r.requests), fcp: m((r) => r.fcp), lcp: m((r) => r.lcp), cls: m((r) => r.cls),
    // The shifts of the load with the largest CLS: what to fix.
    shifted: [...runs].sort((a, b) => b.cls - a.cls)[0]?.shifted,
    allLoaded: timed ? m((r) => r.allLoaded) : undefined, acceptEncoding: runs[0]?.acceptEncoding,
  };
}

/** CLS at most this on every page measured (issue 23: "CLS under 0.05 everywhere"). */
export const CLS_TARGET = 0.05;

/** The pages measured, with their targets (LCP, ms; issue 23). */
export const PAGES: Array<{ name: string; route: string; lcpTargetMs?: number; waitFor?: string }> = [
  { name: 'home', route: '/pages/index/index', lcpTargetMs: 1500 },
  { name: 'market', route: '/pages/market/market' },
  { name: 'pair detail', route: '/pages/transaction/index', lcpTargetMs: 2000, waitFor: '.w-kline-chart canvas' },
];

export interface PageResults { baseline: PageLoad; pages: Array<{ page: (typeof PAGES)[number]; load: PageLoad }> }

/**
 * `LOADS_PER_PAGE` rounds of: the baseline page (`baselineUrl`, benchBaselineServer.ts), then each app page;
 * the median of each figure. Interleaved, so that a noisy stretch of the machine weighs on all alike.
 */
export async function pageLoadsWithBaseline(browser: Browser, appUrl: string, baselineUrl: string): Promise<PageResults> {
  const baseline: PageLoad[] = [];
  const runs = PAGES.map(() => [] as PageLoad[]);
  for (let round = 0; round < LOADS_PER_PAGE; round++) {
    baseline.push(await loadPage(browser, `${baselineUrl}/`));
    for (const [i, page] of PAGES.entries()) runs[i].push(await loadPage(browser, `${appUrl}/#${page.route}`, page.waitFor));
  }
  return { baseline: medians(baseline, false), pages: PAGES.map((page, i) => ({ page, load: medians(runs[i], !!page.waitFor) })) };
}

export function printPageLoads(where: string, r: PageResults): void {
  heading(`Page loads on ${where}: a phone on a slow connection`,
    `Chromium, CPU slowed ${THROTTLING.cpu}x, ${THROTTLING.latencyMs} ms latency, ${THROTTLING.downKbit / 1000} Mbit/s down, ${THROTTLING.upKbit} kbit/s up, 390x844, cold cache;`,
    `median of ${LOADS_PER_PAGE} loads each, interleaved with the baseline: a minimal static HTML page from a bare node http server.`,
    'KB: bytes on the wire (CDP encodedDataLength of every request, HTML included), the browser sending',
    `Accept-Encoding: ${r.pages[0]?.load.acceptEncoding ?? '?'}. Times from navigation start; "all loaded": the chart's canvas exists.`,
    'CLS: layout shifts without recent input, largest session window (gap < 1 s, <= 5 s), as Chromium counts it; a',
    'size, not a speed: the static page has none. The LCP targets are absolute times on this throttled phone; on a',
    'loaded machine read them with the ratio to the static page of the same run.');
  const base = r.baseline;
  const rows = [
    ['baseline (static page)', kb(base.bytes), String(base.requests), ms(base.fcp), ms(base.lcp), '1.0x', base.cls.toFixed(3), '', ''],
    ...r.pages.map(({ page, load }) => [
      `${page.name} (#${page.route})`, kb(load.bytes), String(load.requests), ms(load.fcp), ms(load.lcp), ratio(load.lcp, base.lcp),
      load.cls.toFixed(3), load.allLoaded === undefined ? '' : ms(load.allLoaded),
      [page.lcpTargetMs === undefined ? '' : `LCP < ${page.lcpTargetMs} ms: ${verdict(load.lcp < page.lcpTargetMs)}`,
        `CLS < ${CLS_TARGET}: ${verdict(load.cls < CLS_TARGET)}`].filter(Boolean).join('; '),
    ]),
  ];
  table(['page', 'KB', 'requests', 'FCP ms', 'LCP ms', 'LCP vs baseline', 'CLS', 'all loaded ms', 'target'], rows, { note: true });
  const movers = r.pages.filter(({ load }) => load.cls >= CLS_TARGET / 5 && load.shifted?.length);
  if (movers.length) {
    console.log('\n   What moved (the load with the largest CLS; each element with the sum of the shifts it took part in):');
    for (const { page, load } of movers) console.log(`   ${page.name}: ${load.shifted!.map((s) => `${s.node} ${s.value.toFixed(3)}`).join(', ')}`);
  }
}
