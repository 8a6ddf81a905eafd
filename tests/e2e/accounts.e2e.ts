/**
 * The account flows at phone size in real Chromium against `npm start`: read the FAQ and the contact page, register with the emailed code,
 * log out, log in, see the nickname on mine, switch to Persian (right-to-left) and Chinese, change the
 * login password from the security settings, see the logged-in devices and log another one out, and be sent to login from a
 * protected route. Every page visited is checked with axe-core (serious and critical
 * violations fail) and for Content-Security-Policy violations.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, baseUrl, mailedCode, screenshot, usePhone } from './support/browser';
import { api, apiGet, arrive as arriveAt, ops, waitForToast } from './support/app';
import { ROOT } from './support/paths';

const messages = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const en = messages('en');

const phone = usePhone();
let page: Page;
beforeAll(() => { page = phone.page; });

const arrive = (route: string, shot: string) => arriveAt(page, route, shot);
const toast = (text: string) => waitForToast(page, text);

const email = `e2e.${Date.now()}@example.com`;
let password = 'Secret-123';

test('a visitor reads the FAQ, one answer opening under its question, and the contact page', async () => {
  await page.goto(`${baseUrl()}/#/pages/common/faq`);
  await arrive('/pages/common/faq', '00-faq');
  const question = page.getByText('How do I create an account?', { exact: true });
  await question.click();
  await page.getByText(/Tap Register, enter your email address/).waitFor();
  await screenshot(page, '00-faq-open');
  await page.goto(`${baseUrl()}/#/pages/common/contactus`);
  await arrive('/pages/common/contactus', '00-contact');
  await page.getByRole('heading', { name: en['contact.title'] }).first().waitFor();
  // The seed says how to reach support without a chat: by email; the service button is not promised while no chat URL is set.
  await page.getByText(/support@example\.com/).waitFor();
  expect(await page.getByText(/service button|headset button/).count()).toBe(0);
  expect(await page.locator('.service-btn').count()).toBe(0);
});

test('a visitor registers with the emailed code', async () => {
  await page.goto(`${baseUrl()}/#/pages/common/register`);
  await arrive('/pages/common/register', '01-register');
  await page.getByLabel(en['register.user_string.label'], { exact: true }).fill(email);
  await page.getByRole('button', { name: en['form.send_code.send'] }).click();
  await toast(en['api.code.sent']);
  await page.getByRole('button', { name: /\d+/ }).filter({ hasText: /\d/ }).first().waitFor();
  const code = await mailedCode(email);
  await page.getByLabel(en['register.code.label'], { exact: true }).fill(code);
  await page.getByLabel(en['register.password.label'], { exact: true }).fill(password);
  await page.getByLabel(en['register.re_password.label'], { exact: true }).fill(`${password}x`);
  await page.getByRole('button', { name: en['register.submit'], exact: true }).click();
  await page.getByText(en['error.passwords_inconsistent']).waitFor();
  await screenshot(page, '02-register-mismatch');
  await page.getByLabel(en['register.re_password.label'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['register.submit'], exact: true }).click();
  // Registered is logged in: mine, with the new account's token, not an empty login form.
  await toast(en['register.success']);
  await arrive('/pages/my/index', '03-mine-after-register');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

async function logIn(): Promise<void> {
  await page.getByLabel(en['login.user_string.label'], { exact: true }).fill(email);
  await page.getByLabel(en['login.password.label'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
  await arrive('/pages/my/index', '04-mine');
}

async function nickname(): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${baseUrl()}/api/user/info`, { headers: { Authorization: String(token) } });
  const body = (await res.json()) as { type: string; message: { nickname: string } };
  expect(body.type).toBe('ok');
  return body.message.nickname;
}

test('the new user sees their nickname on mine, over their login name, with their UID, level and verification', async () => {
  const name = await nickname();
  expect(name).not.toBe('');
  await page.getByRole('heading', { name }).waitFor();
  await page.getByText(email, { exact: true }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const info = (await apiGet('/user/info', {}, String(token))).message as { id: number };
  await page.getByText(`UID ${info.id}`, { exact: true }).waitFor();
  await page.getByText('Regular user', { exact: true }).waitFor();
  await page.getByText(en['real.state.0'], { exact: true }).waitFor();
  await screenshot(page, '04-mine-badges');
});

test('personal information is one form with one Save; the avatar is optional', async () => {
  await page.getByRole('link', { name: en['mine.userinfo'] }).click();
  await arrive('/pages/setting/userInfo', '04-userinfo');
  expect(await page.locator('form').count()).toBe(1);
  expect(await page.getByRole('button', { name: en['userinfo.submit'], exact: true }).count()).toBe(1);
  await page.getByLabel(en['userinfo.nickname.label'], { exact: true }).fill('Trader7');
  await page.getByLabel(en['userinfo.signature.label'], { exact: true }).fill('Long only');
  await page.getByRole('button', { name: en['userinfo.submit'], exact: true }).click();
  await toast(en['userinfo.saved']);
  await page.getByRole('heading', { name: 'Trader7' }).waitFor();
  await screenshot(page, '04-userinfo-saved');
  await page.goBack();
  await arrive('/pages/my/index', '04-mine-renamed');
});

test('the security settings: each row its own icon, and an unbound phone leads to binding it, not to identity documents', async () => {
  await page.getByRole('link', { name: en['mine.menu.security'] }).click();
  await arrive('/pages/setting/security', '04-security');
  const phoneRow = page.getByRole('link', { name: new RegExp(en['real.mobile']) });
  await phoneRow.getByText(en['real.not_bound']).waitFor();
  expect(await phoneRow.getAttribute('href')).toBe('#/pages/setting/real_mark?step=mobile');
  const icons = await page.locator('.w-list .w-icon path').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')));
  expect(new Set(icons).size).toBe(icons.length);
  await page.goBack();
  await arrive('/pages/my/index', '04-mine-back');
});

/** Logs out from mine, answering the confirmation with its "Log out" button. */
async function logOut(): Promise<void> {
  await page.getByRole('button', { name: en['mine.logout'], exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(en['mine.logout_confirm']).waitFor();
  await dialog.getByRole('button', { name: en['mine.logout'], exact: true }).click();
}

test('logs out, then logs in again', async () => {
  await page.getByRole('button', { name: en['mine.logout'], exact: true }).click();
  await page.getByRole('dialog').getByText(en['mine.logout_confirm']).waitFor();
  await screenshot(page, '05-logout-confirm');
  await page.getByRole('dialog').getByRole('button', { name: en['mine.stay_logged_in'], exact: true }).click();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await logOut();
  await arrive('/pages/common/login', '05-logged-out');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // A wrong password: the server's reason stays on the form (not a toast that fades) until the user types again.
  await page.getByLabel(en['login.user_string.label'], { exact: true }).fill(email);
  await page.getByLabel(en['login.password.label'], { exact: true }).fill(`${password}-wrong`);
  await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
  const reason = page.locator('.f-form').getByRole('alert').filter({ hasText: en['api.login_failed'] });
  await reason.waitFor();
  expect(await page.getByRole('status').filter({ hasText: en['api.login_failed'] }).count()).toBe(0);
  await screenshot(page, '05-login-refused');
  await page.waitForTimeout(3000);
  await reason.waitFor();
  await logIn();
  await page.getByRole('heading', { name: await nickname() }).waitFor();
});

/** Opens the language row (named in the current language) and picks a language by its own name. */
async function chooseLanguage(current: string, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(messages(current)['mine.menu.language']) }).click();
  await page.getByRole('dialog').getByRole('button', { name, exact: true }).click();
}

