/**
 * Preview before publishing (issue 24), as docs/operators.md tells an operator: `npm run ops -- draft-open`,
 * edit the draft (a tighter password rule of the register form, a new page title, a home banner's title),
 * `draft-status`,
 * `preview-link` opened in the operator's browser, which shows the draft with a "Preview" marker while a
 * customer's browser (another context, open on the same page) keeps the published version; `publish`: the
 * customer's open page shows it without a reload, and an app left open on the home screen shows the new banner
 * (an answer read from the configuration, asked again on publish); `config-history` and `config-restore`: they
 * show the old ones again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { runOps } from '../../scripts/ops';
import { copyConfiguration } from '../../src/server/configuration/files';
import { launch, phonePage, screenshot, type PhonePage } from './support/browser';
import { OUTPUT_DIR } from './support/paths';
import { startServer, stopServer, type RunningServer } from './support/server';

const en = JSON.parse(fs.readFileSync(path.join(__dirname, '../../i18n/en.json'), 'utf8')) as Record<string, string>;
const NEW_TITLE = 'Open your account';
const OLD_RULE = 'At least 7 characters';
const NEW_RULE = 'At least 12 characters';
const NEW_BANNER = 'Zero-fee week';
const PREVIEW = en['shell.preview_marker'];

let server: RunningServer;
let configDir: string;
let browser: Browser;
let operator: PhonePage;
let customer: PhonePage;
/** Another customer, who keeps the home screen open through the publish and the rollback. */
let watcher: PhonePage;

async function ops(...args: string[]): Promise<string[]> {
  const lines: string[] = [];
  const code = await runOps(args, server.dataDir, (l) => lines.push(l));
  if (code !== 0) throw new Error(`npm run ops -- ${args.join(' ')} exited ${code}:\n${lines.join('\n')}`);
  return lines;
}

const editJson = (root: string, rel: string, fn: (json: any) => void) => {
  const file = path.join(root, rel);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  fn(json);
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
};

