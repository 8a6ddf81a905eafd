/**
 * Reads from memory (cachedReads.ts): sessions, the session policy and users are kept until their table
 * changes, whoever changes it (the app, an operator's SQL, another node), announced by the database's
 * triggers (migration 017). On PostgreSQL (DATABASE_URL) two nodes share one schema.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db';
import { DEMO_PASSWORD, openTestDatabase } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => { await database?.close(); });

let offset = 0;
const node = () => buildApp({
  database, ownDatabase: false, watchConfig: false, logger: pino({ level: 'silent' }), seed: { demoPassword: DEMO_PASSWORD }, distDir: path.join(os.tmpdir(), 'no-dist'),
  now: () => new Date(Date.now() + offset),
  limits: { requestsPerClient: { max: 1_000_000, windowMs: 60_000 } },
});
type App = Awaited<ReturnType<typeof node>>;

async function get(app: App, url: string, token?: string) {
  return (await app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { authorization: token } : {} })).json() as { type: string; message: any };
}

/** Until `check` passes: a notice travels to the other node's listening connection after the commit. */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try { return await check(); } catch (err) {
      if (i >= 200) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Runs `fn` with two nodes on the one database, and closes them. */
async function onTwoNodes(fn: (a: App, b: App) => Promise<void>): Promise<void> {
  const [a, b] = [await node(), await node()];
  try {
    await fn(a, b);
  } finally {
    await a.close();
    await b.close();
  }
}

const login = async (app: App) => (await app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: 'demo@example.com', password: DEMO_PASSWORD } })).json().message as string;
const idleMinutes = (value: string) => database.db.updateTable('site_config').set({ value }).where('key', '=', 'session_idle_minutes').execute();

test('the session policy is read from memory until site_config changes, on every node', async () => onTwoNodes(async (a, b) => {
  const token = await login(a);
  const alive = async (app: App) => (await get(app, '/user/info', token)).type === 'ok';
  expect(await alive(a)).toBe(true);
  expect(await alive(b)).toBe(true);
  offset += 40 * 60_000;
  try {
    // A change the database does not announce (its trigger off) shows that both nodes decide from memory.
    await sql`alter table site_config disable trigger site_config_changed`.execute(database.db);
    await idleMinutes('30');
    await sql`alter table site_config enable trigger site_config_changed`.execute(database.db);
    expect(await alive(a)).toBe(true);
    expect(await alive(b)).toBe(true);
    // An operator's SQL change, announced: on both nodes the session, unused for 40 minutes since, has ended.
    offset += 40 * 60_000;
    await idleMinutes('31');
    await eventually(async () => { expect(await alive(a)).toBe(false); });
    await eventually(async () => { expect(await alive(b)).toBe(false); });
  } finally {
    await idleMinutes('10080');
  }
}), 60_000);

test('a session ends on every node: at once where the user logged out, after the notice elsewhere', async () => onTwoNodes(async (a, b) => {
  const token = await login(a);
  expect((await get(a, '/user/info', token)).type).toBe('ok');
  expect((await get(b, '/user/info', token)).type).toBe('ok');
  expect((await a.inject({ method: 'GET', url: '/api/user/logout', headers: { authorization: token } })).json().type).toBe('ok');
  expect((await get(a, '/user/info', token)).type).toBe('999');
  await eventually(async () => { expect((await get(b, '/user/info', token)).type).toBe('999'); });

  // Revoked by an operator's SQL, the session ends on both nodes.
  const other = await login(a);
  expect((await get(b, '/user/info', other)).type).toBe('ok');
  await database.db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('revoked_at', 'is', null).execute();
  await eventually(async () => { expect((await get(a, '/user/info', other)).type).toBe('999'); });
  await eventually(async () => { expect((await get(b, '/user/info', other)).type).toBe('999'); });
}), 60_000);

test('a user\'s row is kept per user: a change by the app shows at once, an operator\'s SQL change on every node', async () => onTwoNodes(async (a, b) => {
  const token = await login(a);
  const nickname = async (app: App) => (await get(app, '/user/info', token)).message.nickname as string;
  await nickname(a);
  await nickname(b);
  expect((await a.inject({ method: 'POST', url: '/api/user/editNickname', headers: { authorization: token }, payload: { nickname: 'KeptApart' } })).json().type).toBe('ok');
  expect(await nickname(a)).toBe('KeptApart');
  await eventually(async () => { expect(await nickname(b)).toBe('KeptApart'); });
  await database.db.updateTable('users').set({ nickname: 'Set by SQL' }).where('email', '=', 'demo@example.com').execute();
  await eventually(async () => { expect(await nickname(a)).toBe('Set by SQL'); });
  await eventually(async () => { expect(await nickname(b)).toBe('Set by SQL'); });
}), 60_000);
