/**
 * Markets in real Chromium at phone size against `npm start`: the home market list shows live prices that
 * change within seconds, its tabs re-rank the pairs, a dropped connection is announced; the market tab
 * sorts, and a logged-in user's watch list survives a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { axeViolations, baseUrl, launch, mailedCode, phonePage, screenshot, type PhonePage } from './support/browser';

let browser: Browser;
let phone: PhonePage;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  phone = await phonePage(browser);
  page = phone.page;
});
afterAll(async () => { await browser?.close(); });
afterEach(() => { expect(phone.problems).toEqual([]); });

const prices = () => page.locator('.w-market .w-market-price').allTextContents();

test('home shows live prices that change within 5 s', async () => {
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await page.getByRole('heading', { name: 'Markets' }).waitFor();
  await page.locator('.w-market .w-market-price').first().waitFor();
  const first = await prices();
  expect(first.length).toBe(10);
  expect(first.every((p) => /^[\d,]+\.\d+$/.test(p))).toBe(true);
  await page.waitForFunction((before) => {
    const now = [...document.querySelectorAll('.w-market .w-market-price')].map((e) => e.textContent);
    return now.join('|') !== before.join('|');
  }, first, { timeout: 5000 });
  await screenshot(page, 'market-01-home-live');
  expect(await axeViolations(page)).toEqual([]);
});

test('the tabs rank by change and by volume', async () => {
  const changes = () => page.locator('.w-market .w-market-change').allTextContents();
  const asNumbers = (xs: string[]) => xs.map((x) => Number(x.replace('%', '')));
  const gainers = asNumbers(await changes());
  expect(gainers).toEqual([...gainers].sort((a, b) => b - a));
  await page.getByRole('tab', { name: 'Losers' }).click();
  await page.getByRole('tab', { name: 'Losers', selected: true }).waitFor();
  const losers = asNumbers(await changes());
  // Live updates may land between two reads, so the order is checked on one read.
  expect(losers).toEqual([...losers].sort((a, b) => a - b));
  expect(losers[0]).toBeLessThanOrEqual(gainers.at(-1)!);
  await page.getByRole('tab', { name: 'Volume' }).click();
  await page.getByRole('tab', { name: 'Volume', selected: true }).waitFor();
  await screenshot(page, 'market-02-home-volume');
});

test('a dropped connection is announced, and live prices resume after it comes back', async () => {
  await phone.context.setOffline(true);
  await page.getByText(/Prices have not been live since \d{2}:\d{2}:\d{2}/).waitFor({ timeout: 30_000 });
  await screenshot(page, 'market-03-offline');
  await phone.context.setOffline(false);
  await page.getByText(/Prices have not been live/).waitFor({ state: 'detached', timeout: 30_000 });
});

/** POSTs a form to the API the way the app does; returns the envelope. */
async function api(path: string, data: Record<string, string>, token?: string): Promise<{ type: string; message: string }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(data).toString(),
  });
  return (await res.json()) as { type: string; message: string };
}

test('the market tab lists spot pairs and sorts them by change', async () => {
  await page.getByRole('link', { name: 'Market' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/market/market'));
  await page.locator('.w-board .w-market-price').first().waitFor();
  await page.getByRole('button', { name: /24h change/ }).click();
  const changes = (await page.locator('.w-board .w-market-change').allTextContents()).map((x) => Number(x.replace('%', '')));
  expect(changes.length).toBeGreaterThanOrEqual(20);
  expect(changes).toEqual([...changes].sort((a, b) => b - a));
  await screenshot(page, 'market-04-tab-sorted');
  expect(await axeViolations(page)).toEqual([]);
});

test('a logged-in user follows a pair and still sees it after a reload', async () => {
  const email = `watch.${Date.now()}@example.com`;
  const password = 'Secret-123';
  expect((await api('/sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
  const code = await mailedCode(email);
  expect((await api('/user/register', { user_string: email, code, password, re_password: password })).type).toBe('ok');
  const token = (await api('/user/login', { user_string: email, password })).message;
  await page.evaluate((tok) => { localStorage.setItem('token', tok); }, token);
  await page.reload();
  await page.getByRole('button', { name: 'Add SOL/USDT to favourites' }).click();
  await page.getByRole('button', { name: 'Remove SOL/USDT from favourites' }).waitFor();
  await page.reload();
  await page.getByRole('tab', { name: 'Favourites' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByText('SOL/USDT', { exact: true }).waitFor();
  expect(await panel.locator('li').count()).toBe(1);
  await screenshot(page, 'market-05-favourites');
});

test('search finds ETH as you type and remembers the search', async () => {
  await page.goto(`${baseUrl()}/#/pages/market/market`);
  await page.getByRole('link', { name: 'Search' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/market/search'));
  const box = page.getByRole('searchbox', { name: 'Search pairs' });
  await box.fill('eth');
  await page.getByText('ETH/USDT', { exact: true }).waitFor();
  await box.press('Enter');
  await screenshot(page, 'market-06-search');
  expect(await axeViolations(page)).toEqual([]);
  await box.fill('');
  await page.getByRole('button', { name: 'eth', exact: true }).waitFor();
});
