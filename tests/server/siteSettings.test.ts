/**
 * The site configuration of SPEC 3 is configuration (settings/site.json, issue 24): the site's name and logos,
 * the contact links and the loan terms reach `GET /getSiteConfig` in the platform's shape at the next reload;
 * the settings the platform's app reads by keyword (`GET /getSetting`) likewise. A wrong value is refused with
 * file, JSON path and reason, and the last good values keep being served. An install from before kept these
 * values in site_config and settings: the start names the ones that differ from the files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createConfiguredTestApp, createTestApp, editJson } from './helpers';

let t: Awaited<ReturnType<typeof createConfiguredTestApp>>;
beforeAll(async () => { t = await createConfiguredTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const reload = () => t.reload();
const siteFile = () => path.join(t.configDir, 'settings/site.json');
const siteConfig = async () => (await t.call('GET /getSiteConfig')).message as Record<string, string>;

test('the shipped file is served in the platform\'s shape: lists joined by "|", logos from content/images/', async () => {
  const m = await siteConfig();
  expect(m).toMatchObject({
    site_name: 'Harbor Exchange',
    zxkf_url: '', telegram_url: '', whatsApp_url: '', hk_url: '', jie_url: '',
    loan_day: '7|15|30|90|180|365', loan_rate: '0.0030|0.0028|0.0025|0.0022|0.0020|0.0018',
    loan_min: '100', loan_max: '1000000', loan_pawn: 'BTC|ETH|USDT|BNB', loan_len: '3',
  });
  expect(m.site_logo).toMatch(/^\/content\/images\/logo\.svg\?v=[0-9a-f]+$/);
  const logo = await t.app.inject({ method: 'GET', url: m.site_logo });
  expect(logo.statusCode).toBe(200);
  expect(logo.headers['content-type']).toBe('image/svg+xml');
  expect(logo.headers['cache-control']).toContain('immutable');
});

test('an operator\'s change of the name, a contact and the terms is served after the reload', async () => {
  const file = siteFile();
  const good = fs.readFileSync(file, 'utf8');
  editJson(t.configDir, 'settings/site.json', (j) => {
    j.site_name = 'Harbor Pro';
    j.contacts.telegram = 'https://t.me/harbor_support';
    j.contacts.loan_officer = '/#/pages/kefu/index';
    j.loans.terms = [{ days: 30, daily_rate: '0.0021' }, { days: 60, daily_rate: '0.0019' }];
    j.loans.pledge_currencies = ['BTC'];
    j.settings.version = 'apk,0.9.1';
    j.settings.apk_download_url = 'https://download.example.com/harbor-0.9.1.apk';
  });
  expect(reload()).toMatchObject({ changed: true });
  expect((await t.call('GET /getSetting', { keyword: 'version' })).message).toEqual({ keyword: 'version', value: 'apk,0.9.1' });
  expect((await t.call('GET /getSetting', { keyword: 'apk_download_url', lang: 'fa' })).message.value).toBe('https://download.example.com/harbor-0.9.1.apk');
  expect(await siteConfig()).toMatchObject({
    site_name: 'Harbor Pro', telegram_url: 'https://t.me/harbor_support', jie_url: '/#/pages/kefu/index', hk_url: '',
    loan_day: '30|60', loan_rate: '0.0021|0.0019', loan_pawn: 'BTC',
    loan_pledge_ratio: '1.5', loan_warning_risk_rate: '1.2', loan_liquidation_risk_rate: '1.1', loan_overdue_rate: '0.005',
  });
  fs.writeFileSync(file, good);
  expect(reload()).toMatchObject({ changed: true });
});

describe('a wrong site file is refused and the last good values are served', () => {
  const cases: Array<[string, (j: any) => void, string, RegExp]> = [
    ['a loan minimum above the maximum', (j) => { j.loans.min = '20000000'; }, '$.loans.min', /above the most/],
    ['a term offered twice', (j) => { j.loans.terms.push({ days: 7, daily_rate: '0.001' }); }, '$.loans.terms[6].days', /offered already/],
    ['a daily rate that is a percentage', (j) => { j.loans.terms[0].daily_rate = '0.3%'; }, '$.loans.terms[0].daily_rate', /pattern|fraction/],
    ['a daily rate of 0', (j) => { j.loans.terms[0].daily_rate = '0'; }, '$.loans.terms[0].daily_rate', /more than 0/],
    ['an amount as a number', (j) => { j.loans.max = 10000000; }, '$.loans.max', /string/],
    ['a liquidation risk rate at 100 %', (j) => { j.loans.liquidation_risk_rate = '1'; }, '$.loans.liquidation_risk_rate', /not above 1/],
    ['a warning that comes after the liquidation', (j) => { j.loans.warning_risk_rate = '1.1'; }, '$.loans.warning_risk_rate', /not above the liquidation risk rate/],
    ['a pledge that is warned at once', (j) => { j.loans.pledge_ratio = '1.2'; }, '$.loans.pledge_ratio', /warned at once/],
    ['a pledge ratio as a percentage', (j) => { j.loans.pledge_ratio = '150%'; }, '$.loans.pledge_ratio', /pattern/],
    ['no overdue interest', (j) => { j.loans.overdue_daily_rate = '0'; }, '$.loans.overdue_daily_rate', /more than 0/],
    ['an unknown pledge currency', (j) => { j.loans.pledge_currencies = ['BTC', 'DOGGY']; }, '$.loans.pledge_currencies[1]', /not a currency/],
    ['a logo that is not in content/images/', (j) => { j.logos.site = 'missing.png'; }, '$.logos.site', /unknown image/],
    ['a plain http link', (j) => { j.contacts.telegram = 'http://t.me/x'; }, '$.contacts.telegram', /pattern|https/],
    ['a script link', (j) => { j.contacts.online_service = 'javascript:alert(1)'; }, '$.contacts.online_service', /pattern|https/],
    ['a version the platform\'s app cannot compare', (j) => { j.settings.version = '0.9'; }, '$.settings.version', /pattern/],
    ['a download over plain http', (j) => { j.settings.apk_download_url = 'http://x.example/app.apk'; }, '$.settings.apk_download_url', /pattern/],
    ['a misspelt field', (j) => { j.contacts.telegramm = 'https://t.me/x'; }, '$.contacts.telegramm', /unknown property/],
  ];
  it.each(cases)('%s', async (_what, edit, at, reason) => {
    const file = siteFile();
    const good = fs.readFileSync(file, 'utf8');
    editJson(t.configDir, 'settings/site.json', edit);
    const outcome = reload();
    expect(outcome.refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'settings/site.json', path: at, reason: expect.stringMatching(reason) })]));
    expect((await siteConfig()).loan_min).toBe('100');
    fs.writeFileSync(file, good);
    expect(reload().refused).toBeUndefined();
  });
});

test('an install from before: its site_config values and settings texts are named in the log when they differ from the file, then removed', async () => {
  const { db } = t.app.services;
  await db.insertInto('site_config').values([
    { key: 'telegram_url', value: 'https://t.me/old_desk' },
    { key: 'loan_day', value: '7|15|30|90|180|365' },
    { key: 'site_logo', value: '/uploads/logo.svg' },
  ]).execute();
  await db.insertInto('settings').values([
    { keyword: 'service_email', lang: 'en', value: 'desk@harbor.example' },
    { keyword: 'version', lang: 'en', value: 'wgt,0.8.0' },
  ]).onConflict((oc) => oc.columns(['keyword', 'lang']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))).execute();
  const second = await createTestApp({ configDir: t.configDir, database: t.app.services.database, ownDatabase: false });
  try {
    const warning = second.logs.find((l) => /site_config had 1 value\(s\) that differ from settings\/site\.json/.test(l.msg));
    expect(warning).toMatchObject({ rows: [{ key: 'telegram_url', value: 'https://t.me/old_desk' }] });
    const settings = second.logs.find((l) => /settings had 1 text\(s\) that differ/.test(l.msg));
    expect(settings).toMatchObject({ rows: [{ keyword: 'service_email', lang: 'en', value: 'desk@harbor.example' }] });
    expect(await db.selectFrom('settings').select('keyword').execute()).toEqual([]);
    expect(await db.selectFrom('site_config').select('key').where('key', 'in', ['telegram_url', 'loan_day', 'site_logo']).execute()).toEqual([]);
    expect((await db.selectFrom('site_config').select('key').orderBy('key').execute()).map((r) => r.key)).toEqual(['session_idle_minutes', 'session_lifetime_days']);
  } finally {
    await second.close();
  }
});
