/**
 * The trade screen on a phone (issue 23), at 390x844: the ticket and the order book side by side above the
 * fold, a tap on a book price filling the ticket's price, the submit button saying what it does; a visitor's
 * "Log in to trade" going to login and back to the pair; the cancel dialog naming its actions. Screenshots in
 * English (light and dark) and Persian: test-output/e2e/trade-screen-*.png.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locator, Page } from 'playwright-core';
import { api, arrive, fundWithPayPassword, messagesOf, ops, waitForToast } from './support/app';
import { baseUrl, mailedCode, PHONE, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const fa = messagesOf('fa');
const email = `ticket.${Date.now()}@example.com`;
const password = 'Secret-123';
const payPassword = 'Pay-secret-7';
const phone = usePhone();
let page: Page;
let token: string;
const SPOT = '/pages/transaction/currency';

/** Where `locator` is drawn, once it is (the ticket's form arrives after the screen, and redraws it). */
const box = async (locator: Locator) => {
  for (let tries = 0; tries < 3; tries++) {
    await locator.waitFor();
    const b = await locator.boundingBox();
    if (b) return b;
  }
  throw new Error('not drawn');
};
const say = (messages: Record<string, string>, key: string, values: Record<string, string | number>, lang = 'en') =>
  String(new IntlMessageFormat(messages[key], lang).format(values));
const ticket = () => page.locator('.w-columns__column').first();
const book = () => page.locator('.w-columns__column').nth(1).locator('.w-book');

/** The ticket and the book share the row (the ticket first in the reading direction), both starting above the fold. */
async function sideBySide(rtl = false): Promise<void> {
  const [t, b] = [await box(ticket()), await box(book())];
  expect(t.y).toBeLessThan(PHONE.height / 2);
  expect(b.y).toBeLessThan(PHONE.height / 2);
  // The first levels of the book and the ticket's first fields are in view without scrolling.
  expect((await box(book().locator('.w-book-level').first())).y + 26).toBeLessThan(PHONE.height);
  expect(Math.abs(t.y - b.y)).toBeLessThan(2);
  expect(t.width).toBeGreaterThan(b.width);
  if (rtl) expect(t.x).toBeGreaterThan(b.x); else expect(t.x).toBeLessThan(b.x);
}

beforeAll(() => { page = phone.page; });

const open = async (route: string, shot: string) => {
  await page.goto(`${baseUrl()}/#${route}`);
  await page.reload(); // a fresh start reads the account (payment password) again
  await arrive(page, route.split('?')[0], shot);
};

