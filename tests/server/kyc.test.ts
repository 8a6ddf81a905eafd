/**
 * Identity verification and phone binding through the real app: email and phone first, Lv1 then Lv2, one
 * submission under review at a time, the operator's decisions, and every refusal stores nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { findEndpoint } from '../../src/shared/contract';
import { ID_TYPE, REVIEW_STATUS } from '../../src/shared/contract/kyc';
import { openDatabase } from '../../src/server/db';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { approveIdentity, pendingIdentity, rejectIdentity } from '../../src/server/modules/kyc/review';
import { copyConfig, createTestApp, editJson, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let ann: string;
let annId: number;
let pics: { front_pic: string; reverse_pic: string; hand_pic: string };
const PASSWORD = 'Ann-secret-1';

/** The platform's codes: the document type is the picker's index, each level's review status SPEC 4's order. */
const PASSPORT = ID_TYPE.code('passport');
const [NONE, REVIEW, VERIFIED, FAILED] = (['none', 'review', 'verified', 'failed'] as const).map((n) => REVIEW_STATUS.code(n));

const BASIC = {
  real_type: 1, id_type: PASSPORT, name: 'Ann Lee-Smith', card_id: 'e12345678', address: '12 Harbour Road, Flat 3/4, Wan Chai #2',
};

async function uploadImage(token: string, variant: number): Promise<string> {
  // Different bytes after a valid PNG: different content-addressed files.
  const { payload, headers } = multipart({ filename: `p${variant}.png`, type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.from([variant])]) });
  const r = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: token } })).json();
  expect(r.type).toBe('ok');
  return r.message as string;
}

const state = async (token = ann) => {
  const r = await t.call('GET /real/state', {}, { token });
  expect(r.type).toBe('ok');
  const validate = new Ajv({ strict: false }).compile(findEndpoint('GET /real/state')!.response!);
  expect(validate(r.message) ? [] : validate.errors).toEqual([]);
  return r.message;
};
const submit = (input: Record<string, unknown>, token = ann) => t.call('POST /user/real', input, { token });
const submissions = async (userId = annId) => Number((await t.app.services.db.selectFrom('identity_submissions')
  .select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);

/** Binds a number with the code from the outbox. */
async function bindPhone(token: string, mobile: string, area = '+852') {
  expect(await t.call('POST /sms_send', { area_code: area, mobile }, { token })).toEqual({ type: 'ok', message: en('api.code.sent') });
  const code = await t.lastCode(`${area} ${mobile}`);
  expect(await t.call('POST /safe/mobile', { area_code: area, mobile, code }, { token })).toEqual({ type: 'ok', message: en('api.mobile.bound') });
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp('ann.kyc@example.com', PASSWORD);
  annId = (await t.call('GET /user/info', {}, { token: ann })).message.id;
  const [front_pic, reverse_pic, hand_pic] = [await uploadImage(ann, 1), await uploadImage(ann, 2), await uploadImage(ann, 3)];
  pics = { front_pic, reverse_pic, hand_pic };
}, 60_000);
afterAll(async () => { await t?.close(); });

test('a new user: not verified, email bound, no phone, nothing submitted, no withdrawal limit yet', async () => {
  expect(await state()).toEqual({
    review_status: NONE, advanced_review_status: NONE, real_data: null,
    real_state: 0, real_level: 0, level_pending: null, reason: '', email_bound: true, mobile_bound: false, mobile: '', area_code: '',
    limits: { withdraw_btc_24h: '0', lv1_withdraw_btc_24h: '200', lv2_withdraw_btc_24h: '500' },
  });
  expect([PASSPORT, NONE, REVIEW, VERIFIED, FAILED]).toEqual([1, 0, 1, 2, 3]);
  expect((await t.call('GET /real/state')).type).toBe('999');
  expect((await t.call('POST /user/real', BASIC)).type).toBe('999');
  expect((await t.call('POST /sms_send', { area_code: '+852', mobile: '61234567' })).type).toBe('999');
});

