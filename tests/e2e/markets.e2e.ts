/**
 * Markets in real Chromium at phone size against `npm start`: the home market list shows live prices that
 * change within seconds, its tabs re-rank the pairs, a dropped connection is announced; the market tab
 * sorts, and a logged-in user's watch list survives a reload.
 */
import type { Page } from 'playwright-core';
import { api } from './support/app';
import { axeViolations, baseUrl, mailedCode, screenshot, usePhone } from './support/browser';

const phone = usePhone();
let page: Page;
beforeAll(() => { page = phone.page; });

const prices = () => page.locator('.w-market .w-market-price').allTextContents();

test('home shows the popup announcement once, then live prices that change within 5 s', async () => {
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  const popup = page.getByRole('dialog', { name: 'Welcome to Harbor Exchange' });
  await popup.waitFor();
  await screenshot(page, 'market-00-home-popup');
  await popup.getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: 'Markets' }).waitFor();
  await page.waitForTimeout(500);
  expect(await page.getByRole('dialog').count()).toBe(0); // once per session
  await page.locator('.w-market .w-market-price').first().waitFor();
  const first = await prices();
  expect(first.length).toBe(10);
  expect(first.every((p) => /^[\d,]+\.\d+$/.test(p))).toBe(true);
  await page.waitForFunction((before) => {
    const now = [...document.querySelectorAll('.w-market .w-market-price')].map((e) => e.textContent);
    return now.join('|') !== before.join('|');
  }, first, { timeout: 5000 });
  await screenshot(page, 'market-01-home-live');
  expect(await axeViolations(page)).toEqual([]);
});

