/**
 * Sessions end (issue 21, item 4): after the idle timeout and the lifetime (site_config, operator settings),
 * at once on every node and on the socket; a use is recorded at most once a minute; the user's device list
 * shows the live sessions and ends one or all the others. Two nodes share one database (a fresh schema on
 * PostgreSQL with DATABASE_URL).
 */
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db';
import { authArea } from '../../src/server/modules/auth';
import { deviceOf } from '../../src/server/modules/auth/deviceName';
import { endSessionsJob } from '../../src/server/modules/auth/sessions';
import { sha256 } from '../../src/server/sessions';
import { DEMO_PASSWORD, formEncode, ON_PG, openTestDatabase } from './helpers';
import { appAuth, SocketClients } from './sockets';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let database: Database;
let offset = 0;
const now = () => new Date(Date.now() + offset);
const clients = new SocketClients();

const node = () => buildApp({
  database, ownDatabase: false, watchConfig: false, logger: pino({ level: 'silent' }), seed: { demoPassword: DEMO_PASSWORD },
  distDir: path.join(os.tmpdir(), 'no-dist'), now, limits: { requestsPerClient: { max: 1_000_000, windowMs: MINUTE } },
});
type App = Awaited<ReturnType<typeof node>>;
let a: App;
let b: App;
beforeAll(async () => {
  database = await openTestDatabase();
  a = await node();
  b = await node();
}, 60_000);
afterAll(async () => {
  await clients.closeAll();
  await a?.close();
  await b?.close();
  await database?.close();
});

async function call(app: App, endpoint: string, token?: string, data: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const [method, url] = endpoint.split(' ') as ['GET' | 'POST', string];
  const res = await app.inject({
    method, url: `/api${url}`, payload: method === 'POST' ? formEncode({ lang: 'en', ...data }) : undefined,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}), ...headers },
  });
  return res.json() as { type: string; message: any };
}

let accounts = 0;
/** A new account (inserted directly: the code flow is auth.test.ts's) and a login from `userAgent`. */
async function account(userAgent = ANDROID_CHROME): Promise<{ email: string; id: number; token: string }> {
  accounts += 1;
  const email = `session${accounts}.${Date.now()}@example.com`;
  const hash = (await database.db.selectFrom('users').select('password_hash').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).password_hash;
  const { id } = await database.db.insertInto('users').values({ username: email, email, password_hash: hash, extension_code: `S${Date.now() % 1e7}${accounts}` })
    .returning('id').executeTakeFirstOrThrow();
  return { email, id, token: await login(a, email, userAgent) };
}

async function login(app: App, email: string, userAgent = ANDROID_CHROME): Promise<string> {
  const r = await call(app, 'POST /user/login', undefined, { user_string: email, password: DEMO_PASSWORD }, { 'user-agent': userAgent });
  expect(r.type).toBe('ok');
  return r.message as string;
}

