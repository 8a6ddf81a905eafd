/**
 * Login guessing (issue 21, item 5): wrong passwords are counted per (account, client address) pair, per
 * account and per address, only after the check; a pair past its limit waits, the owner elsewhere does not;
 * an account guessed at from many addresses is slowed down for every login of it, right or wrong, never
 * locked. On PostgreSQL (DATABASE_URL) the counts of concurrent failures are exact.
 */
import { loginDelayMs, LOGIN_DELAY_CAP_MS } from '../../src/server/modules/auth/loginDelay';
import { LIMITS } from '../../src/server/throttle';
import { createTestApp, formEncode, type TestApp } from './helpers';

const MINUTE = 60_000;
const PAIR_MAX = LIMITS['wrongPasswordsPerAccountClient'].max;
let t: TestApp;

beforeAll(async () => { t = await createTestApp({ limits: {} }); });
afterAll(async () => { await t?.close(); });

async function login(user_string: string, password: string, ip: string, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST', url: '/api/user/login', remoteAddress: ip,
    payload: formEncode({ user_string, password, lang }), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() as { type: string; message: string } };
}

async function userId(email: string): Promise<number> {
  return (await t.app.services.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

test('the delay grows with the account\'s failures from everywhere and is capped', () => {
  const max = LIMITS['wrongPasswordsPerAccount'].max;
  expect([0, max].map((n) => loginDelayMs(n, max))).toEqual([0, 0]);
  expect([max + 1, 2 * max, 2 * max + 1, 3 * max + 1, 100 * max].map((n) => loginDelayMs(n, max))).toEqual([500, 500, 1000, 2000, LOGIN_DELAY_CAP_MS]);
});

test('an address past the limit for an account waits, told when in its language; the owner elsewhere logs in; a right password starts the pair again', async () => {
  await t.signUp('pair.owner@example.com', 'right-pass-1');
  const attacker = '203.0.113.50';
  for (let i = 0; i < PAIR_MAX; i++) expect((await login('pair.owner@example.com', `wrong-${i}`, attacker)).body).toEqual({ type: 'error', message: 'Wrong account or password' });
  const refused = await login('Pair.Owner@example.com', 'right-pass-1', attacker);
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(14 * 60);
  expect(refused.body).toEqual({ type: 'error', message: 'Too many attempts. Please try again in 15 minutes.' });
  expect((await login('pair.owner@example.com', 'right-pass-1', attacker, 'ru')).body.message).toBe('Слишком много попыток. Повторите через 15 минут.');

  expect((await login('pair.owner@example.com', 'right-pass-1', '203.0.113.51')).body.type).toBe('ok');

  t.advance(15 * MINUTE + 1000);
  expect((await login('pair.owner@example.com', 'right-pass-1', attacker)).body.type).toBe('ok');
  for (let i = 0; i < PAIR_MAX - 1; i++) await login('pair.owner@example.com', 'wrong', attacker);
  expect((await login('pair.owner@example.com', 'right-pass-1', attacker)).body.type).toBe('ok');
  expect((await login('pair.owner@example.com', 'wrong', attacker)).body.message).toBe('Wrong account or password');
});

test('an account that does not exist is limited alike (the limits tell nothing about which accounts exist)', async () => {
  for (let i = 0; i < PAIR_MAX; i++) await login('nobody.here@example.com', 'x-wrong-1', '203.0.113.60');
  expect((await login('nobody.here@example.com', 'x-wrong-1', '203.0.113.60')).status).toBe(429);
  expect((await login('nobody.here@example.com', 'x-wrong-1', '203.0.113.61')).body.message).toBe('Wrong account or password');
});

test('concurrent tries from one address: only the allowed number reach the check', async () => {
  await t.signUp('pair.race@example.com', 'right-pass-1');
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('pair.race@example.com', `wrong-${i}`, '203.0.113.70')));
  expect(answers.filter((a) => a.status === 200 && a.body.type === 'error')).toHaveLength(PAIR_MAX);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - PAIR_MAX);
});

test('the sixth concurrent right login succeeds, whatever others failed before', async () => {
  await t.signUp('six.logins@example.com', 'right-pass-1');
  for (let i = 0; i < PAIR_MAX; i++) await login('six.logins@example.com', 'wrong-pass', `203.0.113.${80 + i}`);
  const answers = await Promise.all(Array.from({ length: 6 }, () => login('six.logins@example.com', 'right-pass-1', '203.0.113.90')));
  expect(answers.map((a) => a.body.type)).toEqual(Array(6).fill('ok'));
});

test('concurrent failures from many addresses are counted exactly, per account, pair and address', async () => {
  await t.signUp('counted@example.com', 'right-pass-1');
  const id = await userId('counted@example.com');
  const ips = Array.from({ length: 30 }, (_, i) => `203.0.116.${i + 1}`);
  const answers = await Promise.all(ips.map((ip) => login('counted@example.com', 'wrong-pass', ip)));
  expect(answers.map((a) => a.body.message)).toEqual(Array(30).fill('Wrong account or password'));
  const { throttle } = t.app.services;
  expect(await throttle.count('wrongPasswordsPerAccount', `user:${id}`)).toBe(30);
  expect(await throttle.count('wrongPasswordsPerAccountClient', `${ips[0]} user:${id}`)).toBe(1);
  expect(await throttle.count('wrongPasswordsPerClient', ips[0])).toBe(1);
}, 60_000);

test('the owner logs in with the right password while an attacker from 20 addresses is failing: slowed alike, never refused', async () => {
  await t.signUp('besieged@example.com', 'right-pass-1');
  const ips = Array.from({ length: 20 }, (_, i) => `203.0.117.${i + 1}`);
  const attack = Promise.all(ips.map(async (ip) => {
    for (let i = 0; i < PAIR_MAX; i++) expect((await login('besieged@example.com', `guess-${i}`, ip)).body.message).toBe('Wrong account or password');
  }));
  const owner = (async () => {
    const types: string[] = [];
    for (let i = 0; i < 3; i++) types.push((await login('besieged@example.com', 'right-pass-1', '198.51.100.200')).body.type);
    return types;
  })();
  const [, ownerAnswers] = await Promise.all([attack, owner]);
  expect(ownerAnswers).toEqual(['ok', 'ok', 'ok']);
  for (const ip of ips) expect((await login('besieged@example.com', 'right-pass-1', ip)).status).toBe(429);

  // 100 failures: every login of the account now waits the longest delay before its check, right or wrong.
  const timed = async (password: string, ip: string) => {
    const started = Date.now();
    const answer = await login('besieged@example.com', password, ip);
    return { type: answer.body.type, ms: Date.now() - started };
  };
  const right = await timed('right-pass-1', '198.51.100.201');
  const wrong = await timed('wrong-pass', '198.51.100.202');
  expect(right.type).toBe('ok');
  expect(wrong.type).toBe('error');
  expect(right.ms).toBeGreaterThanOrEqual(LOGIN_DELAY_CAP_MS - 50);
  expect(wrong.ms).toBeGreaterThanOrEqual(LOGIN_DELAY_CAP_MS - 50);
}, 90_000);
