/**
 * Issue 11 end to end at phone size: a funded user places a limit buy that fills when the price crosses it,
 * opens a 10x long with take-profit and stop-loss and closes it, closes all shorts, and places a 60 s seconds
 * order that settles with the right payout; then claims a 50 % fee coupon in the coupon centre (issue 26), sees on
 * the spot ticket what it gives back, buys, and finds it used with what it gave. Time moves with `npm run ops -- clock-advance` (the suite's server
 * runs with TEST_CLOCK=1), never by sleeping. Screenshots of each page in light and dark go to
 * test-output/e2e/trading-*.png.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from 'playwright-core';
import { D } from '../../src/shared/format/decimal';
import { LEVER_TYPE } from '../../src/shared/contract/lever';
import { SECONDS_STATUS } from '../../src/shared/contract/seconds';
import { SPOT_STATUS } from '../../src/shared/contract/spot';
import { secondsPayout } from '../../src/shared/domain/seconds';
import { api, apiGet, arrive, fundWithPayPassword, messagesOf, ops, signUpAndLogIn, waitForToast } from './support/app';
import { baseUrl, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const email = `trader.${Date.now()}@example.com`;
const password = 'Secret-123';
const payPassword = 'Pay-secret-7';
const phone = usePhone();
let page: Page;
let token: string;

/** 100,000 USDT deposited and approved, a payment password, 20,000 in the contract and 5,000 in the seconds account. */
async function fundTrader(): Promise<void> {
  await fundWithPayPassword(token, email, '100000', payPassword);
  for (const [to, number] of [['lever', '20000'], ['micro', '5000']]) {
    expect((await api('/wallet/change', { currency_id: '3', number, from_field: 'change', to_field: to }, token)).type).toBe('ok');
  }
}

beforeAll(async () => {
  page = phone.page;
  token = await signUpAndLogIn(page, email, password);
  await fundTrader();
}, 120_000);

const open = async (route: string, shot: string) => {
  await page.goto(`${baseUrl()}/#${route}`);
  await page.reload(); // a fresh start reads the account (payment password) again
  await arrive(page, route.split('?')[0], shot);
};
const field = (key: string) => page.getByLabel(en[key], { exact: true });
const button = (key: string) => page.getByRole('button', { name: en[key], exact: true });
/** A button whose text has ICU arguments (`Buy {coin}`), as English shows it. */
const buttonSaying = (key: string, values: Record<string, string | number>) =>
  page.getByRole('button', { name: String(new IntlMessageFormat(en[key], 'en').format(values)), exact: true });
const radio = (name: string | RegExp) => page.getByRole('radio', { name });
/** A chip: its radio input sits under the label the user taps. */
const chip = (name: RegExp) => page.locator('label', { has: radio(name) }).click();
/** The dialog's button that goes ahead, named by what it does (`Close position`, `Close positions`). */
const confirm = (key: string) => page.getByRole('dialog').getByRole('button', { name: en[key], exact: true }).click();
const get = (route: string, params: Record<string, string>) => apiGet(route, params, token);
const lastPrice = async () => new D((await api('/coin/info', { currency_id: '1' }, token)).message.price as string);

