import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { OUTPUT_DIR, SERVER_LOG, SERVER_STATE } from './paths';

export const PHONE = { width: 390, height: 844 };

export function baseUrl(): string {
  return (JSON.parse(fs.readFileSync(SERVER_STATE, 'utf8')) as { baseUrl: string }).baseUrl;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
}

/** A phone-sized page that records every Content-Security-Policy violation and page error. */
export interface PhonePage { context: BrowserContext; page: Page; problems: string[] }

export async function phonePage(browser: Browser): Promise<PhonePage> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) problems.push(`CSP: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { context, page, problems };
}

/**
 * One Chromium and one phone page for a suite file: opened before its tests, closed after them; every
 * test fails on a CSP violation or page error. The fields are filled in before the first test runs.
 */
export function usePhone(): PhonePage {
  const phone = {} as PhonePage;
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
    Object.assign(phone, await phonePage(browser));
  });
  afterAll(async () => { await browser?.close(); });
  afterEach(() => { expect(phone.problems).toEqual([]); });
  return phone;
}

/** Runs axe-core on the current page; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`);
}

/** Saves a screenshot once running page transitions have finished (infinite animations are not waited for). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`) });
}

/** The newest verification code the server's mail adapter logged for an address (of one scene, when named). */
export async function mailedCode(to: string, scene?: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = fs.readFileSync(SERVER_LOG, 'utf8').split('\n').reverse();
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; to?: string; scene?: string; code?: string };
        // The log is written after the answer: without the scene, an older code of the address would pass for the new one.
        if (entry.msg === 'mail sent' && entry.to === to && (scene === undefined || entry.scene === scene) && entry.code) return entry.code;
      } catch { /* not a log line */ }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in the server log`);
}
