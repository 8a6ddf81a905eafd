/**
 * Issue 12 end to end at phone size: a funded user locks 1000 USDT in a lock-mining plan, sees the first
 * yield once the job has paid it, redeems early and gets 988 back (SPEC 9: 0.4% x 3 days x 1000 = 12); buys
 * a dual investment and sees it settle with the shared formula's payout; subscribes to an oversubscribed IEO
 * and sees the allocation and the refund; then the earn hub.
 * Time moves with `npm run ops -- clock-advance` (the suite's server runs with TEST_CLOCK=1), never by
 * sleeping. Screenshots of each page go to test-output/e2e/earn-*.png.
 */
import type { Page } from 'playwright-core';
import { DUAL_LIST_STATUS } from '../../src/shared/contract/dual';
import { dualPayout } from '../../src/shared/domain/dual';
import { D } from '../../src/shared/format/decimal';
import { api, apiGet, arrive, fundWithPayPassword, messagesOf, ops, signUpAndLogIn, waitForToast } from './support/app';
import { baseUrl, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const email = `saver.${Date.now()}@example.com`;
const password = 'Secret-123';
const payPassword = 'Pay-secret-7';
const phone = usePhone();
let page: Page;
let token: string;

beforeAll(async () => {
  page = phone.page;
  // The suites before this one used the hour's verification codes of this client address (codesPerClient: 20 an
  // hour, all suites sign up from 127.0.0.1); this suite moves the clock by days anyway, so it starts a new hour.
  await ops('clock-advance', '3601');
  token = await signUpAndLogIn(page, email, password);
  await fundWithPayPassword(token, email, '10000', payPassword);
}, 120_000);

const field = (key: string) => page.getByLabel(en[key], { exact: true });
const button = (key: string) => page.getByRole('button', { name: en[key], exact: true });
/** The dialog's button that goes ahead (named by what it does: "Redeem early"). */
const confirm = () => page.getByRole('dialog').getByRole('button', { name: en['mining.redeem_early'], exact: true }).click();
const spotUsdt = async () => {
  const wallet = (await api('/wallet/list', {}, token)).message as { change_wallet: { balance: { currency_name: string; change_balance: string }[] } };
  return new D(wallet.change_wallet.balance.find((b) => b.currency_name === 'USDT')!.change_balance);
};
/** The server's clock (the suite's moves): what `clock-advance` prints after it moved. */
const serverNow = async (seconds = 1) => new Date(/ to (\S+);/.exec((await ops('clock-advance', String(seconds)))[0])![1]);
/** Moves the clock by `seconds`, in the steps the test clock takes. */
async function advance(seconds: number): Promise<void> {
  for (let left = seconds; left > 0; left -= 7200) await ops('clock-advance', String(Math.min(left, 7200)));
}

test('locks 1000 USDT, sees the first day\'s yield once the job paid it, redeems early and gets 988 back', async () => {
  // The operator's plan #1 (USDT, 0.3-0.4% a day, early ratio 0.4%): 4 days, paid two minutes from now.
  const payout = new Date((await serverNow()).getTime() + 120_000);
  await ops('mining-plan-set', '1', 'lock_days', '4');
  await ops('mining-plan-set', '1', 'dividend_minute', payout.toISOString().slice(11, 16));

  await page.goto(`${baseUrl()}/#/pages/lockming/welcome`);
  await arrive(page, '/pages/lockming/welcome', 'earn-01-mining-welcome');
  await button('mining.see_plans').click();
  await arrive(page, '/pages/lockming/lockming', 'earn-02-mining-plans');
  await page.getByRole('button', { name: en['mining.lock_now'] }).first().click();
  await arrive(page, '/pages/lockming/buy', 'earn-03-mining-buy');

  await field('mining.amount').fill('1000');
  // 1000 x 0.3% x 4 days to 1000 x 0.4% x 4 days, before locking
  await page.getByTestId('mining-expected').filter({ hasText: /12(\.0+)? – 16(\.0+)? USDT/ }).waitFor();
  await field('withdraw.pay_password').fill(payPassword);
  await screenshot(page, 'earn-04-mining-buy-filled');
  await button('mining.submit').click();
  await waitForToast(page, en['mining.locked']);
  await arrive(page, '/pages/lockming/order', 'earn-05-mining-order');
  const row = page.getByRole('tabpanel').locator('li').first();
  await row.locator('dd bdi.num', { hasText: /^0$/ }).first().waitFor(); // nothing earned yet: 0, unsigned (never +0)
  expect((await spotUsdt()).toFixed()).toBe('9000');

  // The first day is paid at the value time plus one day: the list changes without a reload.
  await advance(86_400 + 180);
  const earned = row.locator('dd bdi.num.up').filter({ hasText: /^\+(?!0$)\d+(\.\d+)?$/ }).first(); // no longer 0: a gain, signed and green
  await earned.waitFor();
  const paid = new D((await earned.textContent())!.slice(1));
  expect(paid.gte(3) && paid.lte(4)).toBe(true);
  await screenshot(page, 'earn-06-mining-first-yield');

  // Three days left: 0.4% x 3 x 1000 = 12 kept, 988 back; the dialog says so before anything moves.
  await row.getByRole('button', { name: en['mining.redeem_early'] }).click();
  await page.getByRole('dialog').getByText(/12(\.0+)? USDT.*988(\.0+)? USDT/).waitFor();
  await screenshot(page, 'earn-07-mining-redeem-confirm');
  await confirm();
  await waitForToast(page, en['mining.redeemed']);
  await page.getByRole('tab', { name: en['mining.status.3'] }).click();
  const done = page.getByRole('tabpanel').locator('li').first();
  await done.getByText(/^988(\.0+)? USDT$/).waitFor();
  await screenshot(page, 'earn-08-mining-redeemed');
  expect((await spotUsdt()).toFixed()).toBe(new D('9988').plus(paid).toFixed());
});

/** The order of the user's list whose id is `id` (the API as the app reads it). */
async function dualOrder(id: number, status: 'holding' | 'finished'): Promise<any> {
  const code = String(DUAL_LIST_STATUS.code(status));
  return ((await api('/dual/dual_list', { status: code }, token)).message.list as Array<{ id: number }>).find((o) => o.id === id);
}

test('buys a dual investment with both outcomes shown before buying, and sees it settle with the formula\'s payout', async () => {
  await page.goto(`${baseUrl()}/#/pages/invest/invest`);
  await arrive(page, '/pages/invest/invest', 'earn-09-dual-products');
  await page.getByRole('tab', { name: en['dual.type.put'] }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: en['dual.buy'] }).first().click();
  await arrive(page, '/pages/invest/purchase', 'earn-10-dual-purchase');
  await field('dual.shares').fill('5');
  // 5 shares of 100 USDT: at or below the target price BTC, above it USDT, both before buying
  await page.getByTestId('dual-amount').filter({ hasText: /500(\.0+)? USDT/ }).waitFor();
  await page.getByTestId('dual-payout-base').filter({ hasText: /\d BTC/ }).waitFor();
  await page.getByTestId('dual-payout-quote').filter({ hasText: /500\.\d+ USDT/ }).waitFor();
  await field('withdraw.pay_password').fill(payPassword);
  await screenshot(page, 'earn-11-dual-purchase-filled');
  await button('dual.submit').click();
  await waitForToast(page, en['dual.bought']);
  await arrive(page, '/pages/invest/mine', 'earn-12-dual-holding');
  const [bought] = (await api('/dual/dual_list', {}, token)).message.list as Array<{ id: number; end_time: string; stage: string }>;
  expect(bought.stage).toBe('purchased');

  await advance(Math.ceil((Date.parse(bought.end_time) - (await serverNow()).getTime()) / 1000) + 120);
  const settled = await dualOrder(bought.id, 'finished');
  expect(settled).toMatchObject({ stage: 'success' });
  const expected = dualPayout({
    type: 'buy_low', amount: settled.amount, peg: settled.exercise_price, days: settled.days, annualRate: new D(settled.order_rate).div(100).toFixed(),
    baseDecimals: 8, quoteDecimals: 8,
  }, settled.settle_price);
  expect([settled.payout, settled.payout_currency_name]).toEqual([expected.amount.toFixed(), expected.side === 'base' ? 'BTC' : 'USDT']);
  await page.getByRole('tab', { name: en['dual.finished'] }).click();
  await page.getByRole('tabpanel').getByText(en['dual.status.success']).first().waitFor();
  await page.getByRole('tabpanel').getByText(`${settled.payout} ${settled.payout_currency_name}`).first().waitFor();
  await screenshot(page, 'earn-13-dual-settled');
});

