/**
 * Issue 22 end to end: a close whose answer is lost is not closed twice. A funded user with an open contract
 * position taps Close on a flaky network: the server closes the position, but its answer never reaches the
 * phone (and the socket is down, so nothing tells the page either). The user sees the network error, still
 * sees the row, and taps Close again: the app sends the same Idempotency-Key, the server answers as it did
 * the first time, and the balance and the statement show one close.
 */
import type { Page, Route } from 'playwright-core';
import { LEVER_TYPE } from '../../src/shared/contract/lever';
import { api, arrive, fundWithPayPassword, messagesOf, signUpAndLogIn, waitForToast } from './support/app';
import { baseUrl, usePhone } from './support/browser';

const en = messagesOf('en');
const email = `retrier.${Date.now()}@example.com`;
const phone = usePhone();
let page: Page;
let token: string;

const leverBalance = async () => (await api('/wallet/detail', { currency: '3', type: 'lever' }, token)).message.lever_balance as string;
const closeLines = async () => ((await api('/wallet/legal_log', { type: '3' }, token)).message.list as Array<{ cause: string }>)
  .filter((line) => line.cause === 'contract.close').length;
const positions = async (status: string) => (await api('/lever/my_trade', { status }, token)).message.message.total as number;
const closeButton = () => page.getByRole('button', { name: en['trade.close'], exact: true }).first();
/** The dialog's button that closes the position (named by what it does). */
const confirm = () => page.getByRole('dialog').getByRole('button', { name: en['trade.close_position'], exact: true }).click();

beforeAll(async () => {
  page = phone.page;
  // The socket never connects: only the answers of the calls tell the page what happened.
  await page.routeWebSocket(/\/socket\.io\//, () => undefined);
  token = await signUpAndLogIn(page, email, 'Secret-123');
  await fundWithPayPassword(token, email, '1000', 'Pay-secret-7');
  expect((await api('/wallet/change', { currency_id: '3', number: '500', from_field: 'change', to_field: 'lever' }, token)).type).toBe('ok');
  expect((await api('/lever/submit', { currency_id: '1', type: String(LEVER_TYPE.code('long')), share: '1', multiple: '10' }, token)).type).toBe('ok');
}, 120_000);

test('a close whose answer was lost, tapped again, closes the position once', async () => {
  await page.goto(`${baseUrl()}/#/pages/transaction/contract_order`);
  await arrive(page, '/pages/transaction/contract_order', 'retried-close-01-position');
  const opened = await leverBalance();

  const keys: string[] = [];
  let dropped = false;
  await page.route('**/api/lever/close', async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch(); // the server closes the position ...
    await route.abort('connectionreset'); // ... and its answer is lost on the way back
  });

  await closeButton().click();
  await confirm();
  await waitForToast(page, en['common.network_error']);
  expect(await positions('1')).toBe(0); // closed on the server
  const closed = await leverBalance();
  const lines = await closeLines();
  expect(Number(closed)).toBeGreaterThan(Number(opened)); // the margin came back
  expect(lines).toBeGreaterThan(0);

  await closeButton().click(); // the row is still shown: nothing told the page
  await confirm();
  await waitForToast(page, en['trade.closed']);

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await leverBalance()).toBe(closed);
  expect(await closeLines()).toBe(lines);
  expect(await positions('3')).toBe(1);
  await closeButton().waitFor({ state: 'detached' }); // the answer refreshed the list
}, 120_000);
