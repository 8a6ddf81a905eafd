/**
 * Issue 26's coupons end to end at phone size: a funded user opens the coupon centre, claims a 50 % fee
 * discount, finds it among their available coupons, sees it on the spot ticket as the part of the fee it gives
 * back, buys, and finds it used with what it gave. Screenshots go to test-output/e2e/coupons-*.png.
 */
import IntlMessageFormat from 'intl-messageformat';
import type { Page } from 'playwright-core';
import { D } from '../../src/shared/format/decimal';
import { api, apiGet, arrive, fundWithPayPassword, messagesOf, signUpAndLogIn, waitForToast } from './support/app';
import { baseUrl, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const stamp = Date.now();
const email = `coupons.${stamp}@example.com`;
const password = 'Secret-123';
const phone = usePhone();
let page: Page;
let token = '';

beforeAll(async () => {
  page = phone.page;
  token = await signUpAndLogIn(page, email, password);
  await fundWithPayPassword(token, email, '5000', 'Pay-secret-7');
}, 120_000);

const tab = (key: string) => page.getByRole('tab', { name: en[key], exact: true });
const say = (key: string, values: Record<string, string | number>) => String(new IntlMessageFormat(en[key], 'en').format(values));

test('the coupon centre offers the coupons; a claimed one is listed as available', async () => {
  await page.goto(`${baseUrl()}/#/pages/setting/coupon`);
  await arrive(page, '/pages/setting/coupon', 'coupons-01-centre');
  const fee50 = page.locator('li').filter({ hasText: 'FEE50' }).first();
  await fee50.getByText('50% off the fee of one spot or contract trade worth 10 USDT or more, up to 20 USDT').waitFor();
  await fee50.getByRole('button', { name: en['coupon.claim'], exact: true }).click();
  await waitForToast(page, en['coupon.claimed']);
  await fee50.getByText(/^1 \/ 3$/).waitFor();
  await screenshot(page, 'coupons-02-claimed');
  await tab('coupon.tab.available').click();
  const held = page.getByRole('tabpanel').locator('li').filter({ hasText: 'FEE50' });
  await held.getByText(en['coupon.source.claim']).waitFor();
  await held.getByRole('button', { name: en['coupon.use.trade'], exact: true }).waitFor();
  await screenshot(page, 'coupons-03-available');
});

test('the spot ticket shows what the coupon gives back; the buy uses it, once', async () => {
  await page.goto(`${baseUrl()}/#/pages/transaction/index?symbol=BTC/USDT`);
  await page.reload(); // a fresh start reads the account (payment password) again
  await arrive(page, '/pages/transaction/index', 'coupons-04-ticket');
  await page.getByRole('radio', { name: en['trade.side.buy'] }).check();
  await page.getByRole('radio', { name: en['trade.kind.market'] }).check();
  await page.getByLabel(en['trade.amount'], { exact: true }).fill('0.01');
  const coupon = page.getByTestId('spot-coupon');
  await page.getByText(say('trade.coupon', { code: 'FEE50' }), { exact: true }).waitFor();
  await coupon.filter({ hasText: /^\s*\+0\.0+[1-9]\d*\s+BTC\s*$/ }).waitFor();
  await screenshot(page, 'coupons-05-ticket-with-coupon');
  await page.getByRole('button', { name: say('trade.spot.submit', { side: 1, coin: 'BTC' }), exact: true }).click();
  await waitForToast(page, en['trade.spot.placed']);
  await coupon.waitFor({ state: 'detached' }); // used: the next order has none

  const used = (await apiGet('/coupon/list', { status: 'used' }, token)).message.data as Array<{ code: string; saving: string; saving_currency: string }>;
  expect(used).toEqual([expect.objectContaining({ code: 'FEE50', saving_currency: 'BTC' })]);
  expect(new D(used[0].saving).gt(0)).toBe(true);
  await page.goto(`${baseUrl()}/#/pages/setting/coupon?tab=used`);
  await arrive(page, '/pages/setting/coupon', 'coupons-06-used');
  await page.getByRole('tabpanel').locator('li').filter({ hasText: 'FEE50' }).filter({ hasText: /\+0\.0+[1-9]\d*\s+BTC/ }).waitFor();
  // The bills show the fee given back as its own line.
  const bills = (await api('/wallet/legal_log', { page: '1', limit: '20' }, token)).message.list as Array<{ cause: string; info: string }>;
  expect(bills.find((b) => b.cause === 'coupon.fee')).toMatchObject({ info: en['record.cause.coupon.fee'] });
});
