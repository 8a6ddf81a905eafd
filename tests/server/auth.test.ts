import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const pw = 'secret-pass';

describe('verification codes', () => {
  test('sms_mail writes the code to the outbox and logs it', async () => {
    const r = await t.call('POST /sms_mail', { user_string: 'Alice@Example.com', scene: 'register', lang: 'en' });
    expect(r).toEqual({ type: 'ok', message: 'The verification code has been sent' });
    const code = await t.lastCode('alice@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const line = t.logs.find((l) => l.msg === 'mail sent' && l.to === 'alice@example.com');
    expect(line).toMatchObject({ level: 30, scene: 'register', code });
  });

  test('at most one code per address per 60 seconds', async () => {
    await t.call('POST /sms_mail', { user_string: 'rate@example.com', scene: 'register' });
    const again = await t.call('POST /sms_mail', { user_string: 'rate@example.com', scene: 'register' });
    expect(again.type).toBe('error');
    expect(again.message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: 'rate@example.com', scene: 'register' })).type).toBe('ok');
  });

  test('at most 10 codes per address per hour', async () => {
    const { db } = t.app.services;
    const base = t.app.services.now().getTime() - 50 * 60_000;
    await db.insertInto('verification_codes').values(Array.from({ length: 10 }, (_, i) => ({
      address: 'hourly@example.com', scene: 'register', code_hash: 'x', created_at: new Date(base + i * 61_000), expires_at: new Date(base),
    }))).execute();
    const r = await t.call('POST /sms_mail', { user_string: 'hourly@example.com', scene: 'register' });
    expect(r).toEqual({ type: 'error', message: 'Too many codes were requested. Please try again in an hour.' });
  });

  test('check_email accepts the right code without consuming it; the code is single use', async () => {
    await t.call('POST /sms_mail', { user_string: 'single@example.com', scene: 'register' });
    const code = await t.lastCode('single@example.com');
    const wrong = await t.call('POST /user/check_email', { user_string: 'single@example.com', scene: 'register', email_code: code === '000000' ? '111111' : '000000' });
    expect(wrong).toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });
    const ok = await t.call('POST /user/check_email', { user_string: 'single@example.com', scene: 'register', email_code: code });
    expect(ok.type).toBe('ok');
    const reg = await t.call('POST /user/register', { user_string: 'single@example.com', code, password: pw, re_password: pw });
    expect(reg).toEqual({ type: 'ok', message: expect.any(String), confirmation: 'Registration succeeded' });
    const reuse = await t.call('POST /user/check_email', { user_string: 'single@example.com', scene: 'register', email_code: code });
    expect(reuse.type).toBe('error');
  });

  test('an expired code is refused', async () => {
    await t.call('POST /sms_mail', { user_string: 'expired@example.com', scene: 'register' });
    const code = await t.lastCode('expired@example.com');
    t.advance(10 * 60_000 + 1000);
    const reg = await t.call('POST /user/register', { user_string: 'expired@example.com', code, password: pw, re_password: pw });
    expect(reg).toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });
  });

  test('five wrong tries invalidate the code', async () => {
    await t.call('POST /sms_mail', { user_string: 'tries@example.com', scene: 'register' });
    const code = await t.lastCode('tries@example.com');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST /user/register', { user_string: 'tries@example.com', code: wrong, password: pw, re_password: pw });
      expect(r.type).toBe('error');
    }
    const r = await t.call('POST /user/register', { user_string: 'tries@example.com', code, password: pw, re_password: pw });
    expect(r).toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });
  });

  test('a register code goes to an existing account too (the platform\'s forget page asks for one); forget refuses an unknown one', async () => {
    expect(await t.call('POST /sms_mail', { user_string: 'demo@example.com', scene: 'register' })).toEqual({ type: 'ok', message: 'The verification code has been sent' });
    const code = await t.lastCode('demo@example.com');
    const register = await t.call('POST /user/register', { user_string: 'demo@example.com', code, password: pw, re_password: pw });
    expect(register).toEqual({ type: 'error', message: 'This account is already registered', field: 'user_string' });
    expect(await t.call('POST /sms_mail', { user_string: 'nobody@example.com', scene: 'forget' })).toEqual({ type: 'error', message: 'No account was found for this email or phone number' });
    // No scene: the forget scene (the platform's password pages send `type: 'forget'`).
    expect(await t.call('POST /sms_mail', { user_string: 'nobody@example.com' })).toEqual({ type: 'error', message: 'No account was found for this email or phone number' });
    expect(await t.call('POST /sms_mail', { user_string: 'nobody@example.com', type: 'forget' })).toEqual({ type: 'error', message: 'No account was found for this email or phone number' });
    expect((await t.call('POST /sms_mail', { user_string: 'nobody@example.com', scene: 'login' })).type).toBe('error');
  });
});

