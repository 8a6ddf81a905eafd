import Ajv from 'ajv';
import { ENDPOINTS, findEndpoint } from '../../src/shared/contract';
import { SHIPPED_LANGUAGE_CODES } from '../../src/shared/i18n/languages';
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

test('settings by keyword, per language: the texts in every language of the app', async () => {
  expect((await t.call('GET /getSetting', { keyword: 'vip_description' })).message.value).toContain('Your VIP level follows your trading volume');
  expect((await t.call('GET /getSetting', { keyword: 'vip_description', lang: 'zh' })).message.value).toContain('等级');
  expect((await t.call('GET /getSetting', { keyword: 'vip_description', lang: 'ru' })).message.value).toContain('уровень VIP');
  expect((await t.call('GET /getSetting', { keyword: 'register_agreement', lang: 'fa' })).message.value).toContain('۱۸ سال');
  const english = (await t.call('GET /getSetting', { keyword: 'register_agreement' })).message.value;
  for (const lang of SHIPPED_LANGUAGE_CODES.filter((l) => l !== 'en')) {
    expect((await t.call('GET /getSetting', { keyword: 'register_agreement', lang })).message.value).not.toBe(english);
  }
  expect((await t.call('GET /getSetting', { keyword: 'nope' })).message).toEqual({ keyword: 'nope', value: null });
  expect((await t.call('GET /getSetting', { keyword: 'constructor' })).message).toEqual({ keyword: 'constructor', value: null });
  expect((await t.call('GET /getSetting')).type).toBe('error');
});

test('the settings the platform\'s app reads are strings on every install: its version check is "<wgt|apk>,<version>"', async () => {
  const value = async (keyword: string) => (await t.call('GET /getSetting', { keyword, lang: 'kor' })).message.value;
  expect(await value('version')).toBe('wgt,0.8.0');
  for (const keyword of ['apk_download_url', 'game_url', 'support_url']) expect(await value(keyword)).toBe('');
  expect(await value('download_android')).toBeNull();
});

test('area codes: at least 60 countries with ISO codes', async () => {
  const list = (await t.call('GET /area_code')).message as Array<{ iso: string; area_code: string; name: string }>;
  expect(list.length).toBeGreaterThanOrEqual(60);
  expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'United States', area_code: '+1', iso: 'US' }), expect.objectContaining({ iso: 'CN', area_code: '+86' })]));
  expect(new Set(list.map((c) => c.iso)).size).toBe(list.length);
  // Each also named in the request's language: what the area list shows and searches.
  expect(list.find((c) => c.iso === 'US')).toMatchObject({ local_name: 'United States' });
  const ru = (await t.call('GET /area_code', { lang: 'ru' })).message as Array<{ iso: string; local_name: string }>;
  expect(ru.find((c) => c.iso === 'RU')?.local_name).toBe('Россия');
  const fa = (await t.call('GET /area_code', { lang: 'fa' })).message as Array<{ iso: string; local_name: string }>;
  expect(fa.find((c) => c.iso === 'IR')?.local_name).toBe('ایران');
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
  expect(first.message.total).toBeGreaterThanOrEqual(5);
  expect(first.message).toMatchObject({ page: 1, limit: 4 });
  expect(first.message.list).toHaveLength(4);
  expect(first.message.list[0]).toEqual({
    id: expect.any(Number), c_id: 4, title: expect.stringContaining('Welcome'), abstract: expect.stringContaining('security'), cover: '',
    create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  const second = await t.call('POST /news/list', { c_id: '4', page: '2', limit: '4' });
  expect(second.message.list.length).toBe(first.message.total - 4);
  // The shipped announcements are in every language (issue 23; content/announcements.json requires all of them).
  const en = (await t.call('POST /news/list', { c_id: 4 })).message.list;
  for (const lang of SHIPPED_LANGUAGE_CODES.filter((l) => l !== 'en')) {
    const titles = (await t.call('POST /news/list', { c_id: 4, lang })).message.list.map((a: { title: string }) => a.title);
    titles.forEach((title: string, i: number) => expect(title).not.toBe(en[i].title));
  }
  expect((await t.call('POST /news/list', { c_id: 4, lang: 'fa' })).message.list[0].title).toBe('به Harbor Exchange خوش آمدید');
  // The platform's app asks for 99999999 rows: a page of 100 at most.
  expect((await t.call('POST /news/list', { c_id: 4, limit: 99999999 })).message).toMatchObject({ limit: 100, total: first.message.total });
  const detail = await t.call('POST /news/detail', { id: first.message.list[0].id });
  expectShape('POST /news/detail', detail.message);
  expect(detail.message).toMatchObject({ title: first.message.list[0].title, create_time: first.message.list[0].create_time });
  expect(detail.message.content).toContain('<p>');
  expect(await t.call('POST /news/detail', { id: 999999 })).toEqual({ type: 'error', message: 'This article does not exist' });
  const pop = await t.call('GET /news/index_pop');
  expect(pop.message).toMatchObject({ id: first.message.list[0].id, c_id: 4, title: expect.stringContaining('Welcome'), content: expect.stringContaining('<li>') });
});