const password = (page: Page) => page.getByLabel(en['register.password.label'], { exact: true });
const title = (page: Page, text: string) => page.getByRole('heading', { name: text, exact: true });
/** The home carousel's slide named `name` (its image's text is the banner's title). */
const banner = (page: Page, name: string) => page.getByRole('region', { name: en['widget.banner.label'] }).getByRole('img', { name, exact: true });
/** The titles of every slide of the home carousel, the ones it is not showing now included. */
const slides = (page: Page) => page.locator('.w-banner .w-banner-slide img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));
/** Waits until one of the carousel's slides (shown now or not) is titled `name`. */
const slideTitled = (page: Page, name: string) => page.waitForFunction(
  (title) => [...document.querySelectorAll<HTMLImageElement>('.w-banner .w-banner-slide img')].some((img) => img.alt === title), name, { timeout: 3000 },
);

beforeAll(async () => {
  configDir = copyConfiguration(fs.mkdtempSync(path.join(os.tmpdir(), 'preview-config-')));
  server = await startServer(path.join(OUTPUT_DIR, 'server-operator-preview.log'), undefined, { CONFIG_DIR: configDir });
  browser = await launch();
  operator = await phonePage(browser);
  customer = await phonePage(browser);
  watcher = await phonePage(browser);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
  fs.rmSync(configDir, { recursive: true, force: true });
});

afterEach(() => {
  expect(operator.problems).toEqual([]);
  expect(customer.problems).toEqual([]);
  expect(watcher.problems).toEqual([]);
});

test('an operator previews a draft, publishes it to an open customer app, and rolls it back', async () => {
  const register = `${server.baseUrl}/#/pages/common/register`;
  await customer.page.goto(register);
  await title(customer.page, en['register.title']).waitFor();
  await expect(password(customer.page).getAttribute('placeholder')).resolves.toBe(OLD_RULE);
  await customer.page.waitForTimeout(1500); // the socket connects after the first screen, in idle time

  // the draft: a copy of what is served, edited where draft-open says
  const opened = await ops('draft-open');
  const draftDir = /edit the files in (\S+) /.exec(opened[0])![1];
  editJson(draftDir, 'schemas/register.json', (f) => { f.schema.properties.password.minLength = 12; });
  editJson(draftDir, 'i18n/en.json', (m) => { m['register.title'] = NEW_TITLE; });
  const published = JSON.parse(fs.readFileSync(path.join(draftDir, 'content/banners.json'), 'utf8')).banners[0].title.en as string;
  editJson(draftDir, 'content/banners.json', (j) => { j.banners[0].title.en = NEW_BANNER; });
  const status = await ops('draft-status');
  expect(status).toContain('changed from the published configuration: content/banners.json, i18n/en.json, schemas/register.json');

  // the operator's browser becomes a preview session
  const [link] = await ops('preview-link');
  await operator.page.goto(link);
  await operator.page.getByRole('status').filter({ hasText: PREVIEW }).waitFor();
  await operator.page.goto(register);
  await title(operator.page, NEW_TITLE).waitFor();
  await expect(password(operator.page).getAttribute('placeholder')).resolves.toBe(NEW_RULE);
  await password(operator.page).fill('abcdefghij');
  await operator.page.getByRole('button', { name: en['register.submit'], exact: true }).click();
  await operator.page.getByText('The password must be at least 12 characters long').waitFor();
  await expect(operator.page.getByRole('status').filter({ hasText: PREVIEW }).isVisible()).resolves.toBe(true);
  await screenshot(operator.page, 'operator-preview-1-draft');
  await operator.page.goto(`${server.baseUrl}/#/pages/index/index`);
  await banner(operator.page, NEW_BANNER).waitFor();
  await screenshot(operator.page, 'operator-preview-1b-draft-banner');

  // the customer still has the published version
  await customer.page.reload();
  await title(customer.page, en['register.title']).waitFor();
  await expect(password(customer.page).getAttribute('placeholder')).resolves.toBe(OLD_RULE);
  await expect(customer.page.getByText(PREVIEW).count()).resolves.toBe(0);
  await customer.page.goto(`${server.baseUrl}/#/pages/index/index`);
  await banner(customer.page, published).waitFor();
  await expect(banner(customer.page, NEW_BANNER).count()).resolves.toBe(0);
  await customer.page.goto(register);
  await title(customer.page, en['register.title']).waitFor();
  await customer.page.waitForTimeout(1500);
  await screenshot(customer.page, 'operator-preview-2-customer-published');

  // publish: the customer's open page shows it, without a reload, and so does the home screen open in another app
  await watcher.page.goto(`${server.baseUrl}/#/pages/index/index`);
  await banner(watcher.page, published).waitFor();
  await watcher.page.waitForTimeout(1500); // its socket is connected
  const [before] = await ops('config-history');
  const servedBefore = /^#(\d+) /.exec(before)![1];
  await ops('publish');
  await title(customer.page, NEW_TITLE).waitFor({ timeout: 3000 });
  await expect(password(customer.page).getAttribute('placeholder')).resolves.toBe(NEW_RULE);
  await operator.page.getByRole('status').filter({ hasText: PREVIEW }).waitFor({ state: 'detached', timeout: 3000 });
  await screenshot(customer.page, 'operator-preview-3-customer-after-publish');
  // the banner list is read from the configuration: asked again on the open home screen (the carousel may be
  // showing another slide: the new one is among its slides)
  await slideTitled(watcher.page, NEW_BANNER);
  await expect(slides(watcher.page)).resolves.not.toContain(published);
  await screenshot(watcher.page, 'operator-preview-3b-open-home-after-publish');
  // and where the app kept it from a screen left earlier, when shown again
  await customer.page.goto(`${server.baseUrl}/#/pages/index/index`);
  await slideTitled(customer.page, NEW_BANNER);
  await customer.page.goto(register);

  // roll back to the version served before: the customer's page shows it again
  await title(customer.page, NEW_TITLE).waitFor();
  await customer.page.waitForTimeout(1500);
  await ops('config-restore', servedBefore);
  await title(customer.page, en['register.title']).waitFor({ timeout: 3000 });
  await expect(password(customer.page).getAttribute('placeholder')).resolves.toBe(OLD_RULE);
  await screenshot(customer.page, 'operator-preview-4-customer-after-rollback');
  await slideTitled(watcher.page, published);
  await expect(slides(watcher.page)).resolves.not.toContain(NEW_BANNER);
  await customer.page.goto(`${server.baseUrl}/#/pages/index/index`);
  await slideTitled(customer.page, published);
  await expect(slides(customer.page)).resolves.not.toContain(NEW_BANNER);
});