describe('registration and login', () => {
  test('register, login, info, logout revokes the token', async () => {
    const token = await t.signUp('bob@example.com', pw);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.call('GET /user/info', {}, { token });
    expect(info.type).toBe('ok');
    expect(info.message).toMatchObject({
      account_number: 'bob@example.com', email: 'bob@example.com', phone: null, area_code: null, head_portrait: '', score: 100, level: 0,
      real_state: 0, real_level: 0, has_pay_password: false,
    });
    for (const ours of ['username', 'mobile', 'credit_score', 'vip_level']) expect(info.message).not.toHaveProperty(ours);
    expect(info.message.extension_code).toMatch(/^[A-Z2-9]{6,8}$/);
    expect(info.message.nickname).toMatch(/^User\d{6}$/);
    const bearer = await t.call('GET /user/info', {}, { token: `Bearer ${token}` });
    expect(bearer.type).toBe('ok');
    const out = await t.call('GET /user/logout', {}, { token });
    expect(out.type).toBe('ok');
    const after = await t.call('GET /user/info', {}, { token });
    expect(after).toEqual({ type: '999', message: 'Please log in first' });
  });

  test('registering logs the new account in: message says so (as the platform reads it), data is a session token', async () => {
    await t.call('POST /sms_mail', { user_string: 'fresh@example.com', scene: 'register' });
    const code = await t.lastCode('fresh@example.com');
    // On the wire: `message` is the text the platform's app reads (calls.json), `data` the token.
    const res = await t.app.inject({
      method: 'POST', url: '/api/user/register', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ user_string: 'fresh@example.com', code, password: pw, re_password: pw, type: 'email' }).toString(),
    });
    const reg = res.json() as { type: string; message: string; data: string };
    expect(reg).toEqual({ type: 'ok', message: 'Registration succeeded', data: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const info = await t.call('GET /user/info', {}, { token: reg.data });
    expect(info.type).toBe('ok');
    expect(info.message).toMatchObject({ account_number: 'fresh@example.com', email: 'fresh@example.com' });
    // The session is one of the account's devices, as a login's is; a login later opens another.
    const sessions = await t.app.services.db.selectFrom('auth_tokens').select(['user_id', 'revoked_at']).where('user_id', '=', info.message.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].revoked_at).toBeNull();
    // A refused registration names the field it is about, so the form can show it there.
    const again = await t.call('POST /user/register', { user_string: 'fresh@example.com', code: '123456', password: pw, re_password: pw });
    expect(again).toEqual({ type: 'error', message: 'This account is already registered', field: 'user_string' });
  });

  test('tokens are stored hashed', async () => {
    const token = await t.signUp('hash@example.com', pw);
    const rows = await t.app.services.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const user = await t.app.services.db.selectFrom('users').select('password_hash').where('email', '=', 'hash@example.com').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain(pw);
  });

  test('999 without a token or with a bad one', async () => {
    expect(await t.call('GET /user/info')).toEqual({ type: '999', message: 'Please log in first' });
    expect(await t.call('GET /user/info', {}, { token: 'x'.repeat(43) })).toEqual({ type: '999', message: 'Please log in first' });
    expect((await t.call('POST /user/editNickname', { nickname: 'abc' }, { token: 'garbage token!' })).type).toBe('999');
  });

  test('login failure is generic', async () => {
    const wrongPassword = await t.call('POST /user/login', { user_string: 'demo@example.com', password: 'nope-nope' });
    const noUser = await t.call('POST /user/login', { user_string: 'ghost@example.com', password: 'nope-nope' });
    expect(wrongPassword).toEqual({ type: 'error', message: 'Wrong account or password' });
    expect(noUser).toEqual(wrongPassword);
  });

  test('the seeded demo account can log in (email is case-insensitive)', async () => {
    const r = await t.call('POST /user/login', { user_string: 'DEMO@example.com', password: DEMO_PASSWORD });
    expect(r.type).toBe('ok');
  });

  test('passwords must be longer than six characters and match', async () => {
    await t.call('POST /sms_mail', { user_string: 'pw@example.com', scene: 'register' });
    const code = await t.lastCode('pw@example.com');
    const short = await t.call('POST /user/register', { user_string: 'pw@example.com', code, password: '123456', re_password: '123456' });
    expect(short.type).toBe('error');
    expect(short.message).toBe(t.app.services.i18n.t('en', 'error.format.password'));
    const mismatch = await t.call('POST /user/register', { user_string: 'pw@example.com', code, password: '1234567', re_password: '1234568' });
    expect(mismatch).toEqual({ type: 'error', message: t.app.services.i18n.t('en', 'error.passwords_inconsistent') });
    const ok = await t.call('POST /user/register', { user_string: 'pw@example.com', code, password: '1234567', re_password: '1234567' });
    expect(ok.type).toBe('ok');
  });

  test('invitation code links the referrer; unknown codes are refused', async () => {
    const parentToken = await t.signUp('parent@example.com', pw);
    const parent = (await t.call('GET /user/info', {}, { token: parentToken })).message;
    await t.call('POST /sms_mail', { user_string: 'child@example.com', scene: 'register' });
    const code = await t.lastCode('child@example.com');
    const bad = await t.call('POST /user/register', { user_string: 'child@example.com', code, password: pw, re_password: pw, extension_code: 'NOPE99' });
    expect(bad).toEqual({ type: 'error', message: 'The invitation code does not exist', field: 'extension_code' });
    const ok = await t.call('POST /user/register', { user_string: 'child@example.com', code, password: pw, re_password: pw, extension_code: parent.extension_code.toLowerCase() });
    expect(ok.type).toBe('ok');
    const child = await t.app.services.db.selectFrom('users').select(['parent_id', 'extension_code']).where('email', '=', 'child@example.com').executeTakeFirstOrThrow();
    expect(child.parent_id).toBe(parent.id);
    expect(child.extension_code).not.toBe(parent.extension_code);
  });

  test('the same email cannot register twice', async () => {
    await t.signUp('twice@example.com', pw);
    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: 'TWICE@example.com', scene: 'register' })).type).toBe('ok');
    const code = await t.lastCode('twice@example.com');
    const r = await t.call('POST /user/register', { user_string: 'Twice@example.com', code, password: pw, re_password: pw });
    expect(r).toEqual({ type: 'error', message: 'This account is already registered', field: 'user_string' });
    expect(await t.app.services.db.selectFrom('users').select('id').where('email', 'ilike', 'twice@example.com').execute()).toHaveLength(1);
  });

  test('mobile registration with an area code', async () => {
    const sent = await t.call('POST /sms_mail', { user_string: '13800138000', scene: 'register', area_code: '+86' });
    expect(sent.type).toBe('ok');
    const code = await t.lastCode('+86 13800138000');
    const noArea = await t.call('POST /user/register', { type: 'mobile', user_string: '13800138000', code, password: pw, re_password: pw });
    expect(noArea).toEqual({ type: 'error', message: 'Please choose a country or region code' });
    const r = await t.call('POST /user/register', { type: 'mobile', user_string: '13800138000', area_code: '86', code, password: pw, re_password: pw });
    expect(r.type).toBe('ok');
    const login = await t.call('POST /user/login', { user_string: '13800138000', password: pw });
    expect(login.type).toBe('ok');
    const info = (await t.call('GET /user/info', {}, { token: login.message })).message;
    // The login name of a mobile account is its number, which is also its bound phone.
    expect(info).toMatchObject({ account_number: '13800138000', phone: '13800138000', area_code: '+86', email: null });
  });

  test('sms_mail finds the dialing code by area_code_id', async () => {
    const us = ((await t.call('GET /area_code')).message as Array<{ id: number; iso: string }>).find((c) => c.iso === 'US')!;
    const sent = await t.call('POST /sms_mail', { user_string: '2025550123', scene: 'register', area_code_id: us.id });
    expect(sent.type).toBe('ok');
    expect(await t.lastCode('+1 2025550123')).toMatch(/^\d{6}$/);
    const sms = await t.app.services.db.selectFrom('outbox').select('channel').where('recipient', '=', '+1 2025550123').executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
  });
});

