/**
 * Bench: a live market list while every pair ticks 10 times a second, in Chromium with the CPU slowed 4x.
 * The page's WebSocket is routed through Playwright (routeWebSocket) and extra socket.io `daymarket`
 * batches are injected into it. Pairs tick `TICK_HZ` times a second; the batches are sent as the server
 * sends tickers (DESIGN: at most 4 messages a second per client, each with every pair's latest values) or,
 * as a stress case, one message per tick. The main thread is traced for 10 s: time spent in tasks per
 * second, and the longest task. `BENCH_TRACE=file.json` keeps the trace (open it in Chrome's performance panel).
 */
import type { Browser } from 'playwright-core';
import { fromDecimal, toDecimal } from '../src/server/market/instruments';
import { PHONE } from '../tests/e2e/support/browser';

interface Quote { currency_id: number; now_price: string; open: string; change: string; volume: string; price_decimals: number }
interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }

export const LIVE_TARGETS = { mainThreadMsPerS: 200, longestTaskMs: 50 };
/** The lists measured: the home market list (10 pairs on screen) and the market tab (every spot pair). */
export const LIVE_LISTS = {
  home: { route: '/pages/index/index', rows: '.w-market .w-market-price', minRows: 10 },
  board: { route: '/pages/market/market', rows: '.w-board .w-market-price', minRows: 20 },
} as const;
type LiveList = (typeof LIVE_LISTS)[keyof typeof LIVE_LISTS];
const TICK_HZ = 10;
/** Messages a second: the server's cap for tickers, or one per tick. */
export const DELIVERY = { server: 4, perTick: TICK_HZ } as const;
const SECONDS = 10;
const CPU_SLOWDOWN = 4;

/**
 * A batch with every pair's price moved by up to 3 ticks (whole ticks keep the strings exact) and its
 * 24-hour change following the price, as the server computes it against the day's open.
 */
function nextBatch(quotes: Quote[], ticks: number[], opens: number[]): Array<Record<string, unknown>> {
  return quotes.map((q, i) => {
    ticks[i] = Math.max(1, ticks[i] + Math.floor(Math.random() * 7) - 3);
    const change = (((ticks[i] - opens[i]) * 100) / opens[i]).toFixed(2);
    return { currency_id: q.currency_id, now_price: toDecimal(ticks[i], q.price_decimals), change, volume: q.volume };
  });
}

/** Main-thread task durations (ms) of the page's renderer from a Chromium trace. */
function rendererTasks(trace: Buffer): number[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mains = new Set(traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, number[]>();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push((e.dur ?? 0) / 1000);
  }
  // The busiest renderer main thread is the page's.
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

export async function liveListLoad(browser: Browser, baseUrl: string, list: LiveList = LIVE_LISTS.home, messagesPerS: number = DELIVERY.server): Promise<{ msPerS: number; longestMs: number; messagesPerS: number }> {
  const res = await fetch(`${baseUrl}/api/currency/quotation_new`);
  const quotes = ((await res.json()) as { message: Array<{ quotes: Quote[] }> }).message.flatMap((g) => g.quotes);
  const ticks = quotes.map((q) => fromDecimal(q.now_price, q.price_decimals));
  const opens = quotes.map((q) => fromDecimal(q.open, q.price_decimals));

  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const sockets: Array<{ send(message: string): void }> = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => { ws.connectToServer(); sockets.push(ws); });
  try {
    await page.goto(`${baseUrl}/#${list.route}`);
    await page.waitForFunction(({ rows, minRows }) => document.querySelectorAll(rows).length >= minRows, list);
    const deadline = Date.now() + 10_000;
    while (!sockets.length && Date.now() < deadline) await page.waitForTimeout(100);
    if (!sockets.length) throw new Error('the app opened no WebSocket');
    await page.waitForTimeout(1000); // subscribed to tickers

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let batches = 0;
    let latest = nextBatch(quotes, ticks, opens);
    const ticker = setInterval(() => { latest = nextBatch(quotes, ticks, opens); }, 1000 / TICK_HZ);
    const sender = setInterval(() => {
      batches++;
      for (const ws of sockets) ws.send(`42${JSON.stringify(['daymarket', latest])}`);
    }, 1000 / messagesPerS);
    let trace: Buffer;
    let before: string[];
    try {
      await page.waitForTimeout(2000); // warm up
      before = await page.locator(list.rows).allTextContents();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      batches = 0;
      await page.waitForTimeout(SECONDS * 1000);
      trace = await browser.stopTracing();
      if (process.env.BENCH_TRACE) (await import('node:fs')).writeFileSync(process.env.BENCH_TRACE, trace);
    } finally {
      clearInterval(ticker);
      clearInterval(sender);
    }
    const after = await page.locator(list.rows).allTextContents();
    if (before.join() === after.join()) throw new Error('prices did not change under load');
    const tasks = rendererTasks(trace);
    const total = tasks.reduce((a, b) => a + b, 0);
    return { msPerS: total / SECONDS, longestMs: Math.max(0, ...tasks), messagesPerS: batches / SECONDS };
  } finally {
    await context.close();
  }
}
