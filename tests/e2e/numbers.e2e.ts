/**
 * Issue 23, numbers: a long balance on the assets screen at phone size, in English, Persian and Russian, is
 * grouped as the language writes it, in the currency's display decimals, isolated in `<bdi class="num">` with the
 * exact value as its title, and never wraps (its box is one line high). A limit order is one line of the bill
 * ("moved to frozen"), and its Total shows. Screenshots: test-output/e2e/numbers-*.png.
 */
import type { Page } from 'playwright-core';
import { api, arrive, fundWithPayPassword, messagesOf, signUpAndLogIn } from './support/app';
import { baseUrl, usePhone } from './support/browser';

const email = `numbers.${Date.now()}@example.com`;
const phone = usePhone();
let page: Page;
let token: string;

beforeAll(async () => {
  page = phone.page;
  token = await signUpAndLogIn(page, email, 'Secret-123');
  // A long balance: 9,876,543.12345678 USDT deposited and approved.
  await fundWithPayPassword(token, email, '9876543.12345678', 'Pay-secret-7');
});

const CASES = [
  { lang: 'en', shown: '9,876,543.12', exact: '9,876,543.12345678' },
  { lang: 'ru', shown: '9\u00a0876\u00a0543,12', exact: '9\u00a0876\u00a0543,12345678' },
  { lang: 'fa', shown: '۹٬۸۷۶٬۵۴۳٫۱۲', exact: '۹٬۸۷۶٬۵۴۳٫۱۲۳۴۵۶۷۸' },
] as const;

test.each(CASES)('$lang: the long balance on the assets screen is grouped, cut to 2 decimals, and on one line', async ({ lang, shown, exact }) => {
  await page.evaluate((l) => { localStorage.setItem('lang', l); }, lang);
  await page.goto(`${baseUrl()}/#/pages/fund/assets`);
  await page.reload();
  await arrive(page, '/pages/fund/assets', `numbers-assets-${lang}`);
  const balance = page.locator('.w-row-card dd bdi.num', { hasText: shown }).first();
  await balance.waitFor();
  expect(await balance.getAttribute('title')).toBe(exact);
  const box = await balance.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    // Bidi runs (Persian digits and marks) may be several boxes: all on one line.
    const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size;
    return { height: el.getBoundingClientRect().height, lines, line, whiteSpace: style.whiteSpace, dir: el.getAttribute('dir') };
  });
  expect(box).toMatchObject({ lines: 1, whiteSpace: 'nowrap', dir: 'ltr' });
  expect(box.height).toBeLessThanOrEqual(box.line + 1);
});

test('a limit order is one line of the bill, what left the available balance and where it went; its Total shows', async () => {
  await page.evaluate(() => { localStorage.setItem('lang', 'en'); });
  const en = messagesOf('en');
  expect(await api('/coin/trade', { currency_id: '1', legal_id: '3', type: '1', amount: '0.01', target_price: '1000' }, token)).toMatchObject({ type: 'ok' });
  await page.goto(`${baseUrl()}/#/pages/setting/bill`);
  await page.reload();
  await arrive(page, '/pages/setting/bill', 'numbers-bill-en');
  const rows = page.getByRole('tabpanel').locator('li');
  const hold = rows.filter({ hasText: en['record.cause.spot.freeze'] });
  await hold.first().waitFor();
  expect(await hold.count()).toBe(1);
  await hold.getByText(en['record.bucket.to_frozen'], { exact: true }).waitFor();
  await expect(hold.locator('bdi.num.down').textContent()).resolves.toBe('-10');
  await page.goto(`${baseUrl()}/#/pages/transaction/currency_order`);
  await arrive(page, '/pages/transaction/currency_order', 'numbers-open-orders-en');
  const total = page.locator('.w-row-fields > div').filter({ has: page.locator('dt', { hasText: en['trade.total'] }) }).locator('dd').first();
  await expect(total.textContent()).resolves.toBe('10 USDT');
});