/** The same page in the dark theme. */
async function darkShot(shot: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200);
  await screenshot(page, `${shot}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a limit buy holds its USDT and fills at its price when the price crosses it', async () => {
  await open('/pages/transaction/index?symbol=BTC/USDT', 'trading-01-spot-ticket');
  await darkShot('trading-01-spot-ticket');
  // The dark variant of the trading pages, kept on the device until switched back.
  const moon = page.getByRole('button', { name: en['common.dark_variant'] });
  await moon.click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await screenshot(page, 'trading-01-spot-ticket-dark-variant');
  await moon.click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? 'system')).not.toBe('dark');
  await radio(en['trade.side.buy']).check();
  await radio(en['trade.kind.limit']).check();
  // Five cents under the last price: the market crosses it within seconds (a wider gap may take hours).
  const limit = (await lastPrice()).minus('0.05');
  await field('trade.price').fill(limit.toFixed(2));
  await field('trade.amount').fill('0.01');
  await page.getByTestId('spot-total').filter({ hasText: /\d/ }).waitFor();
  await screenshot(page, 'trading-02-spot-limit-typed');
  await buttonSaying('trade.spot.submit', { side: 1, coin: 'BTC' }).click();
  await waitForToast(page, en['trade.spot.placed']);

  // The market is a random walk: it may take a while to come down five cents. Ten seconds at a time (the
  // fills job looks at every second in between) for at most two hours; once the minute candles show the
  // price at or under the limit, the order must be filled.
  type Order = { target_price: string | null; status: number; price: string | null; created_at: string; done_at: string | null };
  const isOurs = (o: Order) => o.target_price !== null && new D(o.target_price).eq(limit);
  const ours = [...(await get('/coin/list', { orders: 'open' })).message, ...(await get('/coin/list', { orders: 'history' })).message].find(isOurs);
  const placedAt = Math.floor(Date.parse(ours.created_at) / 1000);
  let filled = false;
  let crossedSteps = 0;
  for (let i = 0; i < 720 && !filled && crossedSteps < 2; i++) {
    await ops('clock-advance', '10');
    const history = (await get('/coin/list', { orders: 'history' })).message as Order[];
    // The price may have fallen past the limit while the ticket was typed: then it filled at once, at the
    // lower last price; otherwise at the limit, when the market came down to it.
    filled = history.some((o) => isOurs(o) && o.status === SPOT_STATUS.code('filled')
      && (o.done_at === o.created_at ? new D(o.price!).lte(limit) : new D(o.price!).eq(limit)));
    // The K-line answers in the envelope's `data`, as the platform's chart reads it.
    const kline = await apiGet('/currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: String(placedAt - placedAt % 60) }) as unknown as { data: Array<{ time: number; low: string }> };
    const candles = kline.data;
    if (candles.some((c) => c.time > placedAt * 1000 && new D(c.low).lte(limit))) crossedSteps += 1;
  }
  expect(filled).toBe(true);
  await open('/pages/transaction/currency_order', 'trading-03-spot-orders');
  await page.getByRole('tab', { name: en['trade.order_history'] }).click();
  await page.getByText(en['trade.status.filled']).first().waitFor();
  await screenshot(page, 'trading-03-spot-filled');
  await darkShot('trading-03-spot-filled');
}, 300_000);

test('a 10x long with take-profit and stop-loss shows its liquidation price before opening, then closes', async () => {
  await open('/pages/transaction/index?symbol=BTC/USDT&mode=contract', 'trading-04-contract-ticket');
  await page.getByRole('tab', { name: en['trade.tab.contract'] }).click();
  await radio(en['trade.direction.long']).check();
  await chip(/^10×/);
  await field('trade.lots').fill('2');
  // The button is reachable above the fold (over the tab bar) at 390x844: take-profit and stop-loss fold behind "TP / SL".
  const submit = buttonSaying('trade.contract.submit', { side: 1, coin: 'BTC' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'trading-04-contract-fold');
  const [button, tabbar] = [await submit.boundingBox(), await page.locator('.tabbar').boundingBox()];
  expect(button!.y + button!.height).toBeLessThanOrEqual(tabbar ? tabbar.y : 844);
  await expect(field('trade.take_profit').count()).resolves.toBe(0);
  await page.getByRole('checkbox', { name: en['trade.tp_sl'], exact: true }).check();
  const price = await lastPrice();
  await field('trade.take_profit').fill(price.times('1.05').toFixed(2));
  await field('trade.stop_loss').fill(price.times('0.97').toFixed(2));
  const liquidation = page.getByTestId('contract-liquidation');
  await liquidation.filter({ hasText: /\d/ }).waitFor();
  await screenshot(page, 'trading-05-contract-typed');
  await darkShot('trading-05-contract-typed');
  await submit.click();
  await waitForToast(page, en['trade.contract.placed']);
  const [position] = (await api('/lever/my_trade', { status: '1' }, token)).message.message.data as Array<Record<string, string | number>>;
  expect(position).toMatchObject({ type: LEVER_TYPE.code('long'), multiple: 10, share: 2 });
  expect(new D(position.target_profit_price as string).eq(price.times('1.05').round(2, 0))).toBe(true);
  expect(Number(position.liquidation_price)).toBeGreaterThan(0);

  await open('/pages/transaction/contract_order', 'trading-06-contract-positions');
  await darkShot('trading-06-contract-positions');
  // Live from the feed (lever_trade): the market moves on, and the row shows the new price without a reload.
  const current = page.locator('.w-row-fields > div').filter({ has: page.locator('dt', { hasText: en['trade.current_price'] }) }).locator('dd').first();
  const before = await current.innerText();
  await ops('clock-advance', '5');
  await current.filter({ hasNotText: before }).waitFor();
  expect(await current.innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await page.getByRole('button', { name: en['trade.close'], exact: true }).first().click();
  await confirm('trade.close_position');
  await waitForToast(page, en['trade.closed']);
  expect((await api('/lever/my_trade', { status: '1' }, token)).message.message.total).toBe(0);
}, 120_000);

test('close shorts closes every short and keeps the longs', async () => {
  const long = LEVER_TYPE.code('long');
  const longsBefore = ((await api('/lever/my_trade', { status: '1' }, token)).message.message.data as Array<{ type: number }>).filter((p) => p.type === long).length;
  for (const direction of ['short', 'short', 'long'] as const) {
    expect((await api('/lever/submit', { currency_id: '1', type: String(LEVER_TYPE.code(direction)), share: '1', multiple: '20' }, token)).type).toBe('ok');
  }
  await open('/pages/transaction/contract_order', 'trading-07-before-close-shorts');
  await button('trade.close_short').click();
  await confirm('trade.close_positions');
  await waitForToast(page, en['trade.batch_closed']);
  const open_ = (await api('/lever/my_trade', { status: '1' }, token)).message.message.data as Array<{ type: number }>;
  expect(open_.map((p) => p.type)).toEqual(Array(longsBefore + 1).fill(long));
  await screenshot(page, 'trading-08-after-close-shorts');
}, 120_000);

test('a 60 s seconds order settles at expiry with the payout of its result', async () => {
  await open('/pages/transaction/index?symbol=BTC/USDT', 'trading-09-seconds-ticket');
  await page.getByRole('tab', { name: en['trade.tab.seconds'] }).click();
  await radio(en['trade.seconds.up']).check();
  await chip(/^60s/);
  await field('trade.seconds.stake').fill('100');
  await page.getByTestId('seconds-profit').filter({ hasText: /20/ }).waitFor();
  await screenshot(page, 'trading-10-seconds-typed');
  await darkShot('trading-10-seconds-typed');
  await buttonSaying('trade.seconds.submit', { side: 1 }).click();
  await waitForToast(page, en['trade.seconds.placed']);

  await open('/pages/transaction/seconds_order', 'trading-11-seconds-open');
  const [order] = (await get('/microtrade/lists', { status: '1' })).message.data as Array<{ id: number }>;
  await ops('clock-advance', '65');
  const settled = (await get('/microtrade/get_result', { id: String(order.id) })).message;
  expect(settled.status).toBe(SECONDS_STATUS.code('settled'));
  expect(new D(settled.payout).eq(secondsPayout(settled.result, '100', '0.2', 8))).toBe(true);
  await page.getByRole('tab', { name: en['trade.seconds.history'] }).click();
  await page.getByText(en[`trade.seconds.result.${settled.result}`]).first().waitFor();
  await screenshot(page, 'trading-12-seconds-settled');
  await darkShot('trading-12-seconds-settled');
}, 120_000);

// Issue 26's coupons, on this trader's account (no new sign-up: the suites share the codes a client may ask an hour).
test('the coupon centre offers the coupons; a claimed one is listed as available', async () => {
  await open('/pages/setting/coupon', 'coupons-01-centre');
  const fee50 = page.locator('li').filter({ hasText: 'FEE50' }).first();
  await fee50.getByText('50% off the fee of one spot or contract trade worth 10 USDT or more, up to 20 USDT').waitFor();
  await fee50.getByRole('button', { name: en['coupon.claim'], exact: true }).click();
  await waitForToast(page, en['coupon.claimed']);
  await fee50.getByText(/^1 \/ 3$/).waitFor();
  await screenshot(page, 'coupons-02-claimed');
  await page.getByRole('tab', { name: en['coupon.tab.available'], exact: true }).click();
  const held = page.getByRole('tabpanel').locator('li').filter({ hasText: 'FEE50' });
  await held.getByText(en['coupon.source.claim']).waitFor();
  await held.getByRole('button', { name: en['coupon.use.trade'], exact: true }).waitFor();
  await screenshot(page, 'coupons-03-available');
});

test('the spot ticket shows what the coupon gives back; the buy uses it, once', async () => {
  await open('/pages/transaction/index?symbol=BTC/USDT', 'coupons-04-ticket');
  await radio(en['trade.side.buy']).check();
  await radio(en['trade.kind.market']).check();
  await field('trade.amount').fill('0.01');
  const coupon = page.getByTestId('spot-coupon');
  await page.getByText(String(new IntlMessageFormat(en['trade.coupon'], 'en').format({ code: 'FEE50' })), { exact: true }).waitFor();
  await coupon.filter({ hasText: /^\s*\+0\.0+[1-9]\d*\s+BTC\s*$/ }).waitFor();
  await screenshot(page, 'coupons-05-ticket-with-coupon');
  await buttonSaying('trade.spot.submit', { side: 1, coin: 'BTC' }).click();
  await waitForToast(page, en['trade.spot.placed']);
  await coupon.waitFor({ state: 'detached' }); // used: the next order has none

  const used = (await get('/coupon/list', { status: 'used' })).message.data as Array<{ code: string; saving: string; saving_currency: string }>;
  expect(used).toEqual([expect.objectContaining({ code: 'FEE50', saving_currency: 'BTC' })]);
  expect(new D(used[0].saving).gt(0)).toBe(true);
  await open('/pages/setting/coupon?tab=used', 'coupons-06-used');
  await page.getByRole('tabpanel').locator('li').filter({ hasText: 'FEE50' }).filter({ hasText: /\+0\.0+[1-9]\d*\s+BTC/ }).waitFor();
  // The bills show the fee given back as its own line.
  const bills = (await api('/wallet/legal_log', { page: '1', limit: '20' }, token)).message.list as Array<{ cause: string; info: string }>;
  expect(bills.find((b) => b.cause === 'coupon.fee')).toMatchObject({ info: en['record.cause.coupon.fee'] });
});
