/**
 * Buying crypto end to end at phone size (issue 25): from the home shortcut Quick buy, a user sees the fee and the
 * USDT they will get before ordering, is told "Your area is temporarily not supported!" for a country not served,
 * buys by bank transfer (the beneficiary's details and a countdown, the transfer's screenshot uploaded) and sees
 * the USDT credited after the operator's confirmation, and told so in the message centre; then buys by card through
 * the simulated provider's page.
 * Screenshots go to test-output/e2e/buy-*.png.
 */
import type { Page } from 'playwright-core';
import { D } from '../../src/shared/format/decimal';
import { api, arrive, messagesOf, ops, pendingId, PNG, signUpAndLogIn } from './support/app';
import { baseUrl, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const email = `buyer.${Date.now()}@example.com`;
const phone = usePhone();
let page: Page;
let token: string;

beforeAll(async () => {
  page = phone.page;
  token = await signUpAndLogIn(page, email, 'Secret-123');
}, 120_000);

const field = (key: string) => page.getByLabel(en[key], { exact: true });
const button = (key: string) => page.getByRole('button', { name: en[key], exact: true });

async function spotUsdt(): Promise<string> {
  const wallet = (await api('/wallet/list', {}, token)).message as { change_wallet: { balance: { currency_name: string; change_balance: string }[] } };
  return new D(wallet.change_wallet.balance.find((b) => b.currency_name === 'USDT')!.change_balance).toFixed();
}

async function fillOrder(country: string, amount: string): Promise<void> {
  await field('buy.country').selectOption(country);
  await field('buy.amount').fill(amount);
  await field('buy.first_name').fill('Ann');
  await field('buy.last_name').fill('Lee');
  await field('buy.email').fill('ann@example.com');
  await field('buy.phone').fill('+1 555 0100');
  await field('buy.tax_id').fill('TX-1234');
}

test('buys USDT by bank transfer with a screenshot; credited after the operator confirms', async () => {
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await page.getByRole('link', { name: en['home.shortcut.quick_buy'] }).click();
  await arrive(page, '/pages/buy/index', 'buy-01-form');

  await fillOrder('KE', '1000');
  await page.getByText(en['api.fiat.area_unsupported']).waitFor(); // SPEC 5, under the country
  await field('buy.country').selectOption('US');
  await page.getByText(en['api.fiat.area_unsupported']).waitFor({ state: 'detached' });
  // 1,000 USD at 1 % (bank transfer): 10 USD fee, 990 USDT
  await page.getByTestId('buy-fee').filter({ hasText: /10\.00 USD/ }).waitFor();
  await page.getByTestId('buy-receive').filter({ hasText: /990\.00 USDT/ }).waitFor();
  await screenshot(page, 'buy-02-filled');
  await button('buy.submit').click();

  await arrive(page, '/pages/buy/order', 'buy-03-to-pay');
  await page.getByTestId('buy-iban').filter({ hasText: 'GB33BUKB20201555555555' }).waitFor();
  await page.getByRole('timer').filter({ hasText: /23:59:\d\d/ }).waitFor();
  await page.getByLabel(en['buy.voucher']).setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('.f-image-preview').last().waitFor();
  await button('buy.voucher.submit').click();
  await page.getByTestId('buy-status').filter({ hasText: en['buy.status.1'] }).waitFor();
  await page.getByText(en['buy.checking']).waitFor();
  await screenshot(page, 'buy-04-transfer-completed');
  expect(await spotUsdt()).toBe('0');

  await ops('fiat-confirm', pendingId(await ops('fiat-orders'), 'Ann Lee'));
  await page.reload();
  await page.getByTestId('buy-status').filter({ hasText: en['buy.status.2'] }).waitFor();
  await page.getByText(en['buy.credited']).waitFor();
  await screenshot(page, 'buy-05-credited');
  expect(await spotUsdt()).toBe('990');

  // The message centre tells the same: Mine shows one new message; opening it marks it read.
  await page.goto(`${baseUrl()}/#/pages/my/index`);
  await page.getByRole('link', { name: new RegExp(`${en['mine.menu.messages']}.*1 new`) }).click();
  await arrive(page, '/pages/mailMessage/mailMessageList', 'messages-01-list');
  await page.getByRole('link', { name: new RegExp(en['msg.fiat_paid.title']) }).click();
  await arrive(page, '/pages/mailMessage/mailMessage', 'messages-02-detail');
  await page.getByText(/990 USDT has been credited/).waitFor();
  await page.goto(`${baseUrl()}/#/pages/my/index`);
  await page.getByRole('link', { name: en['mine.menu.messages'], exact: true }).waitFor(); // no count left
});

test('buys USDT by card through the simulated provider', async () => {
  await page.goto(`${baseUrl()}/#/pages/buy/index`);
  await arrive(page, '/pages/buy/index', 'buy-06-form-again');
  await page.locator('label', { hasText: new RegExp(`^${en['buy.method.card']}`) }).click();
  await fillOrder('NG', '200');
  // 200 USD at 3.5 %: 7 USD fee, 193 USDT
  await page.getByTestId('buy-receive').filter({ hasText: /193\.00 USDT/ }).waitFor();
  await page.getByText(en['buy.note.provider']).waitFor();
  await button('buy.submit').click();

  await arrive(page, '/pages/buy/order', 'buy-07-card-to-pay');
  await button('buy.pay_now').click();
  await arrive(page, '/pages/buy/simulated', 'buy-08-simulated-provider');
  await page.getByTestId('sim-amount').filter({ hasText: '200.00 USD' }).waitFor();
  await button('buy.simulated.pay').click();

  await arrive(page, '/pages/buy/order', 'buy-09-card-paid');
  await page.getByTestId('buy-status').filter({ hasText: en['buy.status.2'] }).waitFor();
  expect(await spotUsdt()).toBe('1183');

  await page.goto(`${baseUrl()}/#/pages/buy/orders`);
  await arrive(page, '/pages/buy/orders', 'buy-10-orders');
  await page.getByRole('main').locator('li').filter({ hasText: en['buy.status.2'] }).nth(1).waitFor(); // both orders, paid
});
