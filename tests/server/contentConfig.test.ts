/**
 * The site's content is configuration (issue 24): an operator's change of content/*.json or of an image in
 * content/images/ changes the API's answer in every language at the next reload; a wrong file is refused
 * with file, JSON path and reason, and the last good content keeps serving. Through the real app and store.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createConfiguredTestApp, createTestApp, editJson } from './helpers';

let t: Awaited<ReturnType<typeof createConfiguredTestApp>>;
let dir: string;
beforeAll(async () => {
  t = await createConfiguredTestApp();
  dir = t.configDir;
}, 60_000);
afterAll(async () => { await t?.close(); });

const reload = () => t.reload();
const firstBanner = async (lang: string) => (await t.call('POST /news/list', { c_id: 5, lang })).message.list[0];

test('a changed banner title and image reach the API in English and Persian', async () => {
  editJson(dir, 'content/banners.json', (j) => {
    j.banners[0].title.en = 'Zero-fee week';
    j.banners[0].title.fa = 'هفته بدون کارمزد';
  });
  expect(reload()).toMatchObject({ changed: true });
  expect((await firstBanner('en')).title).toBe('Zero-fee week');
  expect((await firstBanner('fa')).title).toBe('هفته بدون کارمزد');

  const before = (await firstBanner('fa')).cover as string;
  fs.writeFileSync(path.join(dir, 'content/images/banner-1.fa.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><text>تازه</text></svg>');
  expect(reload()).toMatchObject({ changed: true });
  const after = (await firstBanner('fa')).cover as string;
  expect(after).not.toBe(before);
  expect((await t.app.inject({ method: 'GET', url: after })).body).toContain('تازه');
});

test('announcements, FAQ and pages follow their files', async () => {
  editJson(dir, 'content/announcements.json', (j) => { j.announcements[0].title.fa = 'خوش آمدید!'; });
  editJson(dir, 'content/faq.json', (j) => { j.faq[0].question.en = 'How do I sign up?'; });
  editJson(dir, 'content/pages.json', (j) => { j.aboutus.title.fa = 'دربارهٔ ما'; });
  expect(reload()).toMatchObject({ changed: true });
  expect((await t.call('POST /news/list', { c_id: 4, lang: 'fa' })).message.list[0].title).toBe('خوش آمدید!');
  expect((await t.call('GET /news/index_pop', { lang: 'fa' })).message.title).toBe('خوش آمدید!');
  expect((await t.call('GET /faq')).message.list[0].question).toBe('How do I sign up?');
  expect((await t.call('GET /aboutus', { lang: 'fa' })).message.title).toBe('دربارهٔ ما');
});

test('the service menu follows content/menu.json: a row hidden by removing it, another moved first', async () => {
  const titles = async () => ((await t.call('GET /menu')).message as Array<{ title: string }>).map((m) => m.title);
  const original = fs.readFileSync(path.join(dir, 'content/menu.json'), 'utf8');
  editJson(dir, 'content/menu.json', (j) => {
    j.menu = j.menu.filter((row: { title: string }) => row.title !== 'mine.menu.coupon');
    j.menu.unshift(...j.menu.splice(j.menu.findIndex((row: { title: string }) => row.title === 'mine.menu.contact'), 1));
  });
  expect(reload()).toMatchObject({ changed: true });
  const now = await titles();
  expect(now[0]).toBe('mine.menu.contact');
  expect(now).not.toContain('mine.menu.coupon');
  expect((await t.call('GET /menu')).message[0]).toEqual({ id: 1, title: 'mine.menu.contact', url: '/pages/common/contactus', icon: 'headset', is_financial: 0 });
  fs.writeFileSync(path.join(dir, 'content/menu.json'), original);
  expect(reload()).toMatchObject({ changed: true });
});

describe('a wrong content file is refused loudly and the last good content serves', () => {
  const cases: Array<[string, string, (j: any) => void, string, RegExp]> = [
    ['a missing language', 'content/banners.json', (j) => { delete j.banners[0].title.fa; }, '$.banners[0].title', /fa/],
    ['an unknown image', 'content/banners.json', (j) => { j.banners[1].image.ru = 'nope.svg'; }, '$.banners[1].image.ru', /unknown image "nope.svg"/],
    ['an id used twice', 'content/announcements.json', (j) => { j.announcements[1].id = j.announcements[0].id; }, '$.announcements[1].id', /used already/],
    ['an impossible date', 'content/announcements.json', (j) => { j.announcements[0].date = '2026-02-30'; }, '$.announcements[0].date', /not a date/],
    ['an unknown language', 'content/pages.json', (j) => { j.contactus.title.xx = 'x'; }, '$.contactus.title.xx', /unknown language "xx"/],
    ['a menu row with no message', 'content/menu.json', (j) => { j.menu[0].title = 'mine.menu.shar'; }, '$.menu[0].title', /no message of i18n\/en.json/],
    ['a menu row with an unknown icon', 'content/menu.json', (j) => { j.menu[0].icon = 'qr'; }, '$.menu[0].icon', /unknown icon "qr"/],
    ['a menu row to no page', 'content/menu.json', (j) => { j.menu[0].url = '/pages/setting/shar'; }, '$.menu[0].url', /no page of the app/],
    ['a menu row twice', 'content/menu.json', (j) => { j.menu.push({ ...j.menu[0] }); }, '$.menu[14].url', /a row already/],
  ];
  it.each(cases)('%s', async (_what, file, edit, at, reason) => {
    const original = fs.readFileSync(path.join(dir, file), 'utf8');
    const served = await firstBanner('en');
    editJson(dir, file, edit);
    const outcome = reload();
    expect(outcome.changed).toBe(false);
    expect(outcome.refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file, path: at, reason: expect.stringMatching(reason) })]));
    expect(await firstBanner('en')).toEqual(served);
    fs.writeFileSync(path.join(dir, file), original);
    expect(reload().refused).toBeUndefined();
  });

  it('a content file removed', async () => {
    const file = path.join(dir, 'content/faq.json');
    const original = fs.readFileSync(file, 'utf8');
    fs.rmSync(file);
    expect(reload().refused?.problems).toEqual([expect.objectContaining({ file: 'content/faq.json', path: '$', reason: expect.stringContaining('file is missing') })]);
    expect((await t.call('GET /faq')).message.list.length).toBeGreaterThan(0);
    fs.writeFileSync(file, original);
    expect(reload().refused).toBeUndefined();
  });
});

test('the shipped pages are in every language, each its own text', async () => {
  const fresh = await createTestApp();
  try {
    for (const endpoint of ['GET /aboutus', 'GET /contactus', 'GET /operational_compliance']) {
      const en = (await fresh.call(endpoint)).message;
      for (const lang of ['zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'tr', 'fa', 'ru']) {
        const page = (await fresh.call(endpoint, { lang })).message;
        expect([endpoint, lang, page.title === en.title || page.content === en.content]).toEqual([endpoint, lang, false]);
      }
    }
  } finally { await fresh.close(); }
}, 60_000);
