/**
 * Issue 25 end to end at phone size: a user with BTC reads the loan terms, borrows USDT against a BTC pledge (the
 * pledge, interest and repayment shown before applying), the operator approves it, the loan's risk rate follows
 * the BTC price as the clock moves it (the `loan_health` feed, no reload), the user adds to the pledge and repays
 * in full from the spot account: the whole pledge is released. Time moves with `npm run ops -- clock-advance` (TEST_CLOCK=1), never by
 * sleeping. Screenshots go to test-output/e2e/loans-*.png.
 */
import type { Page } from 'playwright-core';
import { group } from '../../src/shared/format';
import { D } from '../../src/shared/format/decimal';
import { api, apiGet, arrive, fundWithPayPassword, messagesOf, ops, pendingId, PNG, signUpAndLogIn, waitForToast } from './support/app';
import { baseUrl, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const email = `borrower.${Date.now()}@example.com`;
const password = 'Secret-123';
const phone = usePhone();
let page: Page;
let token: string;

/** Deposits `amount` of currency `id` as the platform's app declares it, approved by the operator. */
async function deposit(currency: string, amount: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'voucher.png');
  const voucher = (await (await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form })).json()).message as string;
  expect(await api('/wallet/charge_req', { account: voucher, amount, currency, type: '0' }, token)).toMatchObject({ type: 'ok' });
  await ops('approve-deposit', pendingId(await ops('deposits'), email));
}

/** The spot balance of a currency: available and frozen. */
async function spot(name: string): Promise<{ available: string; frozen: string }> {
  const wallet = (await api('/wallet/list', {}, token)).message as { change_wallet: { balance: { currency_name: string; change_balance: string; lock_change_balance: string }[] } };
  const b = wallet.change_wallet.balance.find((x) => x.currency_name === name)!;
  return { available: new D(b.change_balance).toFixed(), frozen: new D(b.lock_change_balance).toFixed() };
}

beforeAll(async () => {
  page = phone.page;
  token = await signUpAndLogIn(page, email, password);
  await fundWithPayPassword(token, email, '2000', 'Pay-secret-7');
  await deposit('1', '1'); // 1 BTC
}, 120_000);

const field = (key: string) => page.getByLabel(en[key], { exact: true });
const button = (key: string) => page.getByRole('button', { name: en[key], exact: true });
/** A figure of a record row by its label. */
const rowField = (row: ReturnType<Page['locator']>, key: string) => row.locator('dl > div').filter({ has: page.getByText(en[key], { exact: true }) }).locator('dd');

test('borrows against BTC, sees the risk rate follow the price, adds to the pledge, repays in full and gets the pledge back', async () => {
  await page.goto(`${baseUrl()}/#/pages/my/index`);
  await page.getByRole('link', { name: en['mine.menu.loans'] }).click();
  await arrive(page, '/pages/common/borrowing', 'loans-01-intro');
  await page.getByRole('main').getByText('150%').first().waitFor(); // the pledge ratio, from the operator's terms
  await button('loan.borrow_now').click();
  await arrive(page, '/pages/common/borrow', 'loans-02-borrow');

  await page.locator('label', { hasText: /^30 days/ }).click();
  await page.locator('label', { hasText: /^BTC$/ }).click();
  expect(await page.getByRole('radio', { name: /^30 days/ }).isChecked()).toBe(true);
  await field('loan.amount').fill('10000');
  // 10,000 USDT x 150 % in BTC at its price, 0.25 % a day for 30 days: 750 USDT, 10,750 repaid
  await page.getByTestId('loan-pledge').filter({ hasText: /0\.\d+ BTC/ }).waitFor();
  await page.getByTestId('loan-interest').filter({ hasText: /^.*750(\.00)? USDT/ }).waitFor();
  await page.getByTestId('loan-repay').filter({ hasText: /10,750(\.00)? USDT/ }).waitFor();
  await screenshot(page, 'loans-03-borrow-filled');
  await button('loan.submit').click();
  await waitForToast(page, en['loan.applied']);
  await arrive(page, '/pages/common/borrow_history', 'loans-04-under-review');
  const pledged = await spot('BTC');
  expect(new D(pledged.frozen).gt(0) && new D(pledged.available).plus(pledged.frozen).eq(1)).toBe(true);

  await ops('loan-approve', pendingId(await ops('loans'), email));
  await page.getByRole('tab', { name: en['loan.status.1'] }).click();
  const row = page.getByRole('tabpanel').locator('li').first();
  const risk = rowField(row, 'loan.risk_rate');
  await risk.filter({ hasText: /^\d+(\.\d+)?%$/ }).waitFor();
  const before = await risk.textContent();
  await screenshot(page, 'loans-05-active');
  // The price walks as the clock moves; the row follows it without a reload.
  let after = before;
  for (let i = 0; i < 20 && after === before; i++) {
    await ops('clock-advance', '30');
    await page.waitForFunction(([el, was]) => el!.textContent !== was, [await risk.elementHandle(), before] as const, { timeout: 3000 }).catch(() => undefined);
    after = await risk.textContent();
  }
  expect(after).not.toBe(before);
  const [loan] = (await apiGet('/loanLog', {}, token)).message.data as Array<{ id: number; risk_rate: string; owed: string }>;
  await screenshot(page, 'loans-06-health-moved');

  // More pledge: the risk rate rises and the liquidation price falls before anything moves.
  await row.getByRole('button', { name: en['loan.pledge_add'], exact: true }).click();
  await arrive(page, '/pages/common/pledge', 'loans-07-pledge');
  await field('loan.pledge_add.amount').fill('0.1');
  await page.getByTestId('pledge-after').filter({ hasText: /0\.3\d+ BTC/ }).waitFor();
  await page.getByTestId('pledge-risk-after').filter({ hasText: /^.*2\d\d(\.\d+)?%/ }).waitFor(); // about 150 % x 0.32 / 0.22
  await screenshot(page, 'loans-08-pledge-filled');
  await button('loan.pledge_add.submit').click();
  await waitForToast(page, en['loan.pledge_added']);
  await arrive(page, '/pages/common/borrow_history', 'loans-09-pledged');
  const topped = (await apiGet('/loanLog', {}, token)).message.data[0] as { pawn_num: string; risk_rate: string };
  expect(new D(topped.pawn_num).minus(pledged.frozen).toFixed()).toBe('0.1');
  expect(new D(topped.risk_rate).gt(2)).toBe(true);

  await page.getByRole('tab', { name: en['loan.status.1'] }).click();
  await row.getByRole('button', { name: en['loan.repay'], exact: true }).click();
  await arrive(page, '/pages/common/repayment', 'loans-10-repay');
  await button('form.amount.max').click();
  await page.getByTestId('repay-left').filter({ hasText: /^.*\b0 USDT/ }).waitFor();
  await screenshot(page, 'loans-11-repay-filled');
  await button('loan.repay.submit').click();
  await waitForToast(page, en['loan.repaid']);
  await arrive(page, '/pages/common/repaymenthistory', 'loans-12-repayments');
  await page.getByRole('main').getByText(`${group(loan.owed)} USDT`, { exact: true }).first().waitFor(); // everything owed, interest first
  expect(await spot('BTC')).toEqual({ available: '1', frozen: '0' });
  expect((await apiGet('/loanLog', {}, token)).message.data[0]).toMatchObject({ id: loan.id, status: 2, owed: '0' });
});
