/**
 * Lock mining through the real app on a test clock: plans listed from the seed; refusals say why and move
 * nothing; a locked amount earns its daily yield at the dividend time once per day (also when the job runs
 * twice, after a restart, and on two nodes at once on PostgreSQL) and returns at the end of its term;
 * SPEC 9's early redemption exactly (0.4% x 3 days x 1000 = 12, 988 returned); nobody touches another's
 * order; the operator's plans; money conserved throughout.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db';
import { ACCOUNT_TYPES, balancesOf, reconcile } from '../../src/server/ledger';
import { miningArea } from '../../src/server/modules/mining';
import { seedMining } from '../../src/server/modules/mining/seed';
import { DAY_MS } from '../../src/shared/domain/time';
import { D } from '../../src/shared/format/decimal';
import { createTestApp, DEMO_PASSWORD, type TestApp, openTestDatabase } from './helpers';
import { canWithdraw, expectLedgerClean, fund, PAY as PAY_PASSWORD } from './money';

const USDT = 3;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;

beforeAll(async () => { t = await createTestApp({ now: () => new Date(clock.ms) }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);

async function move(ms: number): Promise<void> {
  clock.ms += ms;
  await t.app.services.jobs.tick();
}

interface Holder { token: string; id: number }
let holders = 0;
async function holder(usdt = '5000', payPassword = true): Promise<Holder> {
  const token = await t.signUp(`holder${++holders}@mining.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  if (payPassword) await canWithdraw(db(), id);
  await fund(db(), id, USDT, usdt);
  return { token, id };
}

async function usdt(user: number): Promise<{ spot: string; locked: string }> {
  const all = await balancesOf(db(), user);
  const spot = all.find((b) => b.currency_id === USDT && b.type === ACCOUNT_TYPES.change)?.available ?? '0';
  const locked = all.find((b) => b.currency_id === USDT && b.type === ACCOUNT_TYPES.mining)?.locked ?? '0';
  return { spot: new D(spot).toFixed(), locked: new D(locked).toFixed() };
}

const expectConserved = () => expectLedgerClean(db());

const lock = (who: Holder, data: Record<string, unknown>) => t.call('POST /lh/deposit', { config_id: 1, pay_password: PAY_PASSWORD, ...data }, { token: who.token });
const yields = (order: number) => db().selectFrom('mining_yields').selectAll().where('order_id', '=', order).orderBy('day').execute();

test('plans come in categories: each list shows its own; an unknown category is refused; the operator moves a plan', async () => {
  const list = async (category?: string) => (await t.call('GET /lh/deposit/config', category ? { category } : {})).message as Array<{ id: number; category: string; currency_name: string }>;
  const all = await list();
  const lock = await list('lock');
  const defi = await list('defi');
  const cloud = await list('cloud');
  expect(lock.length).toBeGreaterThan(0);
  expect(defi.map((p) => p.currency_name)).toEqual(['USDT', 'ETH']);
  expect(cloud.map((p) => p.currency_name)).toEqual(['USDT', 'BTC']);
  for (const [name, plans] of [['lock', lock], ['defi', defi], ['cloud', cloud]] as const) expect(plans.every((p) => p.category === name)).toBe(true);
  expect(lock.length + defi.length + cloud.length).toBe(all.length);
  const refused = await t.call('GET /lh/deposit/config', { category: 'loans' });
  expect(refused.type).toBe('error');
  // The seed adds a category's plans only while it has none (an install from before the categories gains them once).
  await seedMining(db());
  expect(await list()).toHaveLength(all.length);
  const move = miningArea.ops.find((c) => c.name === 'mining-plan-category')!;
  expect((await move.run(t.app.services, { id: defi[0].id, category: 'cloud' })).lines[0]).toMatch(new RegExp(`^#${defi[0].id} cloud USDT 10 days`));
  expect((await list('defi')).map((p) => p.currency_name)).toEqual(['ETH']);
  await expect(move.run(t.app.services, { id: defi[0].id, category: 'nft' })).rejects.toThrow('nft is not a category: one of lock, defi, cloud');
  await move.run(t.app.services, { id: defi[0].id, category: 'defi' });
});

test('the seeded plans are listed; the order being typed shows the balance and what the term may earn', async () => {
  const anonymous = (await t.call('GET /lh/deposit/config')).message;
  expect(anonymous.length).toBeGreaterThanOrEqual(5);
  // The platform's names; rates in percent (the daily yield from interest_rate to interest_rate_max).
  expect(anonymous[0]).toEqual({
    id: 1, currency_id: USDT, currency_name: 'USDT', category: 'lock', save_min: '100', save_max: '100000', day: 5, interest_rate: '0.3', interest_rate_max: '0.4',
    intro: 'Lock 100 USDT or more for 5 days and earn 0.3% to 0.4% a day, paid at 00:00 UTC. The principal returns at the end of the term; redeeming early costs 0.4% of the amount per day left.',
    dividend_time: '00:00', early_percent: '0.4',
  });
  // The intro in the request's language, built from the plan's own figures.
  const zh = (await t.call('GET /lh/deposit/config', { id: 1, lang: 'zh' })).message[0].intro;
  expect(zh).toBe(t.app.services.i18n.t('zh', 'mining.plan_intro', { min: '100', currency: 'USDT', days: 5, rate_min: '0.3', rate_max: '0.4', fixed: 'no', time: '00:00', early: '0.4' }));
  expect(zh).toContain('0.3% 至 0.4%');
  const a = await holder('1234.5');
  expect((await t.call('GET /lh/deposit/config', { id: 2 })).message).toEqual([expect.objectContaining({ id: 2, day: 15 })]);
  const info = (await t.call('POST /lh/deposit/info', { config_id: 1, amount: '10000' }, { token: a.token })).message;
  // SPEC 9: 10000 USDT at 0.3-0.4% a day for 5 days earns 150 to 200.
  expect(info).toMatchObject({ available: '1234.5', earn_min: '150', earn_max: '200', value_at: '2026-11-23T00:00:00.000Z', end_at: '2026-11-28T00:00:00.000Z', has_pay_password: true });
});

test('refusals say why and move nothing', async () => {
  const a = await holder('1000');
  const none = await holder('1000', false);
  expect((await lock(none, { amount: '500' })).message).toBe(en('error.set_pay_password_first'));
  expect((await lock(a, { amount: '500', pay_password: 'wrong-one-1' })).message).toBe(en('api.pay_password.wrong'));
  expect((await lock(a, { amount: '99.99' })).message).toBe(en('api.mining.below_min', { min: '100', currency: 'USDT' }));
  expect((await lock(a, { amount: '100001' })).message).toBe(en('api.mining.above_max', { max: '100000', currency: 'USDT' }));
  expect((await lock(a, { amount: '100.000000001' })).message).toBe(en('api.mining.amount_decimals', { decimals: 8 }));
  expect((await lock(a, { amount: '1000.01' })).message).toBe(en('error.insufficient_balance'));
  expect((await lock(a, { config_id: 999, amount: '500' })).message).toBe(en('api.mining.plan_not_found'));
  expect((await lock(a, { amount: '' })).type).toBe('error');
  expect(await usdt(a.id)).toEqual({ spot: '1000', locked: '0' });
  expect(await db().selectFrom('mining_orders').select('id').where('user_id', 'in', [a.id, none.id]).execute()).toEqual([]);
});

test('a lock earns its daily yield once per day at the dividend time and returns at the end of its term', async () => {
  clock.ms = Date.parse('2026-11-22T10:00:00.000Z');
  const a = await holder('5000');
  const order = (await lock(a, { amount: '1000' })).message;
  expect(order).toMatchObject({
    status: 1, amount: '1000', day: 5, day_rate: '0.3', day_rate_max: '0.4', days_paid: 0, total_interest: '0', start_at: '2026-11-22T10:00:00.000Z',
    value_at: '2026-11-23T00:00:00.000Z', next_due_at: '2026-11-24T00:00:00.000Z', end_at: '2026-11-28T00:00:00.000Z', remaining_days: 5,
  });
  expect(await usdt(a.id)).toEqual({ spot: '4000', locked: '1000' });
  await expectConserved();

  await move(Date.parse('2026-11-24T00:00:00.000Z') - clock.ms); // the first dividend time after the value date
  await t.app.services.jobs.tick();
  await move(60 * 60_000); // an hour later: the day is paid already
  const [first, ...more] = await yields(order.id);
  expect(more).toEqual([]);
  expect(new D(first.rate).gte('0.003') && new D(first.rate).lte('0.004')).toBe(true);
  expect(new D(first.amount).eq(new D(1000).times(first.rate).round(8, 0))).toBe(true);
  expect(await usdt(a.id)).toEqual({ spot: new D(4000).plus(first.amount).toFixed(), locked: '1000' });

  await move(Date.parse('2026-11-28T00:00:00.000Z') - clock.ms); // four more days at once, the last with the principal
  const paid = await yields(order.id);
  expect(paid.map((y) => y.day)).toEqual([1, 2, 3, 4, 5]);
  const earned = paid.reduce((s, y) => s.plus(y.amount), new D(0));
  expect(earned.gte(15) && earned.lte(20)).toBe(true);
  const done = (await t.call('GET /lh/deposit/order', { status: 2 }, { token: a.token })).message;
  expect(done).toMatchObject({ total: 1, order_list: [{ id: order.id, status: 2, days_paid: 5, total_interest: earned.toFixed(), returned: '1000', cancel_fee: '0', next_due_at: null }] });
  expect((await t.call('GET /lh/deposit/order', { status: 1 }, { token: a.token })).message.total).toBe(0);
  // With no status (the platform's app sends none), every order.
  expect((await t.call('GET /lh/deposit/order', { page: 1, limit: 9999 }, { token: a.token })).message).toMatchObject({ total: 1, limit: 100, order_list: [{ id: order.id }] });
  expect(await usdt(a.id)).toEqual({ spot: new D(5000).plus(earned).toFixed(), locked: '0' });
  await move(DAY_MS);
  expect(await yields(order.id)).toHaveLength(5);
  await expectConserved();
});

test('early redemption keeps the ratio x remaining days x amount: 0.4% x 3 x 1000 = 12, 988 returned (SPEC 9)', async () => {
  clock.ms = Date.parse('2026-12-01T08:00:00.000Z');
  const a = await holder('1000');
  const order = (await lock(a, { amount: '1000' })).message;
  await move(Date.parse('2026-12-04T09:00:00.000Z') - clock.ms); // two days paid; the term ends on 12-07 at 00:00
  const [open] = (await t.call('GET /lh/deposit/order', {}, { token: a.token })).message.order_list;
  expect(open).toMatchObject({ id: order.id, status: 1, days_paid: 2, remaining_days: 3, cancel_fee: '12', return_now: '988' });
  const other = await holder('1');
  expect((await t.call('POST /lh/deposit/order/cancel', { id: order.id }, { token: other.token })).message).toBe(en('api.mining.order_not_found'));
  const earned = (await yields(order.id)).reduce((s, y) => s.plus(y.amount), new D(0));
  const redeemed = (await t.call('POST /lh/deposit/order/cancel', { id: order.id }, { token: a.token })).message;
  expect(redeemed).toMatchObject({ status: 3, cancel_fee: '12', returned: '988', return_now: null, remaining_days: 0 });
  expect(await usdt(a.id)).toEqual({ spot: new D(988).plus(earned).toFixed(), locked: '0' });
  expect((await t.call('POST /lh/deposit/order/cancel', { id: order.id }, { token: a.token })).message).toBe(en('api.mining.not_locked'));
  await move(5 * DAY_MS);
  expect(await yields(order.id)).toHaveLength(2);
  await expectConserved();
});

test('ops: plans listed, added, changed; a closed plan refuses orders and a change leaves locked orders as they were', async () => {
  const run = (name: string, args: Record<string, string | number>) => miningArea.ops.find((c) => c.name === name)!.run(t.app.services, args);
  expect((await run('mining-plans', {})).lines[0]).toMatch(/^#1 lock USDT 5 days {2}daily 0\.3%-0\.4% {2}amount 100-100000 {2}dividend 00:00 UTC {2}early 0\.4%\/day/);
  const added = (await run('mining-plan-add', { currency: 'usdt', min: '50', max: '500', rate_min: '0.001', rate_max: '0.002', days: '3', dividend_time: '16:30', early_ratio: '0.01' })).lines[0];
  const id = Number(/^#(\d+)/.exec(added)![1]);
  expect(added).toContain('dividend 16:30 UTC');
  await expect(run('mining-plan-add', { currency: 'usdt', min: '50', max: '10', rate_min: '0.001', rate_max: '0.002', days: '3', dividend_time: '16:30', early_ratio: '0.01' })).rejects.toThrow('refused');
  await expect(run('mining-plan-set', { id, field: 'dividend_minute', value: '25:00' })).rejects.toThrow('not a time of day');
  const a = await holder('1000');
  const order = (await lock(a, { config_id: id, amount: '100' })).message;
  expect(order).toMatchObject({ dividend_time: '16:30', early_percent: '1' });
  expect((await run('mining-plan-set', { id, field: 'early_ratio', value: '0.05' })).lines[0]).toContain('early 5%/day');
  expect((await t.call('GET /lh/deposit/order', {}, { token: a.token })).message.order_list[0]).toMatchObject({ id: order.id, early_percent: '1' });
  await run('mining-plan-set', { id, field: 'enabled', value: 'off' });
  expect((await lock(a, { config_id: id, amount: '100' })).message).toBe(en('api.mining.plan_not_found'));
  expect((await t.call('GET /lh/deposit/config')).message.map((p: { id: number }) => p.id)).not.toContain(id);
});

describe('across a restart and on two nodes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => { await database?.close(); });

  const server = (c: { ms: number }) => buildApp({
    database, ownDatabase: false, watchConfig: false, now: () => new Date(c.ms), seed: { demoPassword: DEMO_PASSWORD }, distDir: path.join(os.tmpdir(), 'no-dist'),
  });

  test('days missed while the server was down are paid once each; two nodes running the job at once pay each day once', async () => {
    const c = { ms: Date.parse('2026-12-10T12:00:00.000Z') };
    const first = await server(c);
    let orderId: number;
    try {
      const user = (await database.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id;
      await canWithdraw(database.db, user);
      const token = (await first.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: 'demo@example.com', password: DEMO_PASSWORD } })).json().message as string;
      const res = (await first.inject({ method: 'POST', url: '/api/lh/deposit', headers: { authorization: token }, payload: { config_id: 1, amount: '1000', pay_password: PAY_PASSWORD } })).json();
      expect(res.type).toBe('ok');
      orderId = res.data.id; // the record beside the confirmation text
    } finally { await first.close(); }
    c.ms = Date.parse('2026-12-13T00:30:00.000Z'); // two dividend times while stopped (12-12 and 12-13)
    const [one, two] = [await server(c), await server(c)];
    try {
      await Promise.all([one.services.jobs.tick(), two.services.jobs.tick(), one.services.jobs.tick(), two.services.jobs.tick()]);
      const paid = await database.db.selectFrom('mining_yields').select('day').where('order_id', '=', orderId!).orderBy('day').execute();
      expect(paid.map((p) => p.day)).toEqual([1, 2]);
      const entries = await database.db.selectFrom('ledger_entries').select('ref').where('cause', '=', 'mining.yield').where('ref', 'like', `mining:${orderId!}:%`).execute();
      expect(entries).toHaveLength(2);
      expect((await reconcile(database.db)).ok).toBe(true);
    } finally { await one.close(); await two.close(); }
  }, 120_000);
});
