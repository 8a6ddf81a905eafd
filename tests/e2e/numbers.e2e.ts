/**
 * Issue 23, numbers: a long balance on the assets screen at phone size, in English, Persian and Russian, is
 * grouped as the language writes it, in the currency's display decimals, isolated in `<bdi class="num">` with the
 * exact value as its title, and never wraps (its box is one line high). Screenshots: test-output/e2e/numbers-*.png.
 */
import type { Page } from 'playwright-core';
import { api, arrive, ops, pendingId, PNG, signUpAndLogIn } from './support/app';
import { baseUrl, usePhone } from './support/browser';

const email = `numbers.${Date.now()}@example.com`;
const phone = usePhone();
let page: Page;

beforeAll(async () => {
  page = phone.page;
  const token = await signUpAndLogIn(page, email, 'Secret-123');
  // A long balance: 9,876,543.12345678 USDT deposited and approved.
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'voucher.png');
  const voucher = (await (await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form })).json()).message as string;
  expect(await api('/wallet/charge_req', { account: voucher, amount: '9876543.12345678', currency: '3', type: '0' }, token)).toMatchObject({ type: 'ok' });
  await ops('approve-deposit', pendingId(await ops('deposits'), email));
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