test('verification is refused until email and phone are bound', async () => {
  expect(await submit(BASIC)).toEqual({ type: 'error', message: 'Bind a mobile number before identity verification' });
  expect((await submit({ ...BASIC, lang: 'zh' })).message).toBe('请先绑定手机号，再进行身份认证');
  // An account registered with a phone number has no email yet.
  await t.call('POST /sms_mail', { user_string: '61112222', type: 'mobile', area_code: '+852', scene: 'register' });
  const code = await t.lastCode('+852 61112222');
  expect((await t.call('POST /user/register', { user_string: '61112222', type: 'mobile', area_code: '+852', code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
  const bob = (await t.call('POST /user/login', { user_string: '61112222', password: PASSWORD })).message;
  expect(await state(bob)).toMatchObject({ email_bound: false, mobile_bound: true, mobile: '611****2222', area_code: '+852' });
  expect(await submit(BASIC, bob)).toEqual({ type: 'error', message: 'Bind an email address before identity verification' });
  expect(await submissions()).toBe(0);
  expect(await state()).toMatchObject({ real_state: 0, real_data: null });
});

test('binding the phone: a code by SMS from the outbox; wrong codes, bad numbers and a number taken are refused', async () => {
  const send = (input: Record<string, unknown>) => t.call('POST /sms_send', input, { token: ann });
  expect(await send({ area_code: '+852', mobile: '61112222' })).toEqual({ type: 'error', message: 'This mobile number is already bound to another account' });
  expect((await send({ area_code: '+852', mobile: '61112222', lang: 'hk' })).message).toBe('該手機號碼已綁定其他賬戶');
  expect((await send({ area_code: '+852', mobile: '1234' })).message).toBe('Please enter a valid mobile number');
  expect((await send({ area_code: '+852' })).message).toBe('Please enter your mobile number');
  expect((await send({ mobile: '61234567' })).message).toBe('Please choose a country or region code');
  expect((await send({ area_code: '852x', mobile: '61234567' })).message).toBe('Please choose a country or region code');

  expect(await send({ area_code: '852', mobile: '61234567' })).toEqual({ type: 'ok', message: 'The verification code has been sent' });
  expect((await send({ area_code: '+852', mobile: '61234567' })).message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
  const sms = await t.app.services.db.selectFrom('outbox').selectAll().where('recipient', '=', '+852 61234567').executeTakeFirstOrThrow();
  expect(sms).toMatchObject({ channel: 'sms', scene: 'bind_mobile', code: expect.stringMatching(/^\d{6}$/) });
  const code = sms.code!;

  const bind = (input: Record<string, unknown>) => t.call('POST /safe/mobile', input, { token: ann });
  expect(await bind({ area_code: '+852', mobile: '61234567', code: code === '000000' ? '111111' : '000000' }))
    .toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });
  expect((await bind({ area_code: '+852', mobile: '61234567', code: '12' })).message).toBe('The verification code is 6 digits');
  expect((await bind({ area_code: '+852', mobile: '61234567' })).message).toBe('Please enter the verification code');
  expect((await bind({ area_code: '+86', mobile: '61234567', code })).message).toBe('The verification code is wrong or has expired');
  expect((await bind({ mobile: '69999999', code })).message).toBe('The verification code is wrong or has expired');
  expect((await t.call('GET /user/info', {}, { token: ann })).message.phone).toBeNull();

  // SPEC 7 sends only mobile and code: the area code is that of the code sent to the number.
  expect(await bind({ mobile: '61234567', code })).toEqual({ type: 'ok', message: 'Your mobile number has been bound' });
  expect(await state()).toMatchObject({ mobile_bound: true, mobile: '612****4567', area_code: '+852', email_bound: true });
  expect((await t.call('GET /user/info', {}, { token: ann })).message).toMatchObject({ phone: '61234567', area_code: '+852', real_state: 0, real_level: 0 });
  expect((await bind({ area_code: '+852', mobile: '61234567', code })).message).toBe('A mobile number is already bound to your account');
  t.advance(61_000);
  expect((await send({ area_code: '+852', mobile: '68888888' })).message).toBe('A mobile number is already bound to your account');
  // The bound number logs in too.
  expect((await t.call('POST /user/login', { user_string: '61234567', password: PASSWORD })).type).toBe('ok');
});

test('bad input on every field gets its own localised message and stores nothing', async () => {
  const cases: Array<[Record<string, unknown>, string, Record<string, number>?]> = [
    [{ id_type: undefined }, 'kyc.id_type.error'],
    [{ id_type: 'passport' }, 'kyc.id_type.error'], // a code, not its name
    [{ id_type: 3 }, 'kyc.id_type.error'],
    [{ id_type: '0x1' }, 'kyc.id_type.error'],
    [{ name: undefined }, 'kyc.name.error'],
    [{ name: '   ' }, 'kyc.name.error'],
    [{ name: 'Ann\nMarie' }, 'kyc.name.error'],
    [{ name: 'A'.repeat(101) }, 'kyc.name.error.too_long', { limit: 100 }],
    [{ name: '李'.repeat(101) }, 'kyc.name.error.too_long', { limit: 100 }],
    [{ name: 'Ann<script>' }, 'kyc.name.error.special_chars'],
    [{ name: 'Ann Lee#1' }, 'kyc.name.error.special_chars'],
    [{ card_id: undefined }, 'kyc.card_id.error'],
    [{ card_id: 'E12' }, 'kyc.card_id.error'],
    [{ card_id: 'E123 4567' }, 'kyc.card_id.error'],
    [{ card_id: 'E1'.repeat(16) }, 'kyc.card_id.error'],
    // Required by the form (kyc-basic.json), not by the contract: see the platform's app below.
    [{ address: undefined }, 'kyc.address.error', { minLength: 5 }],
    [{ address: 'HK' }, 'kyc.address.error', { minLength: 5 }],
    [{ address: '12 Harbour\u0007 Road' }, 'kyc.address.error', { minLength: 5 }], // commas, # and / are fine in an address; control characters are not
    [{ address: 'x'.repeat(201) }, 'kyc.address.error.too_long', { limit: 200 }],
    [{ real_type: 2, ...pics, front_pic: undefined }, 'kyc.front_pic.error'],
    [{ real_type: 2, ...pics, reverse_pic: '/uploads/../../etc/passwd' }, 'kyc.reverse_pic.error'],
    [{ real_type: 2, ...pics, hand_pic: 'https://example.com/me.png' }, 'kyc.hand_pic.error'],
    [{ real_type: 2, ...pics, hand_pic: undefined }, 'kyc.hand_pic.error'], // required by kyc-advanced.json
    [{ real_type: 3 }, 'error.enum'],
    [{ real_type: undefined }, 'error.required'],
  ];
  for (const lang of ['en', 'zh', 'fa'] as const) {
    for (const [input, key, values] of cases) {
      const r = await submit({ ...BASIC, ...input, lang });
      expect([lang, input, r]).toEqual([lang, input, { type: 'error', message: t.app.services.i18n.t(lang, key, values) }]);
    }
  }
  expect(en('kyc.name.error.too_long', { limit: 100 })).toBe('A name can have at most 100 characters');
  expect(await submissions()).toBe(0);
  expect(await state()).toMatchObject({ real_state: 0, real_level: 0, real_data: null });
});

test('Lv1 submitted: verifying; a second submission while it is under review is refused', async () => {
  // As the platform's app sends it: form-encoded text.
  expect(await submit({ ...BASIC, id_type: String(PASSPORT), name: '  Ann Lee-Smith  ' })).toEqual({ type: 'ok', message: 'Submitted. Your identity verification is under review.' });
  const s = await state();
  expect(s).toMatchObject({
    review_status: REVIEW, advanced_review_status: NONE, real_state: 1, real_level: 0, level_pending: 1, reason: '',
    real_data: { level: 1, id_type: PASSPORT, name: 'Ann Lee-Smith', card_id: 'E1***5678', status: 0, reason: '', reviewed_at: null },
  });
  expect(JSON.stringify(s)).not.toContain('Harbour'); // the address is not shown back
  expect((await t.call('GET /user/info', {}, { token: ann })).message).toMatchObject({ real_state: 1, real_level: 0 });
  expect(await submit(BASIC)).toEqual({ type: 'error', message: 'Your identity verification is under review. Please wait for the result.' });
  expect(await submit({ real_type: 2, ...pics })).toEqual({ type: 'error', message: 'Your identity verification is under review. Please wait for the result.' });
  expect(await submissions()).toBe(1);
});

test('the operator approves: verified Lv1 with its 24-hour limit; approving twice is refused', async () => {
  const pending = await pendingIdentity(t.app.services.db);
  expect(pending).toHaveLength(1);
  expect(pending[0]).toMatchObject({ user_id: annId, level: 1, id_type: 'passport', name: 'Ann Lee-Smith', card_id: 'E12345678', address: BASIC.address, real_level: 0 });
  const id = pending[0].id;
  await approveIdentity(t.app.services.db, id);
  await expect(approveIdentity(t.app.services.db, id)).rejects.toThrow(`identity submission ${id} was already reviewed`);
  await expect(rejectIdentity(t.app.services.db, id, 'Too late')).rejects.toThrow(/already reviewed/);
  await expect(approveIdentity(t.app.services.db, 999_999)).rejects.toThrow('no identity submission 999999');
  expect(await state()).toMatchObject({
    review_status: VERIFIED, advanced_review_status: NONE, real_state: 2, real_level: 1, level_pending: null, reason: '',
    limits: { withdraw_btc_24h: '200', lv1_withdraw_btc_24h: '200', lv2_withdraw_btc_24h: '500' },
    real_data: { id, level: 1, status: 1, reviewed_at: expect.any(String) },
  });
  expect((await t.call('GET /user/info', {}, { token: ann })).message).toMatchObject({ real_state: 2, real_level: 1 });
  expect(await submit(BASIC)).toEqual({ type: 'error', message: 'You have already passed identity verification Lv1' });
  expect(await pendingIdentity(t.app.services.db)).toEqual([]);
});

test('Lv2 is refused before Lv1; two submissions at once: one is taken', async () => {
  const cat = await t.signUp('cat.kyc@example.com');
  const catId = (await t.call('GET /user/info', {}, { token: cat })).message.id;
  await bindPhone(cat, '62223333');
  expect(await submit({ real_type: 2, ...pics }, cat)).toEqual({ type: 'error', message: 'Complete basic verification (Lv1) first' });
  expect((await submit({ real_type: 2, ...pics, lang: 'ru' }, cat)).message).toBe('Сначала пройдите базовую проверку (Lv1)');
  expect(await submissions(catId)).toBe(0);
  const both = await Promise.all([submit(BASIC, cat), submit({ ...BASIC, card_id: 'X9999999' }, cat)]);
  expect(both.map((r) => r.type).sort()).toEqual(['error', 'ok']);
  expect(both.find((r) => r.type === 'error')!.message).toBe(en('api.kyc.pending'));
  expect(await submissions(catId)).toBe(1);
  // Rejected: Lv1 failed, with the reason.
  const [mine] = (await pendingIdentity(t.app.services.db)).filter((p) => p.user_id === catId);
  await rejectIdentity(t.app.services.db, mine.id, 'The document number does not match');
  expect(await state(cat)).toMatchObject({
    review_status: FAILED, advanced_review_status: NONE, real_state: 3, real_level: 0, reason: 'The document number does not match',
    real_data: { id: mine.id, level: 1, status: 2 },
  });
});

test('Lv2: photos uploaded here; rejected with a reason it fails and shows why, the level stays 1; then approved Lv2', async () => {
  const missing = `/uploads/${'a'.repeat(64)}.png`;
  expect(await submit({ real_type: 2, ...pics, hand_pic: missing })).toEqual({ type: 'error', message: 'The image was not found. Please upload it again.' });
  expect(await submissions()).toBe(1);
  expect(await submit({ real_type: 2, ...pics })).toEqual({ type: 'ok', message: en('api.kyc.submitted') });
  expect(await state()).toMatchObject({
    review_status: VERIFIED, advanced_review_status: REVIEW, real_state: 1, real_level: 1, level_pending: 2, limits: { withdraw_btc_24h: '200' },
    real_data: { level: 2, id_type: null, name: '', card_id: '', status: 0 },
  });

  const [lv2] = (await pendingIdentity(t.app.services.db)).filter((p) => p.user_id === annId);
  expect(lv2).toMatchObject({ level: 2, ...pics, real_level: 1, card_id: '' });
  await expect(rejectIdentity(t.app.services.db, lv2.id, '  ')).rejects.toThrow('a rejection needs a reason');
  await rejectIdentity(t.app.services.db, lv2.id, ' The hand-held photo is blurred ');
  await expect(rejectIdentity(t.app.services.db, lv2.id, 'Again')).rejects.toThrow(/already reviewed/);
  await expect(approveIdentity(t.app.services.db, lv2.id)).rejects.toThrow(/already reviewed/);
  expect(await state()).toMatchObject({
    review_status: VERIFIED, advanced_review_status: FAILED,
    real_state: 3, real_level: 1, level_pending: null, reason: 'The hand-held photo is blurred', limits: { withdraw_btc_24h: '200' },
    real_data: { id: lv2.id, level: 2, status: 2, reason: 'The hand-held photo is blurred' },
  });
  expect((await t.call('GET /user/info', {}, { token: ann })).message).toMatchObject({ real_state: 3, real_level: 1 });

  // Submitted again: under review, the old reason no longer shown; approved: Lv2 and its limit.
  expect((await submit({ real_type: 2, ...pics })).type).toBe('ok');
  expect(await state()).toMatchObject({ advanced_review_status: REVIEW, real_state: 1, real_level: 1, level_pending: 2, reason: '' });
  const [again] = (await pendingIdentity(t.app.services.db)).filter((p) => p.user_id === annId);
  await approveIdentity(t.app.services.db, again.id);
  expect(await state()).toMatchObject({
    review_status: VERIFIED, advanced_review_status: VERIFIED, real_state: 2, real_level: 2, reason: '', limits: { withdraw_btc_24h: '500' },
  });
  expect(await submit({ real_type: 2, ...pics })).toEqual({ type: 'error', message: 'You have already passed identity verification Lv2' });
  expect(await submissions()).toBe(3);
});

test('the platform\'s app sends no address and no hand-held photo: taken where the forms no longer require them', async () => {
  const dir = copyConfig();
  editJson(dir, 'schemas/kyc-basic.json', (f) => { f.schema.required = f.schema.required.filter((r: string) => r !== 'address'); });
  editJson(dir, 'schemas/kyc-advanced.json', (f) => { f.schema.required = f.schema.required.filter((r: string) => r !== 'hand_pic'); });
  const p = await createTestApp({ configDir: dir });
  try {
    const dan = await p.signUp('dan.kyc@example.com');
    expect(await p.call('POST /sms_send', { area_code: '1', mobile: '2025550123' }, { token: dan })).toMatchObject({ type: 'ok' });
    expect((await p.call('POST /safe/mobile', { mobile: '2025550123', code: await p.lastCode('+1 2025550123') }, { token: dan })).type).toBe('ok');
    const real = (input: Record<string, unknown>) => p.call('POST /user/real', input, { token: dan });
    expect(await real({ id_type: 0, name: 'Dan Brown', card_id: 'X1234567', real_type: 1 })).toEqual({ type: 'ok', message: en('api.kyc.submitted') });
    const [lv1] = await pendingIdentity(p.app.services.db);
    expect(lv1).toMatchObject({ id_type: 'id_card', name: 'Dan Brown', address: '' });
    await approveIdentity(p.app.services.db, lv1.id);
    const upload = async () => {
      const { payload, headers } = multipart({ filename: 'id.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.from([Math.floor(Math.random() * 256)])]) });
      return (await p.app.inject({ method: 'POST', url: '/upload', payload, headers: { ...headers, authorization: dan } })).json().message as string;
    };
    expect(await real({ front_pic: await upload(), reverse_pic: await upload(), real_type: 2 })).toEqual({ type: 'ok', message: en('api.kyc.submitted') });
    const [lv2] = await pendingIdentity(p.app.services.db);
    expect(lv2).toMatchObject({ level: 2, hand_pic: '' });
    await approveIdentity(p.app.services.db, lv2.id);
    const s = (await p.call('GET /real/state', {}, { token: dan })).message;
    expect(s).toMatchObject({ review_status: VERIFIED, advanced_review_status: VERIFIED, real_level: 2 });
  } finally {
    await p.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('migration 019: a submission made before it keeps its name, the first and last names joined', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const upTo = (last: string) => {
    for (const f of migrationFiles()) if (f <= last) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const old = await openDatabase({ databaseUrl, memory: !databaseUrl, isolatedSchema: Boolean(databaseUrl), migrate: false });
  try {
    upTo('018_platform_currency_ids.sql');
    await migrate(old, dir);
    const { id: userId } = await old.db.insertInto('users').values({ username: 'o', email: 'o@example.com', password_hash: 'x', nickname: 'o', extension_code: 'OLD019' })
      .returning('id').executeTakeFirstOrThrow();
    const pic = `/uploads/${'b'.repeat(64)}.png`;
    await old.db.insertInto('identity_submissions').values([
      { user_id: userId, level: 1, id_type: 'passport', first_name: 'Olga', last_name: 'Ivanova', card_id: 'P7654321', address: '1 Old Street', status: 1, reviewed_at: new Date() },
      { user_id: userId, level: 2, front_pic: pic, reverse_pic: pic, hand_pic: pic },
    ] as never).execute();
    await old.db.insertInto('settings').values({ keyword: 'download_android', lang: 'en', value: 'https://example.com/app.apk' }).execute();
    upTo('019_platform_accounts_content.sql');
    expect(await migrate(old, dir)).toEqual(['019_platform_accounts_content.sql']);
    const rows = await old.db.selectFrom('identity_submissions').select(['level', 'name', 'card_id', 'hand_pic']).orderBy('id').execute();
    expect(rows).toEqual([{ level: 1, name: 'Olga Ivanova', card_id: 'P7654321', hand_pic: '' }, { level: 2, name: '', card_id: '', hand_pic: pic }]);
    expect(await old.db.selectFrom('settings').select(['keyword', 'value']).execute()).toEqual([{ keyword: 'apk_download_url', value: 'https://example.com/app.apk' }]);
    // Each level's fields are still checked by the table: a Lv1 row without a name is refused.
    await expect(old.db.insertInto('identity_submissions').values({ user_id: userId, level: 1, id_type: 'passport', card_id: 'P1' }).execute()).rejects.toThrow(/lv1_fields/);
  } finally {
    await old.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
