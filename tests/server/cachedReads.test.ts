/**
 * Reads from memory (cachedReads.ts): sessions, the session policy and settings are kept until their table
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

const node = () => buildApp({
  database, ownDatabase: false, watchConfig: false, logger: pino({ level: 'silent' }), seed: { demoPassword: DEMO_PASSWORD }, distDir: path.join(os.tmpdir(), 'no-dist'),
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
const serviceEmail = async (app: App) => (await get(app, '/getSetting?keyword=service_email&lang=en')).message.value as string;

test('a setting is read from memory until the table changes, on every node', async () => onTwoNodes(async (a, b) => {
  const before = await serviceEmail(a);
  await serviceEmail(b);
  // A change the database does not announce (its trigger off) shows that both nodes answer from memory.
  await sql`alter table settings disable trigger settings_changed`.execute(database.db);
  await database.db.updateTable('settings').set({ value: 'unannounced@example.com' }).where('keyword', '=', 'service_email').where('lang', '=', 'en').execute();
  await sql`alter table settings enable trigger settings_changed`.execute(database.db);
  expect(await serviceEmail(a)).toBe(before);
  expect(await serviceEmail(b)).toBe(before);
  // An operator's SQL change, announced: both nodes answer the new value.
  await database.db.updateTable('settings').set({ value: 'desk@example.com' }).where('keyword', '=', 'service_email').where('lang', '=', 'en').execute();
  await eventually(async () => { expect(await serviceEmail(a)).toBe('desk@example.com'); });
  await eventually(async () => { expect(await serviceEmail(b)).toBe('desk@example.com'); });
}), 60_000);

test('a setting in the request\'s language, else English; a changed text is served after the change', async () => {
  const a = await node();
  try {
    const keyword = (await database.db.selectFrom('settings').select('keyword').where('lang', '=', 'en').executeTakeFirstOrThrow()).keyword;
    const english = (await get(a, `/getSetting?keyword=${keyword}&lang=en`)).message.value;
    await database.db.insertInto('settings').values({ keyword, lang: 'fra', value: 'Texte en français' })
      .onConflict((oc) => oc.columns(['keyword', 'lang']).doUpdateSet({ value: 'Texte en français' })).execute();
    await eventually(async () => { expect((await get(a, `/getSetting?keyword=${keyword}&lang=fra`)).message.value).toBe('Texte en français'); });
    await database.db.deleteFrom('settings').where('keyword', '=', keyword).where('lang', '=', 'fra').execute();
    await eventually(async () => { expect((await get(a, `/getSetting?keyword=${keyword}&lang=fra`)).message.value).toBe(english); });
  } finally {
    await a.close();
  }
}, 60_000);

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