test('banners have SVG images from content/images, served immutable by their hash, drawn in each language', async () => {
  const banners = await t.call('POST /news/list', { c_id: 5 });
  expect(banners.message.list).toHaveLength(3);
  for (const b of banners.message.list) {
    // A site path: the platform's app shows baseDomain + cover.
    expect(b.cover).toMatch(/^\/content\/images\/banner-\d\.svg\?v=[0-9a-f]{10}$/);
    const res = await t.app.inject({ method: 'GET', url: b.cover });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toContain('<svg');
  }
  // Persian: its own picture, its words right to left from the right edge.
  const fa = (await t.call('POST /news/list', { c_id: 5, lang: 'fa' })).message.list;
  expect(fa.map((b: { cover: string }) => b.cover.split('?')[0])).toEqual(['/content/images/banner-1.fa.svg', '/content/images/banner-2.fa.svg', '/content/images/banner-3.fa.svg']);
  expect(fa[0].title).toBe('معامله رمزارز و سهام');
  const svg = (await t.app.inject({ method: 'GET', url: fa[0].cover })).body;
  expect(svg).toContain('direction="rtl"');
  expect(svg).toContain('معامله بیش از ۳۰ رمزارز و سهام');
  const ru = (await t.app.inject({ method: 'GET', url: (await t.call('POST /news/list', { c_id: 5, lang: 'ru' })).message.list[1].cover })).body;
  expect(ru).toContain('Майнинг с блокировкой до 0,8% в день');
  expect(ru).not.toContain('direction="rtl"');
  for (const url of ['/content/images/nope.svg', '/content/images/..%2Fbanners.json', '/content/images/banners.json']) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  }
});

test('faq, pages and menu in en and zh', async () => {
  const faq = (await t.call('GET /faq')).message;
  expect(faq.list.length).toBeGreaterThanOrEqual(8);
  // One page for the platform's app: the title, and every question as a heading over its answer.
  expect(faq.title).toBe('FAQ');
  expect(faq.content.startsWith(`<h3>${faq.list[0].question}</h3>${faq.list[0].answer}`)).toBe(true);
  expect(faq.content.match(/<h3>/g)).toHaveLength(faq.list.length);
  const faqZh = (await t.call('GET /faq', { lang: 'zh' })).message;
  expect(faqZh.list[0].question).not.toBe(faq.list[0].question);
  expect(faqZh.title).toBe('常见问题');
  // About us and Contact us say only what is true of a fresh install (no service button until an operator sets
  // a chat URL, no loans, copy trading or NFT screens), in every language of the app.
  const contact = (await t.call('GET /contactus')).message;
  expect(contact.content).toMatch(/support@example\.com/);
  const about = (await t.call('GET /aboutus')).message;
  for (const page of [contact, about]) expect(page.content).not.toMatch(/service button|loan|copy trading|NFT/i);
  expect((await t.call('GET /aboutus', { lang: 'zh' })).message.title).toBe('关于我们');
  for (const lang of SHIPPED_LANGUAGE_CODES) {
    const [a, c] = [(await t.call('GET /aboutus', { lang })).message, (await t.call('GET /contactus', { lang })).message];
    if (lang !== 'en') expect([a.title, c.title]).not.toEqual([about.title, contact.title]);
    expect(c.content).toContain('support@example.com');
  }
  expect((await t.call('GET /operational_compliance', { lang: 'fa' })).message.title).toBe('انطباق عملیاتی');
  const menu = (await t.call('GET /menu')).message as Array<{ title: string; url: string; icon: string; is_financial: number }>;
  expect(menu).toContainEqual({ id: expect.any(Number), title: 'mine.menu.faq', url: '/pages/common/faq', icon: 'help', is_financial: 0 });
  expect(menu).toContainEqual(expect.objectContaining({ title: 'mine.menu.language', url: 'action:setLanguage' }));
  expect(menu.filter((m) => m.is_financial === 1).map((m) => m.title)).toEqual(['mine.menu.wallet', 'mine.menu.bank', 'mine.menu.loans', 'mine.menu.coupon']);
});

test('seeding again changes nothing', async () => {
  const count = async () => (await t.app.services.db.selectFrom('area_codes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
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
