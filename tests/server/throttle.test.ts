/**
 * Throttling with the shipped limits (throttle/limits.ts): per client address and per phone or email (the
 * login's own limits: loginGuessing.test.ts), answered with HTTP 429, Retry-After and a message that says when to try again. The counters
 * are shared: in the database (every node on one PostgreSQL), or in Redis when REDIS_URL is set.
 */
import { LIMITS } from '../../src/server/throttle';
import { createTestApp, formEncode, type TestApp } from './helpers';
import { redisScope, TEST_REDIS_URL, type RedisScope } from './redis';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => { t = await createTestApp({ limits: {} }); });
afterAll(async () => { await t?.close(); });

const login = (user_string: string, password: string, ip?: string) => t.call('POST /user/login', { user_string, password }, { ip });

async function rawLogin(app: TestApp, user_string: string, password: string, ip = '203.0.113.9', lang = 'en') {
  const res = await app.app.inject({
    method: 'POST', url: '/api/user/login', remoteAddress: ip,
    payload: formEncode({ user_string, password, lang }), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() as { type: string; message: string } };
}

test('wrong passwords from one address, whatever the accounts, are limited', async () => {
  const ip = '198.51.100.7';
  for (let i = 0; i < LIMITS['wrongPasswordsPerClient'].max; i++) await login(`spray${i}@example.com`, 'guess-pass-1', ip);
  const refused = await rawLogin(t, 'someone.else@example.com', 'guess-pass-1', ip);
  expect(refused.status).toBe(429);
  expect((await login('someone.else@example.com', 'guess-pass-1', '198.51.100.8')).message).toBe('Wrong account or password');
});

test('registrations from one address are limited', async () => {
  const ip = '198.51.100.20';
  for (let i = 0; i < LIMITS['registrationsPerClient'].max; i++) {
    const r = await t.call('POST /user/register', { user_string: `reg${i}@example.com`, code: '000000', password: 'secret-pass', re_password: 'secret-pass' }, { ip });
    expect(r.message).not.toMatch(/Too many/);
  }
  const refused = await t.call('POST /user/register', { user_string: 'reg-last@example.com', code: '000000', password: 'secret-pass', re_password: 'secret-pass' }, { ip });
  expect(refused.message).toBe('Too many attempts. Please try again in 60 minutes.');
});

test('codes to many addresses from one client are limited', async () => {
  const ip = '198.51.100.30';
  for (let i = 0; i < LIMITS['codesPerClient'].max; i++) {
    expect((await t.call('POST /sms_mail', { user_string: `code${i}@example.com`, scene: 'register' }, { ip })).type).toBe('ok');
  }
  const refused = await t.call('POST /sms_mail', { user_string: 'code-last@example.com', scene: 'register' }, { ip });
  expect(refused).toEqual({ type: 'error', message: 'Too many attempts. Please try again in 60 minutes.' });
  expect((await t.call('POST /sms_mail', { user_string: 'code-last@example.com', scene: 'register' })).type).toBe('ok');
});

test('one phone is one address however its dialing code or trunk prefix is written', async () => {
  const send = (area_code: string, user_string: string) => t.call('POST /sms_mail', { user_string, type: 'mobile', area_code, scene: 'register' });
  expect((await send('44', '7911123456')).type).toBe('ok');
  for (const [area, number] of [['+44', '7911123456'], ['044', '07911123456'], ['0044', '7911 123456']]) {
    const again = await send(area, number);
    expect([area, again.message]).toEqual([area, expect.stringMatching(/^Please wait \d+ seconds before requesting another code$/)]);
  }
});

test('every API request from one client address is limited by @fastify/rate-limit; the app and its files are not', async () => {
  const small = await createTestApp({ limits: { 'requestsPerClient': { max: 3, windowMs: MINUTE } } });
  try {
    const get = (url: string) => small.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.1' });
    for (let i = 0; i < 3; i++) expect((await get('/api/getSiteConfig')).statusCode).toBe(200);
    const refused = await get('/api/getSiteConfig');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ type: 'error', message: 'Too many attempts. Please try again in 1 minute.' });
    expect((await small.app.inject({ method: 'GET', url: '/api/getSiteConfig', remoteAddress: '192.0.2.2' })).statusCode).toBe(200);
    expect((await get('/config/manifest.json')).statusCode).not.toBe(429);
    small.advance(MINUTE + 1);
    expect((await get('/api/getSiteConfig')).statusCode).toBe(200);
  } finally {
    await small.close();
  }
});

describe('with REDIS_URL', () => {
  let redis: RedisScope;
  let nodes: TestApp[] = [];
  beforeAll(() => { redis = redisScope(); });
  afterEach(async () => { await Promise.all(nodes.splice(0).map((n) => n.close())); });
  afterAll(async () => { await redis.clear(); });
  /** Two nodes with the shipped limits. */
  const twoNodes = async () => {
    nodes = await Promise.all([1, 2].map(() => createTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix, limits: {} })));
    return nodes;
  };

  test('the counters are shared by every node', async () => {
    const [a, b] = await twoNodes();
    const account = 'shared.redis@example.com';
    for (let i = 0; i < LIMITS['wrongPasswordsPerAccountClient'].max; i++) await rawLogin(i % 2 ? b : a, account, 'wrong-pass-1', '203.0.115.1');
    expect((await rawLogin(a, account, 'wrong-pass-1', '203.0.115.1')).status).toBe(429);
    expect((await rawLogin(b, account, 'wrong-pass-1', '203.0.115.1')).status).toBe(429);
  });

  test('the request limit is exact across nodes: of a burst spread over two, exactly the limit is served', async () => {
    const [a, b] = await twoNodes();
    const { max } = LIMITS['requestsPerClient'];
    const statuses = await Promise.all(Array.from({ length: max + 150 }, (_, i) =>
      (i % 2 ? b : a).app.inject({ method: 'GET', url: '/api/wallet/coins', remoteAddress: '192.0.2.77' }).then((res) => res.statusCode)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
  });
});