test('the announcement strip leads to the announcement and to all of them', async () => {
  await page.getByRole('region', { name: 'Announcements' }).getByRole('link', { name: 'Welcome to Harbor Exchange' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/mailMessage/ggDetail?id='));
  await page.getByRole('heading', { name: 'Welcome to Harbor Exchange' }).waitFor();
  await page.goBack();
  await page.getByRole('link', { name: 'More Announcements' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/mailMessage/ggList'));
  await page.getByRole('link', { name: /Beware of phishing messages/ }).waitFor();
  await screenshot(page, 'market-00-announcements');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await page.getByRole('heading', { name: 'Markets' }).waitFor();
});

/** The changes shown, once a read finds them in the given order (a live update may land mid-render). */
async function changesWhenRanked(order: 'desc' | 'asc'): Promise<number[]> {
  const handle = await page.waitForFunction((dir) => {
    const xs = [...document.querySelectorAll('.w-market .w-market-change')].map((e) => Number(e.textContent!.replace('%', '')));
    const ranked = xs.every((x, i) => i === 0 || (dir === 'desc' ? xs[i - 1] >= x : xs[i - 1] <= x));
    return xs.length === 10 && ranked ? xs : null;
  }, order, { timeout: 10_000 }); // at least three re-sorts (CALM_RESORT_MS)
  return (await handle.jsonValue()) as number[];
}

test('the tabs rank by change and by volume', async () => {
  const gainers = await changesWhenRanked('desc');
  await page.getByRole('tab', { name: 'Losers' }).click();
  await page.getByRole('tab', { name: 'Losers', selected: true }).waitFor();
  const losers = await changesWhenRanked('asc');
  expect(losers[0]).toBeLessThanOrEqual(gainers.at(-1)!);
  await page.getByRole('tab', { name: 'Volume' }).click();
  await page.getByRole('tab', { name: 'Volume', selected: true }).waitFor();
  await screenshot(page, 'market-02-home-volume');
});

test('a dropped connection is announced, and live prices resume after it comes back', async () => {
  await phone.context.setOffline(true);
  await page.getByText(/Prices have not been live since \d{2}:\d{2}:\d{2}/).waitFor({ timeout: 30_000 });
  await screenshot(page, 'market-03-offline');
  await phone.context.setOffline(false);
  await page.getByText(/Prices have not been live/).waitFor({ state: 'detached', timeout: 30_000 });
});

test('the market tab lists spot pairs and sorts them by change', async () => {
  await page.getByRole('link', { name: 'Market' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/market/market'));
  await page.locator('.w-board .w-market-price').first().waitFor();
  await page.getByRole('button', { name: /24h change/ }).click();
  const changes = (await page.locator('.w-board .w-market-change').allTextContents()).map((x) => Number(x.replace('%', '')));
  expect(changes.length).toBeGreaterThanOrEqual(20);
  expect(changes).toEqual([...changes].sort((a, b) => b - a));
  await screenshot(page, 'market-04-tab-sorted');
  expect(await axeViolations(page)).toEqual([]);
});

test('a logged-in user follows a pair and still sees it after a reload', async () => {
  const email = `watch.${Date.now()}@example.com`;
  const password = 'Secret-123';
  expect((await api('/sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
  const code = await mailedCode(email);
  expect((await api('/user/register', { user_string: email, code, password, re_password: password })).type).toBe('ok');
  const token = (await api('/user/login', { user_string: email, password })).message;
  await page.evaluate((tok) => { localStorage.setItem('token', tok); }, token);
  await page.reload();
  await page.getByRole('button', { name: 'Add SOL/USDT to favourites' }).click();
  await page.getByRole('button', { name: 'Remove SOL/USDT from favourites' }).waitFor();
  await page.reload();
  await page.getByRole('tab', { name: 'Favourites' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByText('SOL/USDT', { exact: true }).waitFor();
  expect(await panel.locator('li').count()).toBe(1);
  await screenshot(page, 'market-05-favourites');
});

test('search finds ETH as you type and remembers the search', async () => {
  await page.goto(`${baseUrl()}/#/pages/market/market`);
  await page.getByRole('link', { name: 'Search' }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/market/search'));
  const box = page.getByRole('searchbox', { name: 'Search pairs' });
  await box.fill('eth');
  await page.getByText('ETH/USDT', { exact: true }).waitFor();
  await box.press('Enter');
  await screenshot(page, 'market-06-search');
  expect(await axeViolations(page)).toEqual([]);
  await box.fill('');
  await page.getByRole('button', { name: 'eth', exact: true }).waitFor();
});

/** Pixels of the chart canvas painted exactly in the up and in the down colour (the candle bodies). */
async function candlePixels(): Promise<{ up: number; down: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelector('.w-kline-chart canvas') as HTMLCanvasElement | null;
    if (!canvas) return { up: 0, down: 0 };
    const style = getComputedStyle(document.documentElement);
    const rgb = (name: string) => {
      const probe = document.createElement('span');
      probe.style.color = style.getPropertyValue(name).trim();
      document.body.append(probe);
      const m = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
      probe.remove();
      return m;
    };
    const [up, down] = [rgb('--color-up'), rgb('--color-down')];
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const count = { up: 0, down: 0 };
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === up[0] && data[i + 1] === up[1] && data[i + 2] === up[2]) count.up++;
      else if (data[i] === down[0] && data[i + 1] === down[1] && data[i + 2] === down[2]) count.down++;
    }
    return count;
  });
}

test('a pair opens from the market tab; its chart draws candles for each period, with values under the finger', async () => {
  await page.goto(`${baseUrl()}/#/pages/market/market`);
  await page.getByRole('tab', { name: 'Spot' }).click();
  await page.locator('.w-board').getByRole('link', { name: /^BTC\/USDT/ }).click();
  await page.waitForURL((url) => url.hash.startsWith('#/pages/transaction/index?symbol=BTC'));
  await page.getByRole('heading', { name: 'BTC/USDT' }).waitFor();
  await page.getByRole('list', { name: 'Buy orders' }).locator('li').first().waitFor();
  for (const [label, period] of [['1m', '1min'], ['5m', '5min'], ['30m', '30min'], ['1H', '60min'], ['1D', '1D'], ['1W', '1W'], ['1M', '1M']]) {
    await page.getByRole('tab', { name: label, exact: true }).click();
    await page.locator(`.w-kline-chart[data-period="${period}"] canvas`).waitFor();
    expect(Number(await page.locator('.w-kline-chart').getAttribute('data-candles'))).toBeGreaterThanOrEqual(300);
    let painted = await candlePixels();
    for (let tries = 0; tries < 25 && (painted.up <= 50 || painted.down <= 50); tries++) {
      await page.waitForTimeout(200); // echarts paints on the next frames
      painted = await candlePixels();
    }
    expect(painted.up).toBeGreaterThan(50);
    expect(painted.down).toBeGreaterThan(50);
    await screenshot(page, `market-07-chart-${period}`);
  }
  // The trade tab shows the ticket above the pair detail: bring the chart to the middle of the screen, clear
  // of the fixed buy and sell bar, before touching it.
  const canvas = page.locator('.w-kline-chart canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const close = page.getByText('Close', { exact: true });
  // A tap shows the values under the finger; on a busy machine the chart may still be laying out: tap again.
  for (let tries = 0; tries < 10 && !(await close.isVisible()); tries++) {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    await close.waitFor({ timeout: 3000 }).catch(() => undefined);
  }
  await close.waitFor();
  await screenshot(page, 'market-08-chart-crosshair');
  expect(await axeViolations(page)).toEqual([]);
});
