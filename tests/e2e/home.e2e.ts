/**
 * Home in real Chromium at phone size (issue 23): the header (logo, search, announcements bell, log in), the
 * shortcuts that open what they say (DeFi and cloud mining lists, Options), the pair search's popular pairs,
 * and in Persian the "More" chevron pointing the reading way and the banner and announcements in Persian.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, baseUrl, screenshot, usePhone } from './support/browser';

const ROOT = path.resolve(__dirname, '..', '..');
const fa = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'fa.json'), 'utf8')) as Record<string, string>;

const phone = usePhone();
let page: Page;
beforeAll(() => { page = phone.page; });

async function openHome(): Promise<void> {
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await page.locator('.w-header').waitFor();
  const popup = page.getByRole('dialog');
  if (await popup.isVisible().catch(() => false)) await popup.getByRole('button').last().click();
  await page.locator('.w-market .w-market-price').first().waitFor();
}

test('the header: logo and name, search, the announcements bell and Log in for a visitor', async () => {
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  const popup = page.getByRole('dialog', { name: 'Welcome to Harbor Exchange' });
  await popup.waitFor();
  await popup.getByRole('button', { name: 'Close' }).click();
  const header = page.locator('.w-header');
  await header.getByRole('img', { name: 'Harbor Exchange' }).waitFor();
  await header.getByRole('link', { name: 'Search pairs' }).waitFor();
  await header.getByRole('link', { name: 'Announcements' }).waitFor();
  await header.getByRole('link', { name: 'Log in' }).waitFor();
  // One row at the top of the screen, within the phone's width.
  const box = (await header.boundingBox())!;
  expect(box.y).toBeLessThan(4);
  expect(box.height).toBeLessThanOrEqual(64);
  expect(box.width).toBeLessThanOrEqual(390);
  await page.locator('.w-market .w-market-price').first().waitFor();
  await screenshot(page, 'home-01-header');
  expect(await axeViolations(page)).toEqual([]);
  // 16 shortcuts, each a different product.
  const labels = await page.locator('.w-grid .w-tile').allTextContents();
  expect(labels).toEqual(['Deposit', 'Withdraw', 'Stock', 'Contract', 'Financial management', 'Super leverage', 'Coupon centre', 'Bills',
    'Lock mining', 'Quick buy coins', 'DeFi mining', 'Cloud miner', 'Exchange', 'IEO', 'Options', 'Investment']);
  await header.getByRole('link', { name: 'Announcements' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/mailMessage/ggList'));
  await page.getByRole('link', { name: /Welcome to Harbor Exchange/ }).waitFor();
});

test('search opens with the popular pairs, most volume first, and remembers a pair opened from them', async () => {
  await openHome();
  await page.locator('.w-header').getByRole('link', { name: 'Search pairs' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/market/search'));
  const popular = page.getByRole('list', { name: 'Popular pairs' });
  await popular.locator('li').first().waitFor();
  expect(await popular.locator('li').count()).toBe(10);
  await screenshot(page, 'home-02-search-popular');
  expect(await axeViolations(page)).toEqual([]);
  const first = (await popular.locator('.w-row-title').first().textContent())!;
  await popular.locator('.w-row').first().click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/transaction/index?symbol='));
  await page.goBack();
  await page.getByRole('button', { name: first, exact: true }).waitFor();
  await screenshot(page, 'home-03-search-recent');
});

test('DeFi mining and cloud mining open their own plans and explainers; Options opens seconds trading', async () => {
  await openHome();
  await page.locator('.w-grid').getByRole('link', { name: 'DeFi mining' }).click();
  await page.waitForURL((url) => url.hash.includes('/pages/lockming/lockming?category=defi'));
  await page.getByRole('heading', { name: 'DeFi mining', level: 1 }).waitFor();
  await page.getByText('ETH', { exact: true }).first().waitFor();
  await screenshot(page, 'home-04-defi-plans');
  await page.getByRole('button', { name: 'How it works' }).click();
  await page.waitForURL((url) => url.hash.includes('/pages/lockming/welcome?category=defi'));
  await page.getByRole('heading', { name: 'What DeFi mining is' }).waitFor();
  await screenshot(page, 'home-05-defi-explainer');
  await openHome();
  await page.locator('.w-grid').getByRole('link', { name: 'Cloud miner' }).click();
  await page.waitForURL((url) => url.hash.includes('/pages/lockming/lockming?category=cloud'));
  await page.getByRole('heading', { name: 'Cloud mining', level: 1 }).waitFor();
  await page.getByText('BTC', { exact: true }).first().waitFor();
  await screenshot(page, 'home-06-cloud-plans');
  expect(await axeViolations(page)).toEqual([]);
  await openHome();
  await page.locator('.w-grid').getByRole('link', { name: 'Options' }).click();
  await page.waitForURL((url) => url.hash.includes('/pages/transaction/index?mode=seconds'));
  await page.getByRole('tab', { name: /Seconds|Options/, selected: true }).waitFor();
});

test('in Persian the "More" chevron points the reading way, and the banner and announcements are Persian', async () => {
  await page.evaluate(() => localStorage.setItem('lang', 'fa'));
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.locator('.w-header').getByRole('link', { name: fa['home.header.login'] }).waitFor();
  const more = page.locator('.w-strip-more');
  await more.waitFor();
  // The chevron sits after the word in reading order (to its left) and is drawn pointing left.
  const chevron = more.locator('.w-chevron svg');
  expect(await chevron.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  const word = (await more.evaluate((el) => { const r = document.createRange(); r.selectNodeContents(el.firstChild!); const b = r.getBoundingClientRect(); return { x: b.x }; }));
  expect((await chevron.boundingBox())!.x).toBeLessThan(word.x);
  // The seeded announcement and banner in Persian.
  await page.getByRole('link', { name: 'به Harbor Exchange خوش آمدید' }).first().waitFor();
  await page.locator('.w-banner-slide img[src*=".fa.svg"]').first().waitFor();
  await page.locator('.w-market .w-market-price').first().waitFor();
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button').last().click();
  await screenshot(page, 'home-07-fa');
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