test('a visitor sees the pair, the book and a way to log in that comes back to the pair', async () => {
  await page.goto(`${baseUrl()}/#${SPOT}?symbol=BTC/USDT`);
  await arrive(page, SPOT, 'trade-screen-01-visitor');
  await book().locator('.w-book-level').first().waitFor();
  await sideBySide();
  await screenshot(page, 'trade-screen-01-visitor');
  // The price comes first; the way to trade is the ticket's place.
  expect((await box(page.getByTestId('pair-price'))).y).toBeLessThan((await box(page.getByRole('button', { name: en['trade.login_to_trade'] }))).y);

  // Registered meanwhile; logging in from the pair returns to it.
  expect((await api('/sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
  const code = await mailedCode(email, 'register');
  expect((await api('/user/register', { user_string: email, code, password, re_password: password })).type).toBe('ok');
  await page.getByRole('button', { name: en['trade.login_to_trade'] }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/common/login?back='));
  await page.getByLabel(en['login.user_string.label'], { exact: true }).fill(email);
  await page.getByLabel(en['login.password.label'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
  await page.waitForURL((url) => url.hash.split('?')[0] === `#${SPOT}`);
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${SPOT}?symbol=BTC/USDT`);
}, 120_000);

test('a user\'s ticket beside the book; a tap on a book price fills the ticket\'s price', async () => {
  token = (await api('/user/login', { user_string: email, password })).message as string;
  await fundWithPayPassword(token, email, '10000', payPassword);
  await open(`${SPOT}?symbol=BTC/USDT`, 'trade-screen-02-spot');
  const submit = page.getByRole('button', { name: say(en, 'trade.spot.submit', { side: 1, coin: 'BTC' }), exact: true });
  await submit.waitFor();
  await book().locator('.w-book-level').first().waitFor();
  await sideBySide();

  const bid = page.getByRole('list', { name: en['book.bids'] }).getByRole('button').first();
  // The book moves every second: read the level's price and tap it at once.
  const shown = await bid.evaluate((el: HTMLElement) => {
    const text = el.querySelector('.w-book-price')?.textContent ?? '';
    el.click();
    return text;
  });
  const price = page.getByLabel(en['trade.price'], { exact: true });
  await expect(price.inputValue()).resolves.toBe(shown.replace(/,/g, ''));
  await screenshot(page, 'trade-screen-03-price-picked');

  // The stepper moves it by one cent (BTC/USDT has 2 price decimals).
  await page.getByRole('button', { name: say(en, 'form.amount.increase', { field: en['trade.price'] }), exact: true }).click();
  const cents = (v: string) => Math.round(Number(v) * 100);
  expect(cents(await price.inputValue())).toBe(cents(shown.replace(/,/g, '')) + 1);

  // Selling: the button says so, in red.
  await page.getByRole('radio', { name: en['trade.side.sell'] }).check();
  const sell = page.getByRole('button', { name: say(en, 'trade.spot.submit', { side: 2, coin: 'BTC' }), exact: true });
  await sell.waitFor();
  expect(await sell.getAttribute('class')).toContain('f-submit--down');
  await screenshot(page, 'trade-screen-04-sell');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200);
  await screenshot(page, 'trade-screen-04-sell-dark');
  await page.emulateMedia({ colorScheme: 'light' });
}, 180_000);

test('the cancel dialog names its actions: Keep order / Cancel order', async () => {
  await page.getByRole('radio', { name: en['trade.side.buy'] }).check();
  await page.getByRole('radio', { name: en['trade.kind.limit'] }).check();
  await page.getByLabel(en['trade.price'], { exact: true }).fill('1000');
  await page.getByLabel(en['trade.amount'], { exact: true }).fill('0.01');
  await page.getByTestId('spot-total').filter({ hasText: /\d/ }).waitFor();
  await page.getByRole('button', { name: say(en, 'trade.spot.submit', { side: 1, coin: 'BTC' }), exact: true }).click();
  await waitForToast(page, en['trade.spot.placed']);
  await page.getByRole('button', { name: en['trade.cancel'], exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(en['trade.cancel_confirm']).waitFor();
  await dialog.getByRole('button', { name: en['trade.keep_order'], exact: true }).waitFor();
  await screenshot(page, 'trade-screen-05-cancel-dialog');
  await dialog.getByRole('button', { name: en['trade.cancel_order'], exact: true }).click();
  await waitForToast(page, en['trade.cancelled']);
}, 120_000);

test('Persian: the ticket first at the right, the book at the left; the contract screen the same', async () => {
  await page.evaluate(() => localStorage.setItem('lang', 'fa'));
  await open(`${SPOT}?symbol=BTC/USDT`, 'trade-screen-06-spot-fa');
  await page.getByRole('button', { name: say(fa, 'trade.spot.submit', { side: 1, coin: 'BTC' }, 'fa'), exact: true }).waitFor();
  await book().locator('.w-book-level').first().waitFor();
  await sideBySide(true);
  await screenshot(page, 'trade-screen-06-spot-fa');
  const contract = '/pages/transaction/contract';
  await open(`${contract}?symbol=BTC/USDT`, 'trade-screen-07-contract-fa');
  await page.getByRole('button', { name: say(fa, 'trade.contract.submit', { side: 1, coin: 'BTC' }, 'fa'), exact: true }).waitFor();
  await book().locator('.w-book-level').first().waitFor();
  await sideBySide(true);
  await screenshot(page, 'trade-screen-07-contract-fa');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await open(`${contract}?symbol=BTC/USDT`, 'trade-screen-08-contract');
  await book().locator('.w-book-level').first().waitFor();
  await sideBySide();
  // The pair switch keeps a contract on contract.
  await page.getByRole('button', { name: say(en, 'pair.switch', { pair: 'BTC/USDT' }) }).click();
  await page.waitForURL((url) => url.hash === '#/pages/market/search?mode=contract');
  await page.getByRole('searchbox').fill('eth');
  await page.getByText('ETH/USDT', { exact: true }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/transaction/index?'));
  expect(new URL(page.url()).hash).toContain('mode=contract');
  await page.getByRole('tab', { name: en['trade.tab.contract'], selected: true }).waitFor();
  await screenshot(page, 'trade-screen-09-switched-contract');
}, 120_000);

/** The page's layout shifts so far without recent input, summed (at least its CLS, which counts the worst window). */
const layoutShift = () => page.evaluate(() => new Promise<number>((resolve) => {
  interface LayoutShift extends PerformanceEntry { value: number; hadRecentInput: boolean }
  let sum = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as LayoutShift[]) if (!e.hadRecentInput) sum += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve(sum), 200);
}));

test('below the ticket and the book: the chart, then open orders and recent trades under tabs; the page does not move as it fills', async () => {
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await open(`${SPOT}?symbol=BTC/USDT`, 'trade-screen-10-recent-trades');
  const tabs = page.getByRole('tablist', { name: en['trade.activity'] });
  await tabs.waitFor();
  await book().locator('.w-book-level').first().waitFor();
  const chart = page.locator('.w-kline');
  await chart.waitFor();
  await page.getByText(en['trade.empty.open_orders']).waitFor();
  await page.waitForTimeout(1500); // the chart's candles and a few market seconds
  const shifted = await layoutShift();
  expect(shifted).toBeLessThan(0.05);
  expect((await box(chart)).y).toBeGreaterThan((await box(book())).y);
  expect((await box(tabs)).y).toBeGreaterThan((await box(chart)).y);
  await expect(tabs.getByRole('tab', { name: en['trade.open_orders'] }).getAttribute('aria-selected')).resolves.toBe('true');
  await page.getByText(en['trade.empty.open_orders_hint']).scrollIntoViewIfNeeded();
  await screenshot(page, 'trade-screen-10-open-orders-empty');

  await tabs.getByRole('tab', { name: en['trades.title'] }).click();
  const trades = page.locator('.w-trades');
  await trades.getByRole('heading', { name: en['trades.title'] }).waitFor();
  const rows = trades.locator('.w-trades-row');
  await rows.first().waitFor();
  expect(await rows.evaluateAll((r) => [...new Set(r.map((x) => x.getBoundingClientRect().height))])).toEqual([26]);
  // No amount in this live list carries the "tap for the exact value" mark (docs/numbers.md).
  expect(await trades.locator('[data-exact], .is-rounded').count()).toBe(0);
  const newest = await rows.first().locator('.w-trades-time').textContent();
  await ops('clock-advance', '30');
  await page.waitForFunction((before) => document.querySelector('.w-trades-row .w-trades-time')?.textContent !== before, newest);
  await page.waitForFunction(() => document.querySelectorAll('.w-trades-row').length === 20);
  await trades.scrollIntoViewIfNeeded();
  await screenshot(page, 'trade-screen-10-recent-trades');
}, 120_000);
