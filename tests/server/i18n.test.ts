import { createI18n, pickLanguage } from '../../src/server/i18n';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // zh translations of the api.* keys may not have landed yet: supply the ones the test needs.
  t = await createTestApp({
    messages: {
      zh: {
        'api.login_failed': '登录失败',
        'api.login_first': '请先登录',
        'api.code.too_frequent': '请在 {seconds} 秒后再获取验证码',
        'error.format.email': '请输入正确的邮箱地址',
      },
    },
  });
}, 60_000);
afterAll(async () => { await t?.close(); });

test('errors are localised by the lang field', async () => {
  expect(await t.call('POST /user/login', { user_string: 'x1@example.com', password: 'wrong-pass', lang: 'en' })).toEqual({ type: 'error', message: 'Wrong account or password' });
  expect(await t.call('POST /user/login', { user_string: 'x2@example.com', password: 'wrong-pass', lang: 'zh' })).toEqual({ type: 'error', message: '登录失败' });
  expect(await t.call('GET /user/info', { lang: 'zh' })).toEqual({ type: '999', message: '请先登录' });
});

test('then by accept-language, then en', async () => {
  const headers = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
  expect((await t.call('POST /user/login', { user_string: 'x3@example.com', password: 'wrong-pass' }, { headers })).message).toBe('登录失败');
  expect((await t.call('POST /user/login', { user_string: 'x4@example.com', password: 'wrong-pass', lang: 'en' }, { headers })).message).toBe('Wrong account or password');
  expect((await t.call('POST /user/login', { user_string: 'x5@example.com', password: 'wrong-pass', lang: 'klingon' })).message).toBe('Wrong account or password');
  // A language without the key falls back to English.
  expect((await t.call('POST /user/login', { user_string: 'x6@example.com', password: 'wrong-pass', lang: 'ru' })).message).toBe(t.app.services.i18n.t('ru', 'api.login_failed'));
});

test('ICU placeholders are filled', async () => {
  await t.call('POST /sms_mail', { user_string: 'icu@example.com', scene: 'register' });
  const r = await t.call('POST /sms_mail', { user_string: 'icu@example.com', scene: 'register', lang: 'zh' });
  expect(r.message).toMatch(/^请在 \d+ 秒后再获取验证码$/);
});

test('validation messages come from error.* keys with the field label', async () => {
  const en = await t.call('POST /sms_mail', { user_string: 'not-an-email', scene: 'register', type: 'email' });
  expect(en).toEqual({ type: 'error', message: t.app.services.i18n.t('en', 'error.format.email') });
  const zh = await t.call('POST /sms_mail', { user_string: 'not-an-email', scene: 'register', type: 'email', lang: 'zh' });
  expect(zh.message).toBe('请输入正确的邮箱地址');
  const missing = await t.call('POST /user/login', { password: 'x' });
  expect(missing.type).toBe('error');
  expect(missing.message).toBe(t.app.services.i18n.t('en', 'error.required', { field: t.app.services.i18n.t('en', 'field.user_string') }));
});

test('the i18n module: fallback chain and missing keys', () => {
  const i18n = createI18n({ files: t.app.services.configuration.current.messages, messages: { en: { 'x.hello': 'Hello {name}' }, zh: { 'x.hello': '你好 {name}' } } });
  expect(i18n.t('zh', 'x.hello', { name: 'A' })).toBe('你好 A');
  expect(i18n.t('th', 'x.hello', { name: 'A' })).toBe('Hello A');
  expect(i18n.t('en', 'x.missing')).toBe('x.missing');
  expect(i18n.first('en', ['x.nope', 'x.hello'], { name: 'B' })).toBe('Hello B');
  expect(i18n.t('en', 'api.bad_request', { field: 'Email' })).toBe('Invalid Email');
  expect(pickLanguage(undefined, 'ja-JP')).toBe('jp');
  expect(pickLanguage('fa', 'ja-JP')).toBe('fa');
  expect(pickLanguage(undefined, undefined)).toBe('en');
  i18n.replace({ en: { 'api.bad_request': 'Bad {field}' } }); // a configuration reload; the overrides stay on top
  expect(i18n.t('en', 'api.bad_request', { field: 'Email' })).toBe('Bad Email');
  expect(i18n.t('zh', 'x.hello', { name: 'A' })).toBe('你好 A');
});
