/**
 * Operators change the app by saving files: with the app open on a screen, the screen file, then a message,
 * are changed in the server's CONFIG_DIR and the page shows each change within 2 s, without a reload and
 * without losing what the user typed. A broken file is then saved: the page keeps the last good version and
 * `npm run ops -- config-status` names the file, the place and the reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../../scripts/ops';
import { screenshot, usePhone } from './support/browser';
import { copyConfiguration } from '../../src/server/configuration/files';
import { OUTPUT_DIR } from './support/paths';
import { startServer, stopServer, type RunningServer } from './support/server';

const phone = usePhone();
let server: RunningServer;
let configDir: string;

beforeAll(async () => {
  configDir = copyConfiguration(fs.mkdtempSync(path.join(os.tmpdir(), 'live-config-')));
  server = await startServer(path.join(OUTPUT_DIR, 'server-live-config.log'), undefined, { CONFIG_DIR: configDir });
}, 600_000);

afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(configDir, { recursive: true, force: true });
});

const editJson = (rel: string, fn: (json: any) => void) => {
  const file = path.join(configDir, rel);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  fn(json);
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
};

test('a saved screen, message and broken file, seen in an open app', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/common/login`);
  await page.getByText('Welcome back').waitFor();
  const account = page.getByLabel(/^Account/);
  await account.fill('typed.before@example.com');
  await page.evaluate(() => { Object.assign(window, { marker: 42 }); });
  await page.waitForFunction(() => document.querySelector('.page') !== null);
  await page.waitForTimeout(1500); // the socket connects after the first screen, in idle time

  // a screen file: a section changes; the form below keeps what was typed
  const first = page.locator('.screen > :first-child');
  await expect(first.textContent()).resolves.toBe('Welcome back');
  editJson('screens/common/login.json', (s) => { s.sections[0].text = 'register.title'; });
  const saved = Date.now();
  await first.getByText('Register', { exact: true }).waitFor({ timeout: 2000 });
  const shownAfter = Date.now() - saved;
  expect(shownAfter).toBeLessThan(2000);
  await expect(account.inputValue()).resolves.toBe('typed.before@example.com');
  expect(await page.evaluate(() => (window as Window & { marker?: number }).marker)).toBe(42);
  await screenshot(page, 'live-config-1-screen-changed');

  // a message: the translator's text appears in place
  editJson('i18n/en.json', (m) => { m['login.title'] = 'Sign in to Harbor'; });
  await page.getByRole('heading', { name: 'Sign in to Harbor' }).waitFor({ timeout: 2000 });
  await expect(account.inputValue()).resolves.toBe('typed.before@example.com');

  // a broken file: refused whole; the page keeps the last good version
  const loginFile = path.join(configDir, 'screens/common/login.json');
  fs.writeFileSync(loginFile, fs.readFileSync(loginFile, 'utf8').replace('"register.title"', '"login.welcome"').replace(/,(\s*"route")/, '$1'));
  await page.waitForTimeout(1500);
  await expect(first.textContent()).resolves.toBe('Register');
  expect(await page.evaluate(() => (window as Window & { marker?: number }).marker)).toBe(42);
  const lines: string[] = [];
  expect(await runOps(['config-status'], server.dataDir, (l) => lines.push(l))).toBe(1);
  expect(lines[1]).toMatch(/was refused \(1 problem\(s\)\)/);
  expect(lines[2]).toMatch(/^ {2}screens\/common\/login\.json: \d+:\d+: invalid JSON: /);
  await screenshot(page, 'live-config-2-broken-file-refused');
});
