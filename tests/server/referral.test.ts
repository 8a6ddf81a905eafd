/**
 * The four-level referral rebate through the real app on a test clock (issue 26; SPEC 9): over a chain of six
 * people, each downline recharge of a day above 1000 USDT pays the four people above it 5 %, 3 %, 2 % and 1 %,
 * exactly, once a day by a job, through the ledger, with a message; a day is paid once after a restart and on
 * two nodes at once; the page's reads count people and rebates per level and show only the user's own.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db';
import { ACCOUNT_TYPES, balancesOf, reconcile } from '../../src/server/ledger';
import { walletArea } from '../../src/server/modules/wallet';
import { fiatArea } from '../../src/server/modules/fiat';
import { uploadImage } from './catalogueRequests';
import { createTestApp, DEMO_PASSWORD, openTestDatabase, type TestApp } from './helpers';
import { expectLedgerClean } from './money';

const USDT = 3;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;

beforeAll(async () => { t = await createTestApp({ now: () => new Date(clock.ms) }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const op = (ops: readonly { name: string; run: (...a: any[]) => Promise<unknown> }[], name: string, args: Record<string, string | number>) => ops.find((c) => c.name === name)!.run(t.app.services, args);

async function moveTo(iso: string): Promise<void> {
  clock.ms = Date.parse(iso);
  await t.app.services.jobs.tick();
}

interface Person { token: string; id: number; code: string }
let people = 0;
async function person(invitedBy?: Person): Promise<Person> {
  const token = await t.signUp(`p${++people}@referral.example.com`, undefined, invitedBy ? { extension_code: invitedBy.code.toLowerCase() } : {});
  const info = (await t.call('GET /user/info', {}, { token })).message;
  return { token, id: info.id as number, code: info.extension_code as string };
}
/** A chain: each invited by the one before. */
async function chain(n: number): Promise<Person[]> {
  const out: Person[] = [await person()];
  while (out.length < n) out.push(await person(out[out.length - 1]));
  return out;
}

async function recharge(who: Person, amount: string): Promise<void> {
  const voucher = await uploadImage(t, who.token);
  const id = (await t.call('POST /wallet/charge_req', { account: voucher, amount, currency: USDT, type: 0 }, { token: who.token })).message.id as number;
  await op(walletArea.ops!, 'approve-deposit', { id });
}
const spot = async (who: Person) => (await balancesOf(db(), who.id)).find((b) => b.currency_id === USDT && b.type === ACCOUNT_TYPES.change)?.available ?? '0';
const info = async (who: Person) => (await t.call('GET /referral/info', {}, { token: who.token })).message;
const rebates = async (who: Person) => (await t.call('GET /referral/rebates', {}, { token: who.token })).message;

test('a day\'s recharges above 1000 USDT pay the four people above 5 %, 3 %, 2 % and 1 %, once, the next day', async () => {
  const [a, b, c, d, e, f] = await chain(6);
  await recharge(f, '1500'); // pays E 75, D 45, C 30, B 15; A is five levels up
  await recharge(e, '600');
  await recharge(e, '500.5'); // E's day: 1100.5, pays D 55.025, C 33.015, B 22.01, A 11.005
  await recharge(d, '1000'); // not above the threshold: pays nobody
  await moveTo('2026-11-22T23:59:00.000Z');
  expect(await spot(e)).toBe('1100.5'); // nothing paid before the day ends
  await moveTo('2026-11-23T00:10:00.000Z');
  expect(await Promise.all([a, b, c, d, e, f].map(spot))).toEqual(['11.005', '37.01', '63.015', '1100.025', '1175.5', '1500']);
  expect((await rebates(d)).data).toEqual([{ id: expect.any(Number), day: '2026-11-22', amount: '100.025', currency: 'USDT', people: 2, create_time: '2026-11-23T00:10:00.000Z' }]);
  expect((await rebates(f)).data).toEqual([]);
  const fromE = await db().selectFrom('referral_rebate_items').selectAll().where('from_user_id', '=', e.id).orderBy('level').execute();
  expect(fromE.map((i) => [i.level, String(Number(i.amount))])).toEqual([[1, '55.025'], [2, '33.015'], [3, '22.01'], [4, '11.005']]);

  // Later ticks the same day, and the next day with no recharges, pay nothing more.
  await moveTo('2026-11-23T06:00:00.000Z');
  await moveTo('2026-11-24T00:10:00.000Z');
  expect(await spot(a)).toBe('11.005');
  expect(await db().selectFrom('referral_rebates').select('id').where('user_id', 'in', [a.id, b.id, c.id, d.id, e.id]).execute()).toHaveLength(5);

  // The rebate reaches the receiver's messages.
  const list = (await t.call('GET /mailMessage/getList', {}, { token: d.token })).message.list;
  expect(list[0]).toMatchObject({ topic: 'referral_rebate', title: t.app.services.i18n.t('en', 'msg.referral_rebate.title') });
  expect(list[0].content).toContain('100.025');

  // The page's reads: per level, the people below, who traded, and what they paid.
  expect(await info(b)).toEqual({
    extension_code: b.code, currency: 'USDT', daily_recharge_above: '1000', invitees: 4, traded: 0, rebate_total: '37.01',
    levels: [
      { level: 1, rate: '0.05', invitees: 1, traded: 0, rebate: '0' },
      { level: 2, rate: '0.03', invitees: 1, traded: 0, rebate: '0' },
      { level: 3, rate: '0.02', invitees: 1, traded: 0, rebate: '22.01' },
      { level: 4, rate: '0.01', invitees: 1, traded: 0, rebate: '15' },
    ],
  });
  const invitees = (await t.call('GET /referral/invitees', {}, { token: b.token })).message;
  expect(invitees).toMatchObject({ total: 1, data: [{ account: 'p****@referral.example.com', traded: false }] });
  await expectLedgerClean(db());
});

