/**
 * Uploads belong to their uploader: identity photos, vouchers and address QR codes are served to their owner
 * (Authorization header, or a signed link for an `<img>`) and to the operator (signed links from the ops
 * commands) only, never with a public cache header; an avatar is public once set. Every endpoint that takes
 * an upload refuses another user's (or an unknown one) with a localised message and changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS, endpointKey } from '../../src/shared/contract';
import { ID_TYPE } from '../../src/shared/contract/kyc';
import { UPLOADED_IMAGE } from '../../src/shared/contract/upload';
import type { Language } from '../../src/shared/i18n/languages';
import { USDT_ID } from '../../src/server/market/currencies';
import { approveIdentity, pendingIdentity } from '../../src/server/modules/kyc/review';
import { purgeUploads } from '../../src/server/modules/upload';
import { OpsCommands } from '../../src/server/ops/commands';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let ann: string;
let bob: string;
let annId: number;
let bobId: number;
/** Ann's uploads, each used where it belongs (the avatar only uploaded, not set, until its test). */
let annFiles: { front_pic: string; reverse_pic: string; hand_pic: string; voucher: string; qr: string; avatar: string };
let annDeposit: { account: string; voucher_url: string };
let bobPics: { front_pic: string; reverse_pic: string; hand_pic: string };
let bobVoucher: string;

const HOUR = 60 * 60 * 1000;
const TRON_ADDRESS = `T${'A'.repeat(31)}BC`;
let variant = 0;

async function upload(token: string, data = Buffer.concat([PNG_1X1, Buffer.from(`variant ${variant++}`)])): Promise<string> {
  const { payload, headers } = multipart({ filename: 'photo.png', type: 'image/png', data });
  const r = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: token } })).json();
  expect(r.type).toBe('ok');
  return r.message as string;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const en = (key: string) => t.app.services.i18n.t('en', key);

async function bindPhone(token: string, mobile: string): Promise<void> {
  expect((await t.call('POST /sms_send', { area_code: '+852', mobile }, { token })).type).toBe('ok');
  const code = await t.lastCode(`+852 ${mobile}`);
  expect((await t.call('POST /safe/mobile', { area_code: '+852', mobile, code }, { token })).type).toBe('ok');
}

/** Email and phone bound, Lv1 approved: ready for Lv2. */
async function verifiedLv1(token: string, userId: number, mobile: string): Promise<void> {
  await bindPhone(token, mobile);
  const basic = { real_type: 1, id_type: ID_TYPE.code('passport'), name: 'Test User', card_id: `P${mobile}`, address: '1 Test Street London' };
  expect((await t.call('POST /user/real', basic, { token })).type).toBe('ok');
  const [submission] = (await pendingIdentity(t.app.services.db)).filter((s) => s.user_id === userId);
  await approveIdentity(t.app.services.db, submission.id);
}

async function runOps(command: string, ...args: string[]) {
  return new OpsCommands(t.app.services.areas).run(t.app.services, command, args);
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp('ann.uploads@example.com');
  bob = await t.signUp('bob.uploads@example.com');
  annId = (await t.call('GET /user/info', {}, { token: ann })).message.id;
  bobId = (await t.call('GET /user/info', {}, { token: bob })).message.id;
  await verifiedLv1(ann, annId, '61110001');
  await verifiedLv1(bob, bobId, '61110002');

  annFiles = {
    front_pic: await upload(ann), reverse_pic: await upload(ann), hand_pic: await upload(ann),
    voucher: await upload(ann), qr: await upload(ann), avatar: await upload(ann),
  };
  const { front_pic, reverse_pic, hand_pic, voucher, qr } = annFiles;
  expect((await t.call('POST /user/real', { real_type: 2, front_pic, reverse_pic, hand_pic }, { token: ann })).type).toBe('ok');
  const deposit = await t.call('POST /wallet/charge_req', { currency: USDT_ID, chain: 'TRC20', amount: '100', account: voucher }, { token: ann });
  expect(deposit.type).toBe('ok');
  annDeposit = deposit.message;
  expect((await t.call('POST /user/wallet/save', { currency: USDT_ID, chain: 'TRC20', name: 'Cold', address: TRON_ADDRESS, qrcode: qr }, { token: ann })).type).toBe('ok');

  bobPics = { front_pic: await upload(bob), reverse_pic: await upload(bob), hand_pic: await upload(bob) };
  bobVoucher = await upload(bob);
}, 120_000);
afterAll(async () => { await t?.close(); });

const privateFiles = () => [annFiles.front_pic, annFiles.reverse_pic, annFiles.hand_pic, annFiles.voucher, annFiles.qr, annFiles.avatar];