describe('forget password', () => {
  test('resets the password with a code and revokes old sessions', async () => {
    const oldToken = await t.signUp('forgetful@example.com', pw);
    t.advance(61_000);
    const sent = await t.call('POST /sms_mail', { user_string: 'forgetful@example.com', scene: 'forget' });
    expect(sent.type).toBe('ok');
    const code = await t.lastCode('forgetful@example.com');
    const r = await t.call('POST /user/forget', { user_string: 'forgetful@example.com', code, password: 'new-password', re_password: 'new-password' });
    expect(r).toEqual({ type: 'ok', message: 'Your password has been reset. Please log in again.' });
    expect((await t.call('GET /user/info', {}, { token: oldToken })).type).toBe('999');
    expect((await t.call('POST /user/login', { user_string: 'forgetful@example.com', password: pw })).type).toBe('error');
    expect((await t.call('POST /user/login', { user_string: 'forgetful@example.com', password: 'new-password' })).type).toBe('ok');
    const reuse = await t.call('POST /user/forget', { user_string: 'forgetful@example.com', code, password: 'other-password', re_password: 'other-password' });
    expect(reuse.type).toBe('error');
  });

  test('a code of another scene (bind_email, pay_password) does not work for forget', async () => {
    await t.signUp('scenes@example.com', pw);
    await t.app.services.db.deleteFrom('verification_codes').where('address', '=', 'scenes@example.com').execute();
    for (const scene of ['bind_email', 'pay_password']) {
      t.advance(61_000);
      await t.call('POST /sms_mail', { user_string: 'scenes@example.com', scene });
      const code = await t.lastCode('scenes@example.com');
      const r = await t.call('POST /user/forget', { user_string: 'scenes@example.com', code, password: 'new-password', re_password: 'new-password' });
      expect(r).toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });
    }
  });

  test('the platform\'s forgotten-password page: a code asked for with scene register, then /user/forget with extension_code "email"', async () => {
    await t.signUp('platform.forget@example.com', pw);
    t.advance(61_000);
    const sent = await t.call('POST /sms_mail', { user_string: 'platform.forget@example.com', scene: 'register', area_code_id: 1, area_code: 86, email_code: '' });
    expect(sent.type).toBe('ok');
    const code = await t.lastCode('platform.forget@example.com');
    const r = await t.call('POST /user/forget', {
      user_string: 'platform.forget@example.com', code, password: 'Abcdef13', re_password: 'Abcdef13', extension_code: 'email', type: 'email',
    });
    expect(r).toEqual({ type: 'ok', message: 'Your password has been reset. Please log in again.' });
    expect((await t.call('POST /user/login', { user_string: 'platform.forget@example.com', password: 'Abcdef13' })).type).toBe('ok');
  });

  test('the platform\'s password page: a code with type "forget" and no scene, checked with no scene, then account and repassword', async () => {
    const token = await t.signUp('platform.password@example.com', pw);
    const account = (await t.call('GET /user/info', {}, { token })).message.account_number;
    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: account, type: 'forget' })).type).toBe('ok');
    const row = await t.app.services.db.selectFrom('verification_codes').select('scene').where('address', '=', account).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.scene).toBe('forget');
    const code = await t.lastCode(account);
    expect(await t.call('POST /user/check_email', { user_string: account, email_code: code })).toEqual({ type: 'ok', message: expect.any(String) });
    // Checked for the forget scene: not a register check.
    expect((await t.call('POST /user/check_email', { user_string: account, scene: 'register', email_code: code })).type).toBe('error');
    const mismatch = await t.call('POST /user/forget', { account, password: 'Demo-pass-123', repassword: 'Demo-pass-124', code });
    expect(mismatch).toEqual({ type: 'error', message: t.app.services.i18n.t('en', 'error.passwords_inconsistent') });
    const r = await t.call('POST /user/forget', { account, password: 'Demo-pass-123', repassword: 'Demo-pass-123', code }, { token });
    expect(r).toEqual({ type: 'ok', message: 'Your password has been reset. Please log in again.' });
    expect((await t.call('GET /user/info', {}, { token })).type).toBe('999');
    expect((await t.call('POST /user/login', { user_string: account, password: 'Demo-pass-123' })).type).toBe('ok');
  });
});

