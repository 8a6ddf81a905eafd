/**
 * An area is one folder and one line: a throw-away area module is written into a temporary folder, added
 * to the served areas in one line, and its endpoint is served (validated by its request schema), its own
 * ledger cause posted, its command listed and run by the ops CLI, its first-start data seeded, its job run
 * by the scheduler. The registration checks that every
 * endpoint of the catalogue is served by exactly one area.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runOps } from '../../scripts/ops';
import { servedEndpoints } from '../../src/server/app';
import type { Area } from '../../src/server/area';
import { AREAS } from '../../src/server/areas';
import { writeOpsFile } from '../../src/server/ops/http';
import { createTestApp, type TestApp } from './helpers';

const folder = fs.mkdtempSync(path.join(__dirname, '.area-'));
const src = path.relative(folder, path.join(__dirname, '..', '..', 'src', 'server')).split(path.sep).join('/');

fs.writeFileSync(path.join(folder, 'index.ts'), `
import { defineArea } from '${src}/area';
import { pageParams } from '${src}/kernel';
import { post } from '${src}/ledger';
import type { LedgerCause } from '${src}/../shared/contract/causes';
import { paging } from '${src}/../shared/contract/common';
export const pingArea = defineArea({
  name: 'ping',
  endpoints: [
    { method: 'GET', path: '/ping', auth: false, summary: 'Echo', request: { type: 'object', properties: { word: { type: 'string', maxLength: 8 } }, required: ['word'] } },
    { method: 'GET', path: '/ping/wrong', auth: false, summary: 'Answers outside its schema', response: { type: 'object', properties: { pong: { type: 'string' } }, required: ['pong'] } },
    { method: 'POST', path: '/ping/alias', auth: false, summary: 'Echo, the word also sent as say', aliases: { say: 'word' }, request: { type: 'object', properties: { word: { type: 'string', maxLength: 8 } }, required: ['word'] } },
    { method: 'GET', path: '/ping/data', auth: false, summary: 'Answers in data', answerIn: 'data', response: { type: 'array', items: { type: 'integer' } } },
    { method: 'POST', path: '/ping/root', auth: false, summary: 'Also at the site root', alsoAt: '/ping-root', request: { type: 'object', properties: { word: { type: 'string', maxLength: 8 } }, required: ['word'] } },
    { method: 'GET', path: '/ping/page', auth: false, summary: 'A page', request: { type: 'object', properties: { ...paging } } },
    { method: 'POST', path: '/ping/gift', auth: false, summary: 'Posts its own cause', request: { type: 'object', properties: { cause: { type: 'string', maxLength: 20 } }, required: ['cause'] } },
    { method: 'POST', path: '/ping/confirm', auth: false, summary: 'Confirms with a text', confirm: 'common.ok', response: { type: 'object', properties: { pong: { type: 'integer' } }, required: ['pong'] } },
  ],
  handlers: {
    'GET /ping': async (ctx) => ({ pong: ctx.input.word }), 'GET /ping/wrong': async () => ({ pong: 7 }),
    'POST /ping/alias': async (ctx) => ({ pong: ctx.input.word, said: 'say' in ctx.input }), 'GET /ping/data': async () => [1, 2],
    'POST /ping/root': async (ctx) => ({ pong: ctx.input.word }), 'GET /ping/page': async (ctx) => pageParams(ctx.input),
    'POST /ping/confirm': async () => ({ pong: 1 }),
    // a cause outside the catalogue's type: the area's own, accepted because the area declares it
    'POST /ping/gift': async (ctx) => ctx.services.db.transaction().execute(async (trx) => {
      await post(trx, { cause: ctx.input.cause as LedgerCause, ref: 'gift', legs: [{ account: { platform: 'house', currency: 3 }, amount: '-1' }, { account: { platform: 'fees', currency: 3 }, amount: '1' }] });
      return { gave: 1 };
    }),
  },
  causes: { 'ping.gift': 'the house gives the fees account one unit (a cause of this area only)' },
  ops: [{ name: 'ping', summary: 'answers pong', run: async () => ({ lines: ['pong'] }) }],
  seed: async ({ db }) => { await db.insertInto('market_state').values({ key: 'ping:seeded', value: '1', updated_at: new Date() }).onConflict((oc) => oc.column('key').doNothing()).execute(); },
  jobs: [{ name: 'ping.once', run: async ({ trx, key }) => { await trx.insertInto('market_state').values({ key: 'ping:' + key, value: '1', updated_at: new Date() }).execute(); } }],
});
`);

let t: TestApp;
beforeAll(async () => {
  const { pingArea } = await import(path.join(folder, 'index.ts')) as { pingArea: Area };
  t = await createTestApp({ areas: [...AREAS, pingArea] }); // the one line
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  writeOpsFile(t.dataDir, `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, t.app.services.opsToken);
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

test('its endpoint is served and validated', async () => {
  expect(await t.call('GET /ping', { word: 'hello' })).toEqual({ type: 'ok', message: { pong: 'hello' } });
  expect((await t.call('GET /ping', { word: 'much-too-long' })).type).toBe('error');
});

test('a field the platform\'s app sends under another name is renamed before the rules read it; the name of the contract wins when both come', async () => {
  expect(await t.call('POST /ping/alias', { say: 'hello' })).toEqual({ type: 'ok', message: { pong: 'hello', said: false } });
  expect(await t.call('POST /ping/alias', { word: 'mine', say: 'theirs' })).toEqual({ type: 'ok', message: { pong: 'mine', said: false } });
  expect((await t.call('POST /ping/alias', { say: 'much-too-long' })).type).toBe('error');
});

test('an answer that travels in data, an endpoint also at the site root, a page asked for 99999999 rows', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/ping/data' })).json()).toEqual({ type: 'ok', data: [1, 2] });
  const root = await t.app.inject({ method: 'POST', url: '/ping-root', payload: 'word=hi', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect([root.statusCode, root.json()]).toEqual([200, { type: 'ok', message: { pong: 'hi' } }]);
  // A refusal there is an envelope with HTTP 200 too, as under /api.
  const wrong = await t.app.inject({ method: 'POST', url: '/ping-root', payload: 'word=much-too-long', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect([wrong.statusCode, wrong.json().type]).toEqual([200, 'error']);
  expect((await t.call('GET /ping/page', { page: 2, limit: 99999999 })).message).toEqual({ page: 2, limit: 100, offset: 100 });
  expect((await t.call('GET /ping/page', {})).message).toEqual({ page: 1, limit: 10, offset: 0 });
  expect((await t.call('GET /ping/page', { limit: 100000000 })).type).toBe('error');
});

test('a confirming endpoint answers its text, in the request\'s language, in message and its record in data', async () => {
  const i18n = t.app.services.i18n;
  const raw = await t.app.inject({ method: 'POST', url: '/api/ping/confirm', payload: 'lang=fa', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(raw.json()).toEqual({ type: 'ok', message: i18n.t('fa', 'common.ok'), data: { pong: 1 } });
  expect(await t.call('POST /ping/confirm')).toEqual({ type: 'ok', message: { pong: 1 }, confirmation: i18n.t('en', 'common.ok') });
});

test('outside production the server checks its own answers: one outside the schema is logged and answered as a failure', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ping/wrong' });
  expect(res.json()).toEqual({ type: 'error', message: expect.any(String) });
  expect(t.logs.find((l) => l.msg.includes('does not match the contract'))).toMatchObject({ endpoint: 'GET /ping/wrong', wrong: expect.stringContaining('/pong') });
});

test('its command is listed and run by the ops CLI', async () => {
  const lines: string[] = [];
  expect(await runOps([], t.dataDir, (l) => lines.push(l))).toBe(2);
  expect(lines.some((l) => /^\s+ping\s+answers pong$/.test(l))).toBe(true);
  const out: string[] = [];
  expect(await runOps(['ping'], t.dataDir, (l) => out.push(l))).toBe(0);
  expect(out).toEqual(['pong']);
});

test('its ledger cause is accepted, and a cause no area declares refused', async () => {
  expect(await t.call('POST /ping/gift', { cause: 'ping.gift' })).toEqual({ type: 'ok', message: { gave: 1 } });
  expect(await t.app.services.db.selectFrom('ledger_entries').select('ref').where('cause', '=', 'ping.gift').execute()).toEqual([{ ref: 'gift' }]);
  expect((await t.call('POST /ping/gift', { cause: 'ping.nothing' })).type).toBe('error');
  expect(await t.app.services.db.selectFrom('ledger_entries').select('ref').where('cause', '=', 'ping.nothing').execute()).toEqual([]);
});

test('its first-start data is seeded with every area\'s', async () => {
  expect(await t.app.services.db.selectFrom('market_state').select('value').where('key', '=', 'ping:seeded').executeTakeFirst()).toEqual({ value: '1' });
});

test('its job is run by the scheduler', async () => {
  await t.app.services.jobs.schedule(t.app.services.db, 'ping.once', 'k1', new Date(Date.now() - 1000));
  await t.app.services.jobs.tick();
  expect(await t.app.services.db.selectFrom('market_state').select('key').where('key', '=', 'ping:k1').execute()).toHaveLength(1);
});

test('registration refuses an endpoint without a handler, a handler without an endpoint, and an endpoint served twice or not at all', () => {
  const [first, ...rest] = AREAS;
  expect(() => servedEndpoints([{ ...first, handlers: {} }, ...rest])).toThrow(/no handler for/);
  const stray = { ...first.handlers, 'GET /nowhere': async () => null } as Area['handlers'];
  expect(() => servedEndpoints([{ ...first, handlers: stray }, ...rest])).toThrow(/not among its endpoints/);
  expect(() => servedEndpoints([...AREAS, first])).toThrow(/served by both/);
  expect(() => servedEndpoints(rest)).toThrow(/no area serves/);
});
