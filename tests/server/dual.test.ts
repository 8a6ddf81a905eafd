/**
 * Dual-currency investment through the real app on a test clock: products listed from the seed with both
 * outcomes computed by the shared formula before buying; refusals say why and move nothing; whole shares
 * never oversold under concurrent purchases (PostgreSQL: really at once); settlement at maturity from the
 * recorded price on both sides of the pegged price (SPEC 9), once, with renewing series opening their next
 * round; a cancelled product refunds whole; money conserved throughout.
 */
import { balancesOf, ACCOUNT_TYPES } from '../../src/server/ledger';
import { findInstrument } from '../../src/server/market/instruments';
import { LIMITS } from '../../src/server/throttle/limits';
import { dualPayout, payoutIn, type DualTerms } from '../../src/shared/domain/dual';
import { D } from '../../src/shared/format/decimal';
import { createTestApp, opsFor, type TestApp } from './helpers';
import { canWithdraw, expectLedgerClean, fund, PAY } from './money';

const ON_PG = Boolean(process.env.DATABASE_URL);
const USDT = 3;
const BTC = 1;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
const UNTHROTTLED = Object.fromEntries(Object.entries(LIMITS).map(([name, limit]) => [name, { ...limit, max: 1_000_000 }]));
let t: TestApp;
let ops: (...args: string[]) => Promise<string[]>;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms), limits: UNTHROTTLED });
  ops = await opsFor(t);
}, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);
const move = async (ms: number) => { clock.ms += ms; await t.app.services.jobs.tick(); };