describe('the payment password\'s code', () => {
  const PAY = 'Pay-pass-246';
  const set = (token: string, code: string) => t.call('POST /safe/update_password', { password: PAY, re_password: PAY, code }, { token });

  test('ours (scene pay_password) and the platform\'s (type "forget", no scene) are taken; a register code is not', async () => {
    const token = await t.signUp('paycode@example.com', pw);
    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: 'paycode@example.com', scene: 'register' })).type).toBe('ok');
    expect(await set(token, await t.lastCode('paycode@example.com'))).toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });

    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: 'paycode@example.com', type: 'forget' })).type).toBe('ok');
    const code = await t.lastCode('paycode@example.com');
    expect(await t.call('POST /user/check_email', { user_string: 'paycode@example.com', email_code: code })).toMatchObject({ type: 'ok' });
    expect(await set(token, code)).toEqual({ type: 'ok', message: 'The transaction password has been set' });
    expect((await t.call('GET /user/info', {}, { token })).message.has_pay_password).toBe(true);
    // Used up: the same code cannot reset the login password afterwards.
    expect((await t.call('POST /user/forget', { account: 'paycode@example.com', password: 'new-password', repassword: 'new-password', code })).type).toBe('error');

    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: 'paycode@example.com', scene: 'pay_password' })).type).toBe('ok');
    expect(await set(token, await t.lastCode('paycode@example.com'))).toEqual({ type: 'ok', message: 'The transaction password has been set' });
  });

  test('a code sent to another address is refused', async () => {
    const token = await t.signUp('paycode2@example.com', pw);
    expect((await t.call('POST /sms_mail', { user_string: 'demo@example.com', type: 'forget' })).type).toBe('ok');
    expect(await set(token, await t.lastCode('demo@example.com'))).toEqual({ type: 'error', message: 'The verification code is wrong or has expired' });
  });
});