test('identity photos, a voucher and a QR code are served to their owner only, and never with a public cache header', async () => {
  for (const url of privateFiles()) {
    const anonymous = await get(url);
    expect([url, anonymous.statusCode, anonymous.headers['cache-control']]).toEqual([url, 404, 'no-store']);
    expect([url, (await get(url, { authorization: bob })).statusCode]).toEqual([url, 404]);
    const own = await get(url, { authorization: ann });
    expect([url, own.statusCode, own.headers['cache-control']]).toEqual([url, 200, 'private, no-store']);
    expect(own.rawPayload.equals(fs.readFileSync(path.join(t.dataDir, url)))).toBe(true);
  }
});

test('guessing finds nothing: unknown names, other extensions, links signed by nobody', async () => {
  const name = annFiles.voucher.slice('/uploads/'.length, -'.png'.length);
  for (const url of [
    `/uploads/${'0'.repeat(64)}.png`, `/uploads/${name}.jpg`, `/uploads/${name}.png.tmp`,
    `${annFiles.voucher}?for=ops&exp=9999999999&sig=${'A'.repeat(43)}`, `${annFiles.voucher}?for=${annId}&exp=9999999999`,
  ]) {
    const res = await get(url, { authorization: bob });
    expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 404, 'no-store']);
  }
});