interface Investor { token: string; id: number }
let investors = 0;
async function investor(funds: Array<[number, string]> = [[USDT, '10000'], [BTC, '1']], payPassword = true): Promise<Investor> {
  const token = await t.signUp(`investor${++investors}@dual.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  if (payPassword) await canWithdraw(db(), id);
  for (const [currency, amount] of funds) await fund(db(), id, currency, amount);
  return { token, id };
}

async function spot(user: number, currency: number): Promise<{ available: string; locked: string }> {
  const b = (await balancesOf(db(), user)).find((x) => x.currency_id === currency && x.type === ACCOUNT_TYPES.change);
  return { available: new D(b?.available ?? 0).toFixed(), locked: new D(b?.locked ?? 0).toFixed() };
}

const expectConserved = () => expectLedgerClean(db());

const buy = (who: Investor, data: Record<string, unknown>) => t.call('POST /dual/buyDual', { pay_password: PAY, ...data }, { token: who.token });
const product = (id: number) => db().selectFrom('dual_products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const termsOf = (p: Awaited<ReturnType<typeof product>>, amount: string): DualTerms => ({
  type: p.type, amount, peg: p.peg_price, days: p.days, annualRate: p.annual_rate, baseDecimals: 8, quoteDecimals: 8,
});

test('the seeded rounds are on sale until the next 08:00 UTC, and a product shows both outcomes before buying', async () => {
  const list = (await t.call('GET /dual/index')).message.dual_currencys;
  expect(list).toHaveLength(6);
  // The platform's names and codes: type call (invest the currency: sell high), rate in percent a year.
  expect(list[0]).toMatchObject({
    id: 1, name: 'BTC/USDT', type: 'call', invest_currency_name: 'BTC', unit_price: '0.001', rate: '36.5', days: 1,
    start_time: '2026-11-23T08:00:00.000Z', end_time: '2026-11-24T08:00:00.000Z', total_number: 5000, purchased_number: 0, remaining_number: 5000,
    status: 1, on_sale: true,
  });
  // Pegged 2% above the price when the round opened: on a new database, the instrument's first price.
  expect(new D(list[0].exercise_price).eq(new D(findInstrument('BTC/USDT')!.startPrice).times('1.02').round(2, 1))).toBe(true);
  // As the platform's app asks: ETH products invested in USDT (put).
  expect((await t.call('GET /dual/index', { type: 'put', currency_id: 2 })).message.dual_currencys.map((p: { id: number }) => p.id)).toEqual([6]);
  expect((await t.call('GET /dual/index', { type: 'buy_low' })).message).toBe(en('error.enum'));

  const a = await investor();
  const detail = (await t.call('GET /dual/detail', { id: 1, num: 7 }, { token: a.token })).message;
  const terms = termsOf(await product(1), '0.007');
  // SPEC 9: below the pegged price 0.007 x (1 + 1 x 0.365 / 365) BTC; otherwise 0.007 x peg x (1 + ...) USDT
  expect(detail).toMatchObject({ id: 1, name: 'BTC/USDT', currency_name: 'BTC', type: 'call', rate: '36.5', amount: '0.007', available: '1', max_num: 1000, has_pay_password: true, payout_base: '0.007007' });
  expect(detail.payout_quote).toBe(payoutIn(terms, 'quote').toFixed());
  expect(detail.payout_quote).toBe(new D('0.007').times(detail.exercise_price).times('1.001').toFixed());
});

test('refusals say why and move nothing', async () => {
  const a = await investor([[USDT, '250']]);
  const none = await investor([[USDT, '1000']], false);
  expect((await buy(none, { id: 3, num: 1 })).message).toBe(en('error.set_pay_password_first'));
  expect((await buy(a, { id: 3, num: 1, pay_password: 'wrong-one-1' })).message).toBe(en('api.pay_password.wrong'));
  expect((await buy(a, { id: 3, num: '1.5' })).message).toBe(en('api.dual.num_integer'));
  expect((await buy(a, { id: 3, num: 0 })).message).toBe(en('api.dual.num_integer'));
  expect((await buy(a, { id: 3, num: 3 })).message).toBe(en('error.insufficient_balance'));
  expect((await buy(a, { id: 3, num: 10001 })).message).toBe(en('api.dual.not_enough_shares', { remaining: 10000 }));
  expect((await buy(a, { id: 999, num: 1 })).message).toBe(en('api.dual.not_found'));
  expect((await buy(a, { id: 1, num: 1 })).message).toBe(en('error.insufficient_balance')); // sell_high invests BTC
  expect(await spot(a.id, USDT)).toEqual({ available: '250', locked: '0' });
  expect((await product(3)).remaining_shares).toBe(10000);
  expect(await db().selectFrom('dual_orders').select('id').where('user_id', 'in', [a.id, none.id]).execute()).toEqual([]);
});

test(`whole shares are never oversold: ${ON_PG ? 100 : 20} buyers at once for 10 shares`, async () => {
  const buyers = await Promise.all(Array.from({ length: ON_PG ? 100 : 20 }, () => investor([[USDT, '1000']])));
  await db().updateTable('dual_products').set({ total_shares: 10, remaining_shares: 10 }).where('id', '=', 4).execute();
  const answers = await Promise.all(buyers.map((b) => buy(b, { id: 4, num: 1 })));
  expect(answers.filter((r) => r.type === 'ok')).toHaveLength(10);
  expect(new Set(answers.filter((r) => r.type !== 'ok').map((r) => r.message))).toEqual(new Set([en('api.dual.not_enough_shares', { remaining: 0 })]));
  expect((await product(4)).remaining_shares).toBe(0);
  const orders = await db().selectFrom('dual_orders').select(['user_id']).where('product_id', '=', 4).execute();
  expect(orders).toHaveLength(10);
  const locked = await Promise.all(buyers.map((b) => spot(b.id, USDT)));
  expect(locked.filter((s) => s.locked === '100')).toHaveLength(10);
  expect(locked.filter((s) => s.available === '1000' && s.locked === '0')).toHaveLength(buyers.length - 10);
  await expectConserved();
});

test('settled at maturity from the recorded price on both sides of the pegged price, once; the series renews', async () => {
  const a = await investor();
  // Round 1 (sell_high, 1 day) pegged far above the market: settled below it, BTC back with the yield.
  // Round 2 (sell_high, 7 days) pegged far below: settled above it, USDT at the pegged price with the yield.
  // (It matures with round 1 here: every simulated day costs the market engine seconds to strike.)
  await ops('dual-product-set', '1', 'peg_price', '1000000');
  await ops('dual-product-set', '2', 'peg_price', '1000');
  await db().updateTable('dual_products').set({ settle_at: new Date('2026-11-24T08:00:00.000Z') }).where('id', '=', 2).execute();
  const one = (await buy(a, { id: 1, num: 100 })).message;
  const two = (await buy(a, { id: 2, num: 50 })).message;
  expect(one).toMatchObject({ status: 1, stage: 'purchased', number: 100, amount: '0.1', invest_currency_name: 'BTC', order_rate: '36.5', payout_base: '0.1001' });
  expect(two).toMatchObject({ status: 1, stage: 'purchased', number: 50, amount: '0.05' });
  expect(await spot(a.id, BTC)).toEqual({ available: '0.85', locked: '0.15' });
  // As the platform's app asks: BTC products invested in BTC (call), holding.
  const holding = (await t.call('POST /dual/dual_list', { currency: BTC, page: 1, type: 'call', status: 1 }, { token: a.token })).message;
  expect(holding.list.map((o: { id: number }) => o.id)).toEqual([two.id, one.id]);
  expect(holding.list[0]).toMatchObject({ name: 'BTC/USDT', currency_name: 'BTC', type: 'call', end_time: '2026-11-24T08:00:00.000Z' });
  for (const other of [{ type: 'put' }, { currency: 2 }, { status: 2 }]) {
    expect((await t.call('POST /dual/dual_list', other, { token: a.token })).message.total).toBe(0);
  }

  await move(Date.parse('2026-11-24T08:00:30.000Z') - clock.ms);
  const settled1 = await product(1);
  expect(settled1.status).toBe('settled');
  const paid1 = dualPayout(termsOf(settled1, '0.1'), settled1.settle_price!);
  expect(paid1.side).toBe('base');
  const finished = (await t.call('POST /dual/dual_list', { status: 2 }, { token: a.token })).message;
  expect(finished.list).toEqual([expect.objectContaining({ id: two.id, status: 2, stage: 'success', payout_currency_name: 'USDT' }), expect.objectContaining({
    id: one.id, status: 2, stage: 'success', settle_price: new D(settled1.settle_price!).toFixed(), payout: '0.1001', payout_currency_name: 'BTC',
  })]);
  // The first rounds' sale closed on 11-23 at 08:00: each series has its next round on sale.
  const onSale = (await t.call('GET /dual/index')).message.dual_currencys;
  expect(onSale).toHaveLength(6);
  expect(onSale.every((p: { start_time: string }) => p.start_time === '2026-11-24T08:00:00.000Z' || p.start_time === '2026-11-25T08:00:00.000Z')).toBe(true);

  const settled2 = await product(2);
  const paid2 = dualPayout(termsOf(settled2, '0.05'), settled2.settle_price!);
  // 0.05 x 1000 x (1 + 7 x 0.52 / 365)
  expect(paid2).toEqual({ side: 'quote', amount: new D('0.05').times(1000).times(new D(1).plus(new D('0.52').times(7).div(365))).round(8, 0) });
  const [order2] = await db().selectFrom('dual_orders').selectAll().where('id', '=', two.id).execute();
  expect(order2).toMatchObject({ status: 'success', payout_currency: USDT });
  expect(new D(order2.payout!).eq(paid2.amount)).toBe(true);
  expect(await spot(a.id, USDT)).toEqual({ available: new D(10000).plus(paid2.amount).toFixed(), locked: '0' });
  expect(await spot(a.id, BTC)).toEqual({ available: '0.9501', locked: '0' });
  await move(60_000); // a later run pays nothing twice
  const entries = await db().selectFrom('ledger_entries').select('ref').where('cause', '=', 'dual.settle').where('ref', 'in', [`dual:${one.id}`, `dual:${two.id}`]).execute();
  expect(entries).toHaveLength(2);
  await expectConserved();
});

test('a cancelled product refunds every order whole', async () => {
  const a = await investor([[USDT, '500']]);
  const open = (await t.call('GET /dual/index', { type: 'put', currency_id: BTC })).message.dual_currencys[0];
  await buy(a, { id: open.id, num: 3 });
  expect(await spot(a.id, USDT)).toEqual({ available: '200', locked: '300' });
  expect((await ops('dual-product-cancel', String(open.id)))[0]).toMatch(/cancelled; 1 user/);
  expect(await spot(a.id, USDT)).toEqual({ available: '500', locked: '0' });
  const [order] = (await t.call('POST /dual/dual_list', { status: 2 }, { token: a.token })).message.list;
  expect(order).toMatchObject({ status: 2, stage: 'fail', payout: null });
  await expectConserved();
});
