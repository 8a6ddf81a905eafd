/** Steps the browser suites share: the API as the app calls it, a fresh logged-in user, arriving on a route. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { runOps } from '../../../scripts/ops';
import { axeViolations, baseUrl, mailedCode, screenshot } from './browser';
import { ROOT, SERVER_STATE } from './paths';

export const messagesOf = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;

/** POSTs a form to the API the way the app does; returns the envelope. */
export async function api(route: string, data: Record<string, string>, token?: string): Promise<{ type: string; message: any }> {
  const res = await fetch(`${baseUrl()}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(data).toString(),
  });
  return (await res.json()) as { type: string; message: any };
}

/** GETs the API as the app's lists do; returns the envelope. */
export async function apiGet(route: string, params: Record<string, string>, token?: string): Promise<{ type: string; message: any }> {
  const res = await fetch(`${baseUrl()}/api${route}?${new URLSearchParams(params).toString()}`, { headers: token ? { authorization: token } : {} });
  return (await res.json()) as { type: string; message: any };
}

/** Registers a new account through the API (code from the server log) and logs the page in; returns the token. */
export async function signUpAndLogIn(page: Page, email: string, password: string): Promise<string> {
  expect((await api('/sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
  const code = await mailedCode(email, 'register');
  expect((await api('/user/register', { user_string: email, code, password, re_password: password })).type).toBe('ok');
  const token = (await api('/user/login', { user_string: email, password })).message as string;
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  // The app clears storage at its first launch (SPEC 4, h5Version): write the token only after that.
  await page.waitForFunction(() => localStorage.getItem('h5Version') !== null);
  await page.evaluate((tok) => { localStorage.setItem('token', tok); }, token);
  await page.reload();
  return token;
}

/** A small PNG (a 2x2 image) to upload as a voucher or QR code. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFElEQVR4nGNgYGD4z8DAwMDAwAAADwABr3HqIwAAAABJRU5ErkJggg==', 'base64');

/** `amount` USDT deposited to the spot account and approved by the operator, then a payment password set. */
export async function fundWithPayPassword(token: string, email: string, amount: string, payPassword: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'voucher.png');
  const voucher = (await (await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form })).json()).message as string;
  // As the platform's app declares it: the voucher as `account`, USDT (3) on its first chain.
  expect(await api('/wallet/charge_req', { account: voucher, amount, currency: '3', type: '0' }, token)).toMatchObject({ type: 'ok' });
  await ops('approve-deposit', pendingId(await ops('deposits'), email));
  await ops('clock-advance', '61'); // one code a minute per address: the registration's was just sent
  expect((await api('/sms_mail', { user_string: email, scene: 'pay_password' }, token)).type).toBe('ok');
  const code = await mailedCode(email, 'pay_password');
  expect((await api('/safe/update_password', { password: payPassword, re_password: payPassword, code }, token)).type).toBe('ok');
}

/** Waits for a route, lets the page settle, takes a screenshot and runs axe (serious and critical fail). */
export async function arrive(page: Page, route: string, shot: string): Promise<void> {
  await page.waitForURL((url) => url.hash.split('?')[0] === `#${route}`);
  await page.waitForLoadState('networkidle');
  await page.locator('main, [role="main"]').first().waitFor();
  await page.waitForTimeout(400); // the 0.3 s slide-in
  await screenshot(page, shot);
  expect(await axeViolations(page)).toEqual([]);
}

export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** Runs `npm run ops -- <args>` against the suite's server; returns what it printed. */
export async function ops(...args: string[]): Promise<string[]> {
  const { dataDir } = JSON.parse(fs.readFileSync(SERVER_STATE, 'utf8')) as { dataDir: string };
  const lines: string[] = [];
  const code = await runOps(args, dataDir, (line) => lines.push(line));
  expect([code, lines]).toEqual([0, expect.any(Array)]);
  return lines;
}

/** The id of the pending item of a listing (`#12  user ...`) whose line contains `text`. */
export function pendingId(lines: string[], text: string): string {
  const line = lines.find((l) => l.includes(text));
  if (!line) throw new Error(`nothing pending with "${text}" in:\n${lines.join('\n')}`);
  return /^#(\d+)/.exec(line)![1];
}
