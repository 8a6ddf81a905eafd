/**
 * IEO subscriptions through the real app on a test clock: seeded projects in each state; refusals say why
 * and move nothing; applications freeze their cost; when the subscription ends oversubscribed the job
 * allocates pro rata, refunds the rest (sums conserved: cost + refund = frozen, tokens passed <= total) and
 * releases the tokens after the lock period, each once; states move with the clock.
 */
import { ACCOUNT_TYPES, balancesOf } from '../../src/server/ledger';
import { allocate } from '../../src/shared/domain/ieo';
import { DAY_MS } from '../../src/shared/domain/time';
import { D } from '../../src/shared/format/decimal';
import { createTestApp, opsFor, type TestApp } from './helpers';
import { canWithdraw, expectLedgerClean, fund, PAY } from './money';

const USDT = 3;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;
let ops: (...args: string[]) => Promise<string[]>;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) });
  ops = await opsFor(t);
}, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);
const move = async (ms: number) => { clock.ms += ms; await t.app.services.jobs.tick(); };

interface Subscriber { token: string; id: number }
let subscribers = 0;
async function subscriber(usdt = '10000', payPassword = true): Promise<Subscriber> {
  const token = await t.signUp(`subscriber${++subscribers}@ieo.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  if (payPassword) await canWithdraw(db(), id);
  await fund(db(), id, USDT, usdt);
  return { token, id };
}
async function spot(user: number, currency: number): Promise<{ available: string; frozen: string; locked: string }> {
  const b = (await balancesOf(db(), user)).find((x) => x.currency_id === currency && x.type === ACCOUNT_TYPES.change);
  return { available: new D(b?.available ?? 0).toFixed(), frozen: new D(b?.frozen ?? 0).toFixed(), locked: new D(b?.locked ?? 0).toFixed() };
}
const expectConserved = () => expectLedgerClean(db());
const subscribe = (who: Subscriber, data: Record<string, unknown>) =>
  t.call('POST /project/order', { pay_currency: USDT, pay_password: PAY, ...data }, { token: who.token });

test('the seeded projects: one in progress, one in warm-up, one done; a project shows its whole sheet', async () => {
  // The platform's names and codes: time_status 0 warm-up, 1 in progress, 2 done; amount issued, total_sell applied for.
  const all = (await t.call('GET /project', { page: 1, limit: 10 })).message;
  expect(all).toMatchObject({ page: 1, limit: 10, total: 3 });
  expect(all.list.map((p: { time_status: number }) => p.time_status)).toEqual([1, 0, 2]);
  expect(all.list[2]).toMatchObject({
    title: 'Arbitrum genesis sale', logo: '/uploads/ieo-arb.svg', currency_name: 'ARB', amount: '1000000', total_sell: '3280000', percentage: '328', remaining: '0', day: 7,
  });
  expect((await t.call('GET /project', { time_status: 0 })).message.list.map((p: { id: number }) => p.id)).toEqual([2]);
  // The logo is an image of this site, for anyone.
  const logo = await t.app.inject({ method: 'GET', url: all.list[0].logo });
  expect(logo.statusCode).toBe(200);
  expect(logo.body).toContain('>TON</text>');
  const { info } = (await t.call('GET /project/detail', { project_id: 1 })).message;
  expect(info).toMatchObject({
    title: 'Toncoin community round', currency_name: 'TON', pay_currency_name: 'USDT', price: '5.2', amount: '200000', total_sell: '126480', remaining: '73520',
    day: 30, start_at: '2026-11-20T10:00:00.000Z', end_at: '2026-11-27T10:00:00.000Z', listing_at: '2026-11-30T10:00:00.000Z',
    link: 'https://ton.org', white_paper: 'https://ton.org/whitepaper.pdf', content: expect.stringContaining('layer-1 blockchain'), time_status: 1, min_amount: '10',
  });
  // The issue price in BTC and ETH at the last prices (8 decimals, rounded down).
  const engine = await t.app.services.market();
  for (const [field, symbol] of [['btc_price', 'BTC/USDT'], ['eth_price', 'ETH/USDT']]) {
    expect(info[field]).toBe(new D('5.2').div(engine.lastPrice(symbol).price).round(8, 0).toFixed());
  }
  const a = await subscriber('1000');
  expect((await t.call('POST /project/info', { project_id: 1, amount: '100' }, { token: a.token })).message)
    .toMatchObject({ available: '1000', cost: '520', applied_by_me: '0', max_more: '20000', has_pay_password: true });
});

test('refusals say why and move nothing', async () => {
  const a = await subscriber('100');
  const none = await subscriber('100', false);
  // `price` is the total the platform's app agreed to pay: 10 TON x 5.2 = 52 USDT.
  expect((await subscribe(none, { project_id: 1, amount: '10', price: '52' })).message).toBe(en('error.set_pay_password_first'));
  expect((await subscribe(a, { project_id: 1, amount: '10', price: '52', pay_password: 'wrong-one-1' })).message).toBe(en('api.pay_password.wrong'));
  expect((await subscribe(a, { project_id: 1, amount: '10', price: '51.99' })).message).toBe(en('api.ieo.cost_changed', { cost: '52', currency: 'USDT' }));
  expect((await subscribe(a, { project_id: 1, amount: '10', price: '5.2' })).message).toBe(en('api.ieo.cost_changed', { cost: '52', currency: 'USDT' }));
  expect((await subscribe(a, { project_id: 1, amount: '10', price: '52', pay_currency: 1 })).message).toBe(en('api.ieo.pay_currency', { currency: 'USDT' }));
  expect((await subscribe(a, { project_id: 1, amount: '9', price: '46.8' })).message).toBe(en('api.ieo.below_min', { min: '10', currency: 'TON' }));
  expect((await subscribe(a, { project_id: 1, amount: '20', price: '104' })).message).toBe(en('error.insufficient_balance'));
  expect((await subscribe(a, { project_id: 2, amount: '5', price: '39' })).message).toBe(en('api.ieo.not_open'));
  expect((await subscribe(a, { project_id: 3, amount: '100', price: '65' })).message).toBe(en('api.ieo.not_open'));
  expect((await subscribe(a, { project_id: 99, amount: '10', price: '52' })).message).toBe(en('api.ieo.not_found'));
  expect(await spot(a.id, USDT)).toEqual({ available: '100', frozen: '0', locked: '0' });
  expect((await t.call('GET /project/detail', { project_id: 1 })).message.info.total_sell).toBe('126480');
});

test('oversubscribed: allocated pro rata when the subscription ends, the rest refunded, tokens released after the lock', async () => {
  const [added] = await ops('ieo-project-add', 'OP', 'USDT', '2', '1000', '10', '5000', '0', '1', '2', '1', 'Optimism', 'test', 'round');
  const id = Number(/^#(\d+)/.exec(added)![1]);
  const a = await subscriber('10000');
  const b = await subscriber('10000');
  const c = await subscriber('10000');
  // Agreeing to pay up to 3500 for what costs 3000: 3000 is frozen.
  expect((await subscribe(a, { project_id: id, amount: '1500', price: '3500' })).message).toMatchObject({
    status: 'applied', name: 'Optimism test round', coin_amount: '1500', price: '2', pay_amount: '3000', give_amount: '0', cost: null, sell_begin: '2026-11-25T10:00:00.000Z',
  });
  await subscribe(b, { project_id: id, amount: '1000', price: '2000' });
  await subscribe(c, { project_id: id, amount: '500', price: '1000' });
  expect((await subscribe(c, { project_id: id, amount: '4501', price: '9002' })).message).toBe(en('api.ieo.above_max', { max: '4500', currency: 'OP' }));
  expect(await spot(a.id, USDT)).toEqual({ available: '7000', frozen: '3000', locked: '0' });
  expect((await t.call('GET /project/detail', { project_id: id })).message.info).toMatchObject({ total_sell: '3000', percentage: '300', remaining: '0', logo: '/uploads/ieo-op.svg' });

  await move(DAY_MS); // the subscription ends: 3x oversubscribed, each passes a third
  const project = (await t.call('GET /project/detail', { project_id: id })).message.info;
  expect(project.time_status).toBe(2);
  const [order] = (await t.call('GET /user/project/order', { page: 1, limit: 10 }, { token: a.token })).message.data;
  expect(order).toMatchObject({
    status: 'allocated', name: 'Optimism test round', coin_amount: '1500', give_amount: '500', cost: '1000', refund: '2000',
    sell_begin: '2026-11-25T10:00:00.000Z', created_at: '2026-11-22T10:00:00.000Z',
  });
  expect(await spot(a.id, USDT)).toEqual({ available: '9000', frozen: '0', locked: '0' });
  const OP = (await db().selectFrom('ieo_projects').select('currency_id').where('id', '=', id).executeTakeFirstOrThrow()).currency_id;
  expect(await spot(a.id, OP)).toEqual({ available: '0', frozen: '0', locked: '500' });
  const orders = await db().selectFrom('ieo_orders').selectAll().where('project_id', '=', id).execute();
  const passed = orders.reduce((s, o) => s.plus(o.passed!), new D(0));
  expect(passed.lte(1000)).toBe(true);
  for (const o of orders) {
    expect(new D(o.cost!).plus(o.refund!).eq(o.pay_amount)).toBe(true);
    const expected = allocate({ quantity: o.quantity, payAmount: o.pay_amount }, { total: '1000', applied: '3000', price: '2' }, { token: 8, pay: 8 });
    expect(new D(o.passed!).eq(expected.passed)).toBe(true);
  }
  expect(new D((await db().selectFrom('ieo_projects').select('passed').where('id', '=', id).executeTakeFirstOrThrow()).passed).eq(passed)).toBe(true);
  await expectConserved();

  await move(2 * DAY_MS); // the lock period is over
  expect(await spot(a.id, OP)).toEqual({ available: '500', frozen: '0', locked: '0' });
  await move(60_000);
  const entries = await db().selectFrom('ledger_entries').select('cause').where('ref', '=', `ieo:${order.id}`).execute();
  expect(entries.map((e) => e.cause).sort()).toEqual(['ieo.allocate', 'ieo.apply', 'ieo.release']);
  await expectConserved();
});

test('the warm-up project opens at its start; not oversubscribed, every application passes whole', async () => {
  clock.ms = Math.max(clock.ms, Date.parse('2026-11-25T10:00:01.000Z'));
  await move(60_000);
  expect((await t.call('GET /project/detail', { project_id: 2 })).message.info.time_status).toBe(1);
  const a = await subscriber('1000');
  await subscribe(a, { project_id: 2, amount: '100', price: '780' });
  await ops('ieo-project-close', '2');
  await move(60_000);
  const [order] = (await t.call('GET /user/project/order', {}, { token: a.token })).message.data;
  expect(order).toMatchObject({ status: 'allocated', give_amount: '100', cost: '780', refund: '0' });
  await expectConserved();
});