test('recharges are summed per UTC day: two days of 600 each pay nothing', async () => {
  const [a, b] = await chain(2);
  await moveTo('2026-11-24T23:00:00.000Z');
  await recharge(b, '600');
  await moveTo('2026-11-25T01:00:00.000Z');
  await recharge(b, '600');
  await moveTo('2026-11-26T00:10:00.000Z');
  expect(await spot(a)).toBe('0');
  expect((await rebates(a)).total).toBe(0);
});

test('a bought order paid is a recharge too; a deposit in another currency counts at its USDT value', async () => {
  const [a, b] = await chain(2);
  await moveTo('2026-11-26T09:00:00.000Z');
  const PAYER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15551234567', tax_id: '123-45-6789' };
  const order = (await t.call('POST /fiat/order', { country: 'US', fiat: 'USD', method: 'bank', amount: '1500', ...PAYER }, { token: b.token })).message;
  await t.call('POST /fiat/order/voucher', { id: order.id, voucher: await uploadImage(t, b.token) }, { token: b.token });
  await op(fiatArea.ops!, 'fiat-confirm', { id: order.id }); // 1500 less the 1 % fee: 1485 USDT
  await moveTo('2026-11-27T00:10:00.000Z');
  expect(await spot(a)).toBe('74.25');
  const btc = (await t.call('POST /wallet/charge_req', { account: await uploadImage(t, b.token), amount: '0.01', currency: 1, type: 0 }, { token: b.token })).message.id as number;
  await op(walletArea.ops!, 'approve-deposit', { id: btc });
  const row = await db().selectFrom('recharges').select('usdt_value').where('ref', '=', `deposit:${btc}`).executeTakeFirstOrThrow();
  const price = (await t.app.services.market()).lastPrice('BTC/USDT').price;
  expect(Number(row.usdt_value)).toBeCloseTo(Number(price) * 0.01, 6);
});

test('without a token the reads are refused; a user sees only their own downline', async () => {
  expect(await t.call('GET /referral/info')).toMatchObject({ type: '999' }); // the platform's "log in again"
  const [, b] = await chain(2);
  const stranger = await person();
  expect((await info(stranger)).invitees).toBe(0);
  expect((await info(b)).invitees).toBe(0);
});

describe('across a restart and on two nodes', () => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(); }, 60_000);
  afterAll(async () => { await database?.close(); });

  const server = (c: { ms: number }) => buildApp({
    database, ownDatabase: false, watchConfig: false, now: () => new Date(c.ms), seed: { demoPassword: DEMO_PASSWORD }, distDir: path.join(os.tmpdir(), 'no-dist'),
  });

  test('days missed while the server was down are paid once each; two nodes running the job at once pay each once', async () => {
    const c = { ms: Date.parse('2026-12-10T12:00:00.000Z') };
    const first = await server(c);
    await first.services.jobs.tick(); // the rebate's days are counted from here
    const [inviter, invitee] = await database.db.transaction().execute(async (trx) => {
      const made: number[] = [];
      for (const [i, parent] of [[1, null], [2, 'first']] as const) {
        const row = await trx.insertInto('users').values({
          username: `restart${i}@referral.example.com`, email: `restart${i}@referral.example.com`, password_hash: 'x',
          extension_code: `RESTART${i}`, parent_id: parent ? made[0] : null,
        }).returning('id').executeTakeFirstOrThrow();
        made.push(row.id);
      }
      return made;
    });
    try {
      // A recharge on each of two days, written as the credit paths write them.
      await database.db.insertInto('recharges').values([
        { user_id: invitee, ref: 'test:1', usdt_value: '2000', credited_at: new Date('2026-12-10T12:00:00.000Z') },
        { user_id: invitee, ref: 'test:2', usdt_value: '4000', credited_at: new Date('2026-12-11T12:00:00.000Z') },
      ]).execute();
    } finally { await first.close(); }
    c.ms = Date.parse('2026-12-12T08:00:00.000Z'); // both days' payouts fell while stopped
    const [one, two] = [await server(c), await server(c)];
    try {
      await Promise.all([one.services.jobs.tick(), two.services.jobs.tick(), one.services.jobs.tick(), two.services.jobs.tick()]);
      const paid = await database.db.selectFrom('referral_rebates').select(['day', 'amount']).where('user_id', '=', inviter).orderBy('day').execute();
      expect(paid.map((p) => [p.day, String(Number(p.amount))])).toEqual([['2026-12-10', '100'], ['2026-12-11', '200']]);
      expect(await database.db.selectFrom('ledger_entries').select('ref').where('cause', '=', 'referral.rebate').where('ref', 'like', `referral:%:${inviter}`).execute()).toHaveLength(2);
      expect((await reconcile(database.db)).ok).toBe(true);
    } finally { await one.close(); await two.close(); }
  }, 120_000);
});