test('switches to Persian (right-to-left) and to Chinese', async () => {
  await chooseLanguage('en', 'فارسی');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'fa');
  await page.getByRole('button', { name: messages('fa')['mine.logout'], exact: true }).waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, '06-mine-fa');
  expect(await axeViolations(page)).toEqual([]);

  await chooseLanguage('fa', '简体中文');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr' && document.documentElement.lang === 'zh-Hans');
  await page.getByRole('button', { name: messages('zh')['mine.logout'], exact: true }).waitFor();
  await screenshot(page, '07-mine-zh');

  await chooseLanguage('zh', 'English');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
});

test('switches the theme in Settings: dark, kept after a reload, then following the system again', async () => {
  const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  await page.getByRole('link', { name: en['setting.title'], exact: true }).click();
  await arrive('/pages/setting/setting', '07-settings');
  await page.getByRole('button', { name: new RegExp(`${en['theme.title']}.*${en['theme.system']}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: en['theme.dark'], exact: true }).click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
  await page.reload();
  await page.getByRole('button', { name: new RegExp(`${en['theme.title']}.*${en['theme.dark']}`) }).waitFor();
  expect(await theme()).toBe('dark');
  await screenshot(page, '07-settings-dark');
  await page.getByRole('button', { name: new RegExp(`${en['theme.title']}.*${en['theme.dark']}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: en['theme.system'], exact: true }).click();
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-theme'));
  await page.goBack();
});

test('changes the login password from the security settings, is logged out, and logs in with the new one', async () => {
  await page.getByRole('link', { name: en['mine.menu.security'] }).click();
  await arrive('/pages/setting/security', '08-security');
  await page.getByRole('link', { name: en['security.login_password'] }).click();
  await arrive('/pages/setting/password', '08-login-password');
  await expect(page.getByLabel(en['forget.user_string.label'], { exact: true }).inputValue()).resolves.toBe(email);
  await ops('clock-advance', '61'); // one code a minute per address: the registration's was sent just now
  await page.getByRole('button', { name: en['form.send_code.send'] }).click();
  await toast(en['api.code.sent']);
  const code = await mailedCode(email, 'forget');
  password = 'Changed-456';
  await page.getByLabel(en['forget.code.label'], { exact: true }).fill(code);
  await page.getByLabel(en['forget.password.label'], { exact: true }).fill(password);
  await page.getByLabel(en['forget.re_password.label'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['forget.submit'], exact: true }).click();
  await toast(en['forget.success']);
  await arrive('/pages/common/login', '08-password-changed');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await logIn();
  await page.getByRole('heading', { name: await nickname() }).waitFor();
});

test('sees this device among the logged-in devices and logs out another one', async () => {
  const other = await api('/user/login', { user_string: email, password });
  expect(other.type).toBe('ok');
  await page.getByRole('link', { name: en['mine.menu.security'] }).click();
  await arrive('/pages/setting/security', '11-security');
  await page.getByRole('link', { name: en['sessions.title'] }).click();
  await arrive('/pages/setting/sessions', '11-sessions');
  const current = page.locator('li', { hasText: en['sessions.this_device'] });
  await current.getByText('Chrome on Linux', { exact: true }).waitFor();
  const otherRow = page.locator('li', { hasText: en['api.session.unknown_device'] });
  await otherRow.getByRole('button', { name: en['sessions.end'], exact: true }).click();
  await page.getByRole('dialog').getByText(en['sessions.end_confirm']).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: en['sessions.end'], exact: true }).click();
  await toast(en['sessions.ended']);
  await otherRow.waitFor({ state: 'detached' });
  await current.waitFor();
  await screenshot(page, '11-sessions-ended');
  expect((await apiGet('/user/info', {}, other.message as string)).type).toBe('999');
  await page.goBack();
  await page.goBack();
  await arrive('/pages/my/index', '11-back-to-mine');
});

test('a protected route sends a logged-out visitor to login after the toast', async () => {
  await logOut();
  await arrive('/pages/common/login', '08-logged-out-again');
  await page.evaluate(() => { window.location.hash = '#/pages/setting/userInfo'; });
  await toast(en['common.login_first']);
  await screenshot(page, '09-login-first');
  expect(page.url()).toContain('#/pages/setting/userInfo');
  await arrive('/pages/common/login', '10-redirected-to-login');
});
