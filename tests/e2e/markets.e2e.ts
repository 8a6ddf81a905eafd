/**
 * Markets in real Chromium at phone size against `npm start`: the home market list shows live prices that
 * change within seconds, its tabs re-rank the pairs, and a dropped connection is announced.
 */
import type { Browser, Page } from 'playwright-core';
import { axeViolations, baseUrl, launch, phonePage, screenshot, type PhonePage } from './support/browser';

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
