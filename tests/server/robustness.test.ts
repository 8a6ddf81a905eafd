import fc from 'fast-check';
import { ENDPOINTS } from '../../src/shared/contract';
import { createTestApp, formEncode, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signUp('fuzz@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

/** FUZZ_RUNS=10 multiplies the number of generated cases (for a longer hunt). */
const runs = (n: number): number => n * Number(process.env.FUZZ_RUNS ?? 1);

const posts = Object.values(ENDPOINTS).filter((e) => e.method === 'POST' && e.path !== '/upload').map((e) => e.path);
const gets = Object.values(ENDPOINTS).filter((e) => e.method === 'GET' && e.path !== '/user/logout').map((e) => e.path);

function expectEnvelope(res: { statusCode: number; json(): any }): void {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(['ok', 'error', '999']).toContain(body.type);
  if (body.type !== 'ok') {
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toBe(t.app.services.i18n.t('en', 'api.server_error'));
  }
}

const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }), fc.constantFrom('', ' ', "'; drop table users; --", '\u0000', '１２３４５６', '<img src=x onerror=alert(1)>', 'a'.repeat(5000)));
const fieldName = fc.constantFrom('user_string', 'password', 're_password', 'code', 'scene', 'type', 'area_code', 'area_code_id', 'extension_code',
  'email_code', 'nickname', 'signature', 'head_portrait', 'c_id', 'page', 'limit', 'id', 'keyword', 'lang', '__proto__', 'constructor');
const payload = fc.dictionary(fieldName, value, { maxKeys: 8 });

test('JSON garbage never causes a 500', async () => {
  await fc.assert(fc.asyncProperty(fc.constantFrom(...posts), payload, fc.boolean(), async (p, data, auth) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${p}`, payload: data, headers: auth ? { authorization: token } : {} });
    expectEnvelope(res);
  }), { numRuns: runs(150) });
});

test('form-encoded garbage and GET queries never cause a 500', async () => {
  await fc.assert(fc.asyncProperty(fc.constantFrom(...posts), payload, async (p, data) => {
    const body = formEncode(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : v])));
    expectEnvelope(await t.app.inject({ method: 'POST', url: `/api${p}`, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token } }));
  }), { numRuns: runs(100) });
  await fc.assert(fc.asyncProperty(fc.constantFrom(...gets), fc.dictionary(fieldName, fc.string(), { maxKeys: 4 }), async (p, query) => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api${p}`, query, headers: { authorization: token } }));
  }), { numRuns: runs(60) });
});

test.each([
  ['broken JSON', '{"user_string": ', 'application/json'],
  ['JSON array', '[1,2,3]', 'application/json'],
  ['JSON string', '"hello"', 'application/json'],
  ['text body', 'hello', 'text/plain'],
  ['xml body', '<a/>', 'application/xml'],
  ['duplicate form keys', 'user_string=a&user_string=b&password=x', 'application/x-www-form-urlencoded'],
  ['bad multipart', '--x\r\nnonsense', 'multipart/form-data; boundary=x'],
])('%s answers a localised error with HTTP 200', async (_name, payload, type) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload, headers: { 'content-type': type } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ type: 'error', message: expect.any(String) });
});

test.each([
  ['POST /news/list', { c_id: '2321501625702992' }], ['POST /news/list', { c_id: 4, page: '99999999999' }],
  ['POST /news/detail', { id: '1e40' }], ['POST /user/login', { user_string: '\u0000', password: 0 }], ['POST /news/detail', { id: '-1' }],
  ['POST /sms_mail', { user_string: '13800138000', scene: 'register', area_code_id: '99999999999' }],
])('%s with out-of-range numbers %j answers a validation error', async (endpoint, data) => {
  const r = await t.call(endpoint, data);
  expect(r.type).toBe('error');
  expect(r.message).not.toBe(t.app.services.i18n.t('en', 'api.server_error'));
});

test('an oversized body is refused without a 500', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: `user_string=${'a'.repeat(2 * 1024 * 1024)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ type: 'error', message: 'The request is too large' });
});

test('an unexpected exception is logged and answered with the generic message', async () => {
  const { db } = t.app.services;
  const original = db.selectFrom.bind(db);
  (db as any).selectFrom = () => { throw new Error('boom'); };
  try {
    const r = await t.call('GET /area_code', { lang: 'en' });
    expect(r).toEqual({ type: 'error', message: 'Something went wrong. Please try again later.' });
  } finally {
    (db as any).selectFrom = original;
  }
  expect(t.logs.some((l) => l.level === 50 && l.msg === 'request failed')).toBe(true);
});

test('unknown API paths answer 404 in the envelope', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ type: 'error', message: expect.any(String) });
});