/** The node's address for sockets (it listens on a free port the first time). */
async function socketUrl(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

// Whether the token still opens an authenticated call (the device list's).
const alive = async (app: App, token: string) => (await call(app, 'POST /user/sessions', token)).type === 'ok';
const lastUsed = async (token: string) => (await database.db.selectFrom('auth_tokens').select('last_used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).last_used_at;
async function setSetting(key: string, value: string) {
  await database.db.updateTable('site_config').set({ value }).where('key', '=', key).execute();
}

describe('device names', () => {
  test.each([
    [ANDROID_CHROME, { browser: 'Chrome', os: 'Android' }],
    [IPHONE_SAFARI, { browser: 'Safari', os: 'iOS' }],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36', { browser: 'Chrome', os: 'Linux' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', { browser: 'Edge', os: 'Windows' }],
    ['Mozilla/5.0 (Linux; Android 13; V2203 Build/TP1A; wv) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47', { browser: 'WeChat', os: 'Android' }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1', { browser: 'Chrome', os: 'iOS' }],
    ['okhttp/4.12.0', { browser: undefined, os: undefined }],
  ])('%s', (ua, expected) => { expect(deviceOf(ua)).toEqual(expected); });
});

describe('the idle timeout and the lifetime', () => {
  test('a session unused for 14 days has ended (default idle timeout: a week); one used within it goes on', async () => {
    const { token } = await account();
    const used = await login(a, (await database.db.selectFrom('users').select('email').orderBy('id', 'desc').executeTakeFirstOrThrow()).email!);
    offset += 6 * DAY;
    expect(await alive(a, used)).toBe(true);
    offset += 6 * DAY;
    expect(await alive(b, used)).toBe(true);
    expect(await alive(a, token)).toBe(false);
    expect(await call(b, 'POST /user/sessions', token)).toEqual({ type: '999', message: 'Please log in first' });
    offset += 2 * DAY;
    expect(await alive(a, used)).toBe(true);
  });

  test('an idle session ends at once on every node, although both kept it in memory', async () => {
    await setSetting('session_idle_minutes', '30');
    try {
      const { token } = await account();
      expect(await alive(a, token)).toBe(true);
      expect(await alive(b, token)).toBe(true);
      offset += 29 * MINUTE;
      expect(await alive(a, token)).toBe(true); // a use on node a: node b's memory still says 29 minutes ago
      offset += 29 * MINUTE;
      expect(await alive(b, token)).toBe(true); // b reads the table before refusing: a used it
      offset += 31 * MINUTE;
      expect(await alive(a, token)).toBe(false);
      expect(await alive(b, token)).toBe(false);
    } finally {
      await setSetting('session_idle_minutes', '10080');
    }
  });

  test('the lifetime ends a session used every day; a value that is not a number is ignored (the default applies)', async () => {
    await setSetting('session_lifetime_days', '3');
    await setSetting('session_idle_minutes', 'forever');
    try {
      const { token } = await account();
      for (let day = 0; day < 2; day++) { offset += DAY; expect(await alive(a, token)).toBe(true); }
      offset += DAY;
      expect(await alive(a, token)).toBe(false);
      const other = await account();
      offset += 7 * DAY + MINUTE;
      expect(await alive(a, other.token)).toBe(false);
    } finally {
      await setSetting('session_lifetime_days', '30');
      await setSetting('session_idle_minutes', '10080');
    }
  });

  test('a use is recorded at most once a minute per session, whatever the node', async () => {
    const { token } = await account();
    const first = await lastUsed(token);
    for (let i = 0; i < 5; i++) { offset += 5_000; expect(await alive(i % 2 ? a : b, token)).toBe(true); }
    expect(await lastUsed(token)).toEqual(first);
    offset += MINUTE;
    const before = now().getTime();
    expect(await alive(b, token)).toBe(true);
    expect(new Date(await lastUsed(token)).getTime()).toBeGreaterThanOrEqual(before);
  });

  test('the job records the end and disconnects the session\'s socket', async () => {
    const { token, id } = await account();
    const socket: Socket = clients.open(await socketUrl(a), appAuth(token));
    expect(await new Promise((resolve) => socket.once('session', resolve))).toEqual({ user_id: id });
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    offset += 7 * DAY + MINUTE;
    // The job's run as the scheduler makes it (a tick would also run every other area's jobs due since, and
    // start the market simulator's catch-up over the days the clock moved).
    expect(authArea.jobs).toContainEqual(expect.objectContaining({ name: 'auth.end_sessions', every: expect.objectContaining({ everyMs: MINUTE }) }));
    const after: Array<() => void> = [];
    await database.db.transaction().execute((trx) => endSessionsJob.run({ trx, services: a.services, now: now(), key: 'test', due: now(), afterCommit: (fn) => after.push(fn) }));
    for (const fn of after) fn();
    expect(await gone).toBe('io server disconnect');
    const row = await database.db.selectFrom('auth_tokens').select('revoked_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });
});

describe('the device list', () => {
  test('lists the live sessions, the current first with its device, address and times', async () => {
    const { email, token } = await account(IPHONE_SAFARI);
    const other = await login(a, email, ANDROID_CHROME);
    const ended = await login(a, email, 'curl/8.5.0');
    await call(a, 'GET /user/logout', ended);
    const before = now().toISOString();
    const list = await call(b, 'POST /user/sessions', token);
    expect(list.type).toBe('ok');
    expect(list.message[0].last_used_at >= before).toBe(true);
    expect(list.message).toEqual([
      { id: expect.any(Number), device: 'Safari on iOS', ip: '127.0.0.1', created_at: expect.any(String), last_used_at: expect.any(String), current: true },
      { id: expect.any(Number), device: 'Chrome on Android', ip: '127.0.0.1', created_at: expect.any(String), last_used_at: expect.any(String), current: false },
    ]);
    expect((await call(a, 'POST /user/sessions', other, { lang: 'fa' })).message.map((s: { device: string }) => s.device)).toEqual(['دستگاه Android با Chrome', 'دستگاه iOS با Safari']);
  });

  test('ending another session stops its token at once on every node; the list no longer shows it', async () => {
    const { email, token } = await account();
    const other = await login(a, email, IPHONE_SAFARI);
    expect(await alive(b, other)).toBe(true); // kept in b's memory
    const otherId = (await call(a, 'POST /user/sessions', token)).message.find((s: { current: boolean }) => !s.current).id;
    expect(await call(a, 'POST /user/sessions/end', token, { id: otherId })).toEqual({ type: 'ok', message: 'The device has been logged out' });
    expect(await call(a, 'POST /user/sessions', other)).toMatchObject({ type: '999' });
    await eventually(async () => expect(await alive(b, other)).toBe(false));
    expect((await call(b, 'POST /user/sessions', token)).message.map((s: { id: number }) => s.id)).not.toContain(otherId);
  });

  test('an id that is not one of the user\'s live sessions is refused with a clear message and ends nothing', async () => {
    const mine = await account();
    const theirs = await account();
    const theirId = (await call(a, 'POST /user/sessions', theirs.token)).message[0].id;
    for (const id of [theirId, 99_999_999, 'abc']) {
      expect(await call(a, 'POST /user/sessions/end', mine.token, { id })).toEqual({ type: 'error', message: 'This session has already ended' });
    }
    expect((await call(a, 'POST /user/sessions/end', mine.token, { id: theirId, lang: 'zh' })).message).toBe('该会话已结束');
    expect(await alive(a, theirs.token)).toBe(true);
  });

  test('ending all the others keeps the current one; ending the current one logs out', async () => {
    const { email, token } = await account();
    const others = [await login(a, email), await login(a, email)];
    expect(await call(a, 'POST /user/sessions/end_others', token)).toEqual({ type: 'ok', message: 'All other devices have been logged out' });
    for (const other of others) expect(await alive(b, other)).toBe(false);
    expect(await alive(a, token)).toBe(true);
    const [current] = (await call(a, 'POST /user/sessions', token)).message;
    expect(await call(a, 'POST /user/sessions/end', token, { id: current.id })).toEqual({ type: 'ok', message: 'You have logged out' });
    expect(await alive(a, token)).toBe(false);
  });

  (ON_PG ? test : test.skip)('concurrent ends of one session: exactly one ends it', async () => {
    const { email, token } = await account();
    const other = await login(a, email);
    const otherId = (await call(a, 'POST /user/sessions', other)).message[0].id;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, 'POST /user/sessions/end', token, { id: otherId })));
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(answers.filter((r) => r.message === 'This session has already ended')).toHaveLength(9);
  });
});

/** Until `check` passes: a notice travels to the other node's listening connection after the commit. */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try { return await check(); } catch (err) {
      if (i >= 200) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
