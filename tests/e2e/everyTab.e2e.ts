/**
 * Every route of the app, with every tab of its tabs sections open in turn (a tab not open by default hid
 * the raw key `trade.fee` on the completed contract orders), for a logged-in user with money: no raw message
 * key is shown and axe finds nothing serious, in English and in Persian (right to left); each route is
 * photographed at 390x844 in light, dark and Persian, each tab in light (test-output/e2e/every-*.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { LEVER_TYPE } from '../../src/shared/contract/lever';
import { api, fundWithPayPassword, messagesOf, signUpAndLogIn } from './support/app';
import { axeViolations, baseUrl, screenshot, usePhone } from './support/browser';
import { ROOT } from './support/paths';

jest.setTimeout(30 * 60_000);

const phone = usePhone();
let page: Page;
beforeAll(() => { page = phone.page; });

/** Every screen's route (screens/**: files with a `route`), sorted. */
function routes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) { if (entry.name !== 'fragments') walk(file); continue; }
      if (!entry.name.endsWith('.json') || entry.name.endsWith('schema.json') || entry.name === 'app.json') continue;
      const route = (JSON.parse(fs.readFileSync(file, 'utf8')) as { route?: unknown }).route;
      if (typeof route === 'string') out.push(route);
    }
  };
  walk(path.join(ROOT, 'screens'));
  return out.sort();
}

const KEYS = new Set(Object.keys(messagesOf('en')));

/** Message keys shown as they are: in the page's text, or in a label, placeholder or alternative text. */
async function rawKeys(): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) texts.push(el.getAttribute(name) ?? '');
    }
    return texts.join('\n');
  });
  const found = shown.match(/[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_]+)+/g) ?? [];
  return [...new Set(found.filter((word) => KEYS.has(word)))];
}

async function settle(): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor();
  await page.waitForTimeout(450); // the 0.3 s slide-in, a tab's rows
}

const slug = (text: string) => text.replace(/^\/pages\//, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** A tab's identity: its label and the labels of its tab list (stable while other tab lists come and go). */
const tabIds = () => page.locator('[role="tab"]').evaluateAll((tabs) => tabs
  .filter((t) => (t as HTMLElement).offsetParent !== null)
  .map((t) => `${[...(t.closest('[role="tablist"]')?.querySelectorAll('[role="tab"]') ?? [])].map((x) => x.textContent).join('|')}>${t.textContent}`));

/**
 * Opens every tab reachable on the page (nested tab lists appear when their tab opens), calling `check` on
 * each; returns what went wrong, by place.
 */
async function everyTab(route: string, check: (place: string, tab: string | null) => Promise<string[]>): Promise<string[]> {
  const problems = await check(route, null);
  const seen = new Set<string>();
  for (let guard = 0; guard < 80; guard++) {
    const ids = await tabIds();
    const index = ids.findIndex((id) => !seen.has(id));
    if (index < 0) break;
    seen.add(ids[index]);
    const tab = page.locator('[role="tab"]:visible').nth(index);
    if ((await tab.getAttribute('aria-selected')) !== 'true') {
      await tab.click();
      await settle();
    }
    const label = ids[index].split('>').pop() ?? '';
    problems.push(...await check(`${route} › ${label}`, label));
  }
  return problems;
}

async function visit(route: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${route}`);
  await settle();
}

let routeList: string[] = [];

beforeAll(async () => {
  routeList = routes();
  const email = `every-tab-${Date.now()}@example.com`;
  const token = await signUpAndLogIn(page, email, 'Secret-123');
  await fundWithPayPassword(token, email, '5000', 'Pay-secret-7');
  // Money in the contract account and an open position, so lists and tabs have rows as well as empty states.
  expect((await api('/wallet/change', { currency_id: '3', number: '1000', from_field: 'change', to_field: 'lever' }, token)).type).toBe('ok');
  expect((await api('/lever/submit', { currency_id: '1', type: String(LEVER_TYPE.code('long')), share: '1', multiple: '10' }, token)).type).toBe('ok');
});

test('the route list covers the app', () => {
  expect(routeList.length).toBeGreaterThan(50);
  expect(routeList).toContain('/pages/transaction/contract_order');
});

test('every tab of every route in English, light: no raw key, nothing serious for axe', async () => {
  await page.emulateMedia({ colorScheme: 'light' });
  const problems: string[] = [];
  for (const route of routeList) {
    await visit(route);
    await screenshot(page, `every-${slug(route)}-light`);
    problems.push(...await everyTab(route, async (place, tab) => {
      if (tab) await screenshot(page, `every-${slug(route)}-tab-${slug(tab)}-light`);
      const raw = await rawKeys();
      const axe = await axeViolations(page);
      return [...raw.map((k) => `${place}: raw key ${k}`), ...axe.map((v) => `${place}: ${v}`)];
    }));
  }
  expect(problems).toEqual([]);
});

test('every route in dark: photographed, axe finds nothing serious', async () => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const problems: string[] = [];
  for (const route of routeList) {
    await visit(route);
    await screenshot(page, `every-${slug(route)}-dark`);
    problems.push(...(await axeViolations(page)).map((v) => `${route}: ${v}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(problems).toEqual([]);
});

test('every tab of every route in Persian: right to left, no raw key, nothing serious for axe', async () => {
  await page.evaluate(() => localStorage.setItem('lang', 'fa'));
  await page.reload();
  await settle();
  const problems: string[] = [];
  for (const route of routeList) {
    await visit(route);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, `every-${slug(route)}-fa`);
    problems.push(...await everyTab(route, async (place) => {
      const raw = await rawKeys();
      const axe = await axeViolations(page);
      return [...raw.map((k) => `${place}: raw key ${k}`), ...axe.map((v) => `${place}: ${v}`)];
    }));
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  expect(problems).toEqual([]);
});

test('a deep link whose page fails to load says so, offers retry and back, and keeps the tab bar', async () => {
  const en = messagesOf('en');
  const screenFile = '**/config/screens/pages/fund/transfer_history.*';
  await page.route(screenFile, (route) => route.abort('internetdisconnected'));
  await page.goto(`${baseUrl()}/#/pages/fund/transfer_history`);
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: en['shell.load_error.error'] });
  await alert.waitFor({ timeout: 60_000 });
  await page.getByRole('navigation', { name: en['shell.tabbar'] }).waitFor();
  await page.getByRole('button', { name: en['common.back'] }).first().waitFor();
  await screenshot(page, 'every-load-failed');
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute(screenFile);
  await alert.getByRole('button', { name: en['common.retry'] }).click();
  await page.getByRole('heading', { name: en['transfer.history'] }).waitFor();
  await alert.waitFor({ state: 'detached' });
});
