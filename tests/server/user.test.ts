import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signUp('profile@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

const i18n = () => t.app.services.i18n;

test('info has the documented shape', async () => {
  const r = await t.call('GET /user/info', {}, { token });
  expect(r.type).toBe('ok');
  expect(Object.keys(r.message).sort()).toEqual([
    'account_number', 'area_code', 'created_at', 'email', 'extension_code', 'has_pay_password', 'head_portrait', 'id',
    'level', 'nickname', 'notify', 'phone', 'real_level', 'real_state', 'score', 'signature',
  ]);
  expect(new Date(r.message.created_at).toISOString()).toBe(r.message.created_at);
});

test.each([
  ['Alice2024', true], ['张三', true], ['王小明abc', true], ['a', false], ['abcdefghijk', false], ['bad name', false], ['x!y', false],
])('nickname %p accepted: %p', async (nickname, ok) => {
  const r = await t.call('POST /user/editNickname', { nickname }, { token });
  if (ok) {
    expect(r).toEqual({ type: 'ok', message: 'Saved' });
    expect((await t.call('GET /user/info', {}, { token })).message.nickname).toBe(nickname);
  } else {
    expect(r).toEqual({ type: 'error', message: i18n().t('en', 'userinfo.nickname.error.format', { minLength: 2, maxLength: 10 }) });
  }
});

test('nickname is required', async () => {
  const r = await t.call('POST /user/editNickname', {}, { token });
  expect(r.type).toBe('error');
  expect(r.message).toBe(i18n().t('en', 'error.required', { field: i18n().t('en', 'field.nickname'), missingProperty: 'nickname' }));
});

test.each([
  ['Hello there', true], ['x'.repeat(30), true], ['x', false], ['x'.repeat(31), false], ['   ', false],
])('signature %p accepted: %p', async (signature, ok) => {
  const r = await t.call('POST /user/editSignature', { signature }, { token });
  expect(r.type).toBe(ok ? 'ok' : 'error');
  if (!ok) expect(r.message).toBe(i18n().t('en', 'userinfo.signature.error.format', { minLength: 2, maxLength: 30 }));
});

test('head portrait takes an uploaded image URL only', async () => {
  const body = multipart({ filename: 'a.png', type: 'image/png', data: PNG_1X1 });
  const up = (await t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, authorization: token } })).json();
  expect(up.type).toBe('ok');
  const ok = await t.call('POST /user/uploadHeadPortrait', { head_portrait: up.message }, { token });
  expect(ok.type).toBe('ok');
  expect((await t.call('GET /user/info', {}, { token })).message.head_portrait).toBe(up.message);
  const remote = await t.call('POST /user/uploadHeadPortrait', { head_portrait: 'https://evil.example/x.png' }, { token });
  expect(remote.type).toBe('error');
  const missing = await t.call('POST /user/uploadHeadPortrait', { head_portrait: `/uploads/${'a'.repeat(64)}.png` }, { token });
  expect(missing).toEqual({ type: 'error', message: 'The image was not found. Please upload it again.' });
});

test('the platform\'s user info page: its upload at the site root becomes the avatar, its nickname, the fields it reads', async () => {
  const body = multipart({ filename: 'me.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.from('me')]) });
  const up = (await t.app.inject({ method: 'POST', url: '/upload', payload: body.payload, headers: { ...body.headers, authorization: token } })).json();
  expect(up.type).toBe('ok');
  expect(await t.call('POST /user/uploadHeadPortrait', { head_portrait: up.message }, { token })).toEqual({ type: 'ok', message: 'Saved' });
  expect(await t.call('POST /user/editNickname', { nickname: 'Tester' }, { token })).toEqual({ type: 'ok', message: 'Saved' });
  const info = (await t.call('GET /user/info', {}, { token })).message;
  expect(info).toMatchObject({
    id: expect.any(Number), email: 'profile@example.com', account_number: 'profile@example.com', nickname: 'Tester', head_portrait: up.message,
    score: 100, level: 0, extension_code: expect.stringMatching(/^[A-Z2-9]{6,8}$/), phone: null,
  });
  // The credit score and the VIP level are the operator's (users.credit_score, users.vip_level).
  await t.app.services.db.updateTable('users').set({ credit_score: 95, vip_level: 2 }).where('id', '=', info.id).execute();
  t.app.services.cached.usersChanged(info.id);
  expect((await t.call('GET /user/info', {}, { token })).message).toMatchObject({ score: 95, level: 2 });
});

test('the personal-info page saves at once: nickname, optional avatar and signature; what is not sent is kept', async () => {
  const body = multipart({ filename: 'p.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.from('profile')]) });
  const up = (await t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, authorization: token } })).json();
  expect(await t.call('POST /user/profile', { nickname: 'Alpha', signature: ' Trading daily ', head_portrait: up.message }, { token }))
    .toEqual({ type: 'ok', message: 'Saved' });
  expect((await t.call('GET /user/info', {}, { token })).message).toMatchObject({ nickname: 'Alpha', signature: 'Trading daily', head_portrait: up.message });
  // Without an avatar (none chosen, or an empty one) and without a signature: only the nickname changes.
  expect((await t.call('POST /user/profile', { nickname: 'Beta' }, { token })).type).toBe('ok');
  expect((await t.call('POST /user/profile', { nickname: 'Gamma', head_portrait: '' }, { token })).type).toBe('ok');
  // The current avatar sent back as it is changes nothing.
  expect((await t.call('POST /user/profile', { nickname: 'Delta', head_portrait: up.message }, { token })).type).toBe('ok');
  expect((await t.call('GET /user/info', {}, { token })).message).toMatchObject({ nickname: 'Delta', signature: 'Trading daily', head_portrait: up.message });
  // The rules are the separate calls' own: a nickname is required and well formed, an avatar is the user's upload.
  expect((await t.call('POST /user/profile', { signature: 'no nickname' }, { token })).type).toBe('error');
  expect(await t.call('POST /user/profile', { nickname: 'a b!' }, { token })).toMatchObject({ type: 'error', message: expect.stringContaining('nickname') });
  expect((await t.call('POST /user/profile', { nickname: 'Epsilon', head_portrait: 'https://evil.example/x.png' }, { token })).type).toBe('error');
  expect((await t.call('GET /user/info', {}, { token })).message.nickname).toBe('Delta');
});
