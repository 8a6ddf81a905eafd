import Ajv from 'ajv';
import { ENDPOINTS, findEndpoint } from '../../src/shared/contract';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const ajv = new Ajv({ strict: false });
function expectShape(endpoint: string, message: unknown): void {
  const spec = findEndpoint(endpoint)!;
  const validate = ajv.compile(spec.response!);
  expect(validate(message) ? [] : validate.errors).toEqual([]);
}

test.each([
  'GET /getSiteConfig', 'GET /area_code', 'GET /currency/rates', 'GET /news/index_pop', 'GET /faq', 'GET /aboutus',
  'GET /contactus', 'GET /operational_compliance', 'GET /menu',
])('%s answers ok in its declared shape', async (endpoint) => {
  const r = await t.call(endpoint);
  expect(r.type).toBe('ok');
  expectShape(endpoint, r.message);
});

test('site config values', async () => {
  const m = (await t.call('GET /getSiteConfig')).message;
  expect(m.loan_day.split('|')).toHaveLength(m.loan_rate.split('|').length);
  expect(m.site_name).toBeTruthy();
});

test('settings by keyword, per language', async () => {
  expect((await t.call('GET /getSetting', { keyword: 'vip_description' })).message.value).toContain('VIP');
  expect((await t.call('GET /getSetting', { keyword: 'vip_description', lang: 'zh' })).message.value).toContain('等级');
  expect((await t.call('GET /getSetting', { keyword: 'vip_description', lang: 'ru' })).message.value).toContain('VIP levels');
  expect((await t.call('GET /getSetting', { keyword: 'nope' })).message).toEqual({ keyword: 'nope', value: null });
  expect((await t.call('GET /getSetting')).type).toBe('error');
});

test('area codes: at least 60 countries with ISO codes', async () => {
  const list = (await t.call('GET /area_code')).message as Array<{ iso: string; area_code: string; name: string }>;
  expect(list.length).toBeGreaterThanOrEqual(60);
  expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'United States', area_code: '+1', iso: 'US' }), expect.objectContaining({ iso: 'CN', area_code: '+86' })]));
  expect(new Set(list.map((c) => c.iso)).size).toBe(list.length);
});

test('fiat rates: the 11 currencies as decimal strings per 1 USD', async () => {
  const list = (await t.call('GET /currency/rates')).message as Array<{ currency_code: string; rate: string }>;
  expect(list.map((r) => r.currency_code).sort()).toEqual(['AED', 'CNY', 'EUR', 'GBP', 'HKD', 'JPY', 'PHP', 'SGD', 'THB', 'USD', 'VND']);
  expect(list.find((r) => r.currency_code === 'USD')!.rate).toBe('1');
  for (const r of list) expect(typeof r.rate).toBe('string');
  await t.app.services.db.updateTable('fiat_rates').set({ rate: '7.3456' }).where('currency_code', '=', 'CNY').execute();
  const after = (await t.call('GET /currency/rates')).message as Array<{ currency_code: string; rate: string }>;
  expect(after.find((r) => r.currency_code === 'CNY')!.rate).toBe('7.3456');
});

test('news list pages announcements, falls back to en, detail and popup', async () => {
  const first = await t.call('POST /news/list', { c_id: 4, page: 1, limit: 4 });
  expect(first.type).toBe('ok');
  expectShape('POST /news/list', first.message);
  expect(first.message.total).toBeGreaterThanOrEqual(6);
  expect(first.message.data).toHaveLength(4);
  const second = await t.call('POST /news/list', { c_id: '4', page: '2', limit: '4' });
  expect(second.message.data.length).toBe(first.message.total - 4);
  const zh = await t.call('POST /news/list', { c_id: 4, lang: 'zh' });
  const th = await t.call('POST /news/list', { c_id: 4, lang: 'th' });
  expect(zh.message.data[0].title).not.toBe(th.message.data[0].title);
  expect(th.message.data[0].title).toBe((await t.call('POST /news/list', { c_id: 4 })).message.data[0].title);
  const detail = await t.call('POST /news/detail', { id: first.message.data[0].id });
  expectShape('POST /news/detail', detail.message);
  expect(detail.message.content).toContain('<p>');
  expect(await t.call('POST /news/detail', { id: 999999 })).toEqual({ type: 'error', message: 'This article does not exist' });
  const pop = await t.call('GET /news/index_pop');
  expect(pop.message).toMatchObject({ c_id: 4, title: expect.stringContaining('Welcome') });
});

test('banners have seeded SVG images served from /uploads', async () => {
  const banners = await t.call('POST /news/list', { c_id: 5 });
  expect(banners.message.data).toHaveLength(3);
  for (const b of banners.message.data) {
    expect(b.thumbnail).toMatch(/^\/uploads\/banner-\d\.svg$/);
    const res = await t.app.inject({ method: 'GET', url: b.thumbnail });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
  }
});

test('faq, pages and menu in en and zh', async () => {
  const faq = (await t.call('GET /faq')).message;
  expect(faq.length).toBeGreaterThanOrEqual(8);
  const faqZh = (await t.call('GET /faq', { lang: 'zh' })).message;
  expect(faqZh[0].question).not.toBe(faq[0].question);
  const contact = (await t.call('GET /contactus')).message;
  expect(contact.content).toMatch(/Online service/);
  expect(contact.content).toMatch(/Loan officer/);
  expect(contact.content).toMatch(/Repayment specialist/);
  expect((await t.call('GET /aboutus', { lang: 'zh' })).message.title).toBe('关于我们');
  expect((await t.call('GET /operational_compliance', { lang: 'fa' })).message.title).toBe('Operational compliance');
  const menu = (await t.call('GET /menu')).message as Array<{ key: string; route: string }>;
  expect(menu.map((m) => m.key)).toContain('mine.menu.faq');
  await t.app.services.db.updateTable('menu_items').set({ visible: false }).where('key', '=', 'mine.menu.faq').execute();
  expect(((await t.call('GET /menu')).message as Array<{ key: string }>).map((m) => m.key)).not.toContain('mine.menu.faq');
});

test('seeding again changes nothing', async () => {
  const count = async () => (await t.app.services.db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const before = Number(await count());
  const { seed } = await import('../../src/server/seed');
  await seed(t.app.services, { demo: false });
  expect(Number(await count())).toBe(before);
});

test('the catalogue: every endpoint is registered', async () => {
  for (const spec of Object.values(ENDPOINTS)) {
    const res = await t.app.inject({ method: spec.method, url: `/api${spec.path}` });
    expect(res.statusCode).toBe(200);
    expect(['ok', 'error', '999']).toContain(res.json().type);
  }
  expect(findEndpoint('post  /user/login')).toBe(ENDPOINTS['POST /user/login']);
  expect(findEndpoint('GET /nope')).toBeUndefined();
});