test('the owner\'s <img> gets the voucher through the signed link of the deposit answers, for that file, viewer and hour only', async () => {
  expect(annDeposit.account).toBe(annFiles.voucher);
  expect(annDeposit.voucher_url).toMatch(new RegExp(`^${annFiles.voucher}\\?for=${annId}&exp=\\d+&sig=[\\w-]{43}$`));
  const viaLink = await get(annDeposit.voucher_url);
  expect([viaLink.statusCode, viaLink.headers['cache-control']]).toEqual([200, 'private, no-store']);
  const listed = (await t.call('GET /recharge/log', {}, { token: ann })).message.data;
  expect(listed[0]).toMatchObject({ account: annFiles.voucher, voucher_url: expect.stringContaining(`${annFiles.voucher}?for=${annId}&`) });

  const query = annDeposit.voucher_url.slice(annDeposit.voucher_url.indexOf('?'));
  const bobDeposit = (await t.call('POST /wallet/charge_req', { currency: USDT_ID, chain: 'TRC20', amount: '100', account: bobVoucher }, { token: bob })).message;
  const bobQuery = bobDeposit.voucher_url.slice(bobDeposit.voucher_url.indexOf('?'));
  expect((await get(bobDeposit.voucher_url)).statusCode).toBe(200);
  for (const url of [
    `${annFiles.front_pic}${query}`, // another file
    `${annFiles.voucher}${query.replace(`for=${annId}`, `for=${bobId}`)}`, // another viewer
    `${annFiles.voucher}${query.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 600}`)}`, // a later expiry
    `${annFiles.voucher}${bobQuery}`, // Bob's link to his own voucher
  ]) {
    expect([url, (await get(url, { authorization: bob })).statusCode]).toEqual([url, 404]);
  }
  t.advance(2 * HOUR);
  try {
    expect((await get(annDeposit.voucher_url)).statusCode).toBe(404);
  } finally {
    t.advance(-2 * HOUR);
  }
});

test('the operator opens identity photos from `identity` and any upload from `upload-link`, for an hour', async () => {
  const listed = await runOps('identity');
  const annLine = listed.lines.find((l) => l.includes('ann.uploads@example.com'))!;
  const links = /\n {6}open: (\S+) {2}(\S+) {2}(\S+)$/.exec(annLine)!.slice(1);
  expect(links.map((l) => l.slice(0, l.indexOf('?')))).toEqual([annFiles.front_pic, annFiles.reverse_pic, annFiles.hand_pic]);
  for (const link of links) {
    expect(link).toContain('?for=ops&');
    const res = await get(link);
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'private, no-store']);
  }

  const voucherLink = await runOps('upload-link', annFiles.voucher);
  expect(voucherLink).toEqual({ lines: [expect.stringMatching(new RegExp(`^${annFiles.voucher}\\?for=ops&exp=\\d+&sig=`))] });
  expect((await get(voucherLink.lines[0])).statusCode).toBe(200);
  expect(await runOps('upload-link', `/uploads/${'1'.repeat(64)}.png`)).toEqual({ lines: [`refused: no uploaded file /uploads/${'1'.repeat(64)}.png`], exitCode: 1 });
  t.advance(2 * HOUR);
  try {
    expect((await get(voucherLink.lines[0])).statusCode).toBe(404);
  } finally {
    t.advance(-2 * HOUR);
  }
});

describe('naming another user\'s upload', () => {
  test('every endpoint that takes an upload path is covered here', () => {
    const taking = Object.values(ENDPOINTS)
      .filter((spec) => Object.values((spec.request as { properties?: Record<string, { pattern?: string }> } | undefined)?.properties ?? {})
        .some((p) => p.pattern === UPLOADED_IMAGE.pattern))
      .map(endpointKey).sort();
    // POST /user/uploadHeadPortrait and POST /user/profile take any text as the avatar, checked by their handler.
    // POST /fiat/order/voucher needs an order of the buyer first: fiat.test.ts names another's screenshot there.
    expect(taking).toEqual(['POST /fiat/order/voucher', 'POST /user/real', 'POST /user/wallet/save', 'POST /wallet/charge_req']);
  });

  const bobsState = async () => {
    const { db } = t.app.services;
    const count = async (table: 'identity_submissions' | 'deposits' | 'wallet_addresses') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', bobId).executeTakeFirstOrThrow()).n);
    return {
      submissions: await count('identity_submissions'), deposits: await count('deposits'), addresses: await count('wallet_addresses'),
      user: await db.selectFrom('users').select(['head_portrait', 'real_state', 'real_level']).where('id', '=', bobId).executeTakeFirstOrThrow(),
      uploads: await db.selectFrom('uploads').selectAll().orderBy('name').execute(),
    };
  };

  const unknown = `/uploads/${'b'.repeat(64)}.png`;
  const cases: Array<[string, string, (foreign: string) => Record<string, unknown>, string]> = [
    ['POST /user/real', 'front photo', (pic) => ({ real_type: 2, ...bobPics, front_pic: pic }), 'api.upload.not_found'],
    ['POST /user/real', 'hand-held photo', (pic) => ({ real_type: 2, ...bobPics, hand_pic: pic }), 'api.upload.not_found'],
    ['POST /wallet/charge_req', 'voucher', (voucher) => ({ currency: USDT_ID, chain: 'TRC20', amount: '100', account: voucher }), 'api.deposit.voucher_missing'],
    ['POST /user/wallet/save', 'QR code', (qrcode) => ({ currency: USDT_ID, chain: 'TRC20', name: 'Mine', address: `T${'B'.repeat(31)}CD`, qrcode }), 'api.upload.not_found'],
    ['POST /user/uploadHeadPortrait', 'avatar', (head_portrait) => ({ head_portrait }), 'api.upload.not_found'],
    ['POST /user/profile', 'avatar', (head_portrait) => ({ nickname: 'Bobby', head_portrait }), 'api.upload.not_found'],
  ];

  test.each(cases)('%s (%s): refused with a localised message, nothing changes', async (endpoint, _what, input, key) => {
    const before = await bobsState();
    const foreign = [annFiles.front_pic, annFiles.voucher, annFiles.qr, annFiles.avatar, unknown];
    for (const [i, file] of foreign.entries()) {
      const lang: Language = i % 2 ? 'spa' : 'ru';
      const r = await t.call(endpoint, { ...input(file), lang }, { token: bob });
      expect([file, r]).toEqual([file, { type: 'error', message: t.app.services.i18n.t(lang, key) }]);
    }
    expect(await bobsState()).toEqual(before);
    expect((await get(annFiles.avatar)).statusCode).toBe(404);
  });

  test('their own upload is taken, so the refusals above are about ownership', async () => {
    expect(await t.call('POST /user/real', { real_type: 2, ...bobPics }, { token: bob })).toEqual({ type: 'ok', message: en('api.kyc.submitted') });
  });
});

test('an avatar is public once set: anyone may fetch and cache it; Bob still cannot name it', async () => {
  expect((await get(annFiles.avatar)).statusCode).toBe(404);
  expect(await t.call('POST /user/uploadHeadPortrait', { head_portrait: annFiles.avatar }, { token: ann })).toEqual({ type: 'ok', message: en('api.saved') });
  const anonymous = await get(annFiles.avatar);
  expect([anonymous.statusCode, anonymous.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  expect(await t.call('POST /user/uploadHeadPortrait', { head_portrait: annFiles.avatar }, { token: bob }))
    .toEqual({ type: 'error', message: en('api.upload.not_found') });
  expect((await get(annFiles.voucher)).statusCode).toBe(404);
});

test('the same image uploaded by two users is two files, each private to its uploader', async () => {
  const bytes = Buffer.concat([PNG_1X1, Buffer.from('shared picture')]);
  const [annsCopy, bobsCopy] = [await upload(ann, bytes), await upload(bob, bytes)];
  expect(annsCopy).not.toBe(bobsCopy);
  expect((await get(annsCopy, { authorization: bob })).statusCode).toBe(404);
  expect((await get(bobsCopy, { authorization: bob })).statusCode).toBe(200);
});

test('the purge of abandoned uploads deletes the file and its owner\'s record', async () => {
  const abandoned = await upload(bob);
  const name = abandoned.slice('/uploads/'.length);
  const old = new Date(Date.now() - 3 * 24 * HOUR);
  fs.utimesSync(path.join(t.dataDir, abandoned), old, old);
  const { db, uploadsDir, areas } = t.app.services;
  expect(await purgeUploads(db, uploadsDir, areas, new Date())).toContain(name);
  expect(fs.existsSync(path.join(t.dataDir, abandoned))).toBe(false);
  expect(await db.selectFrom('uploads').select('name').where('name', '=', name).execute()).toEqual([]);
  expect(fs.existsSync(path.join(t.dataDir, annFiles.voucher))).toBe(true);
});