test('subscribes to an oversubscribed IEO and sees the allocation and the refund', async () => {
  const [added] = await ops('ieo-project-add', 'OP', 'USDT', '2', '1000', '10', '5000', '0', '1', '1', '1', 'Optimism', 'launch', 'round');
  const id = /^#(\d+)/.exec(added)![1];
  await page.goto(`${baseUrl()}/#/pages/ieo/ieo`);
  await arrive(page, '/pages/ieo/ieo', 'earn-14-ieo-projects');
  await page.getByRole('link', { name: /Optimism launch round/ }).first().click();
  await arrive(page, '/pages/ieo/subscribe', 'earn-15-ieo-subscribe');
  await field('ieo.quantity').fill('2000');
  await page.getByTestId('ieo-cost').filter({ hasText: /4,?000(\.0+)? USDT/ }).waitFor();
  await field('withdraw.pay_password').fill(payPassword);
  await screenshot(page, 'earn-16-ieo-subscribe-filled');
  await button('ieo.submit').click();
  await waitForToast(page, en['ieo.subscribed']);
  await arrive(page, '/pages/ieo/order', 'earn-17-ieo-applied');
  const row = page.locator('main li').first();
  await row.getByText(en['ieo.order_status.applied']).waitFor();

  // The subscription ends 2x oversubscribed (2000 for 1000): all 1000 pass, 2000 USDT of 4000 come back.
  await ops('ieo-project-close', id);
  await ops('clock-advance', '61');
  await row.getByText(en['ieo.order_status.allocated']).waitFor();
  const [order] = (await apiGet('/user/project/order', {}, token)).message.data as Array<Record<string, string>>;
  expect(order).toMatchObject({ status: 'allocated', give_amount: '1000', cost: '2000', refund: '2000' });
  await screenshot(page, 'earn-18-ieo-allocated');

  await page.goto(`${baseUrl()}/#/pages/financial/index`);
  await arrive(page, '/pages/financial/index', 'earn-19-financial-hub');
});
