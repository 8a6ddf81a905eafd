/**
 * Seconds contracts through the real app on a test clock: the order records its opening price, freezes the
 * stake and settles once at expiry from the recorded price of the expiry second (win, loss, draw, exact);
 * refusals move nothing; lists page by 5 and show only the user's own orders; a settlement due while the
 * server was stopped runs once after the restart; the operator's payout rate applies to new orders only.
 */
import type { Database } from '../../src/server/db';
import { balancesOf, reconcile, totalsByCurrency, ACCOUNT_TYPES } from '../../src/server/ledger';
import type { MarketEngine } from '../../src/server/market';
import { findInstrument } from '../../src/server/market/instruments';
import { nextTick } from '../../src/server/market/simulation';
import { secondsArea } from '../../src/server/modules/seconds';
import { settleOrder } from '../../src/server/modules/seconds/orders';
import { OpsCommands } from '../../src/server/ops/commands';
import { D } from '../../src/shared/format/decimal';
import { createTestApp, type TestApp, ON_PG, openTestDatabase } from './helpers';
import { canWithdraw, fund } from './money';

const USDT = 3;
/** `type`: 1 up, 2 down; `status`: 1 open, 2 settled. */
const UP = 1;
const DOWN = 2;
const OPEN = 1;
const SETTLED = 2;
const BTC = findInstrument('BTC/USDT')!;
const clock = { ms: Date.parse('2026-11-22T10:00:00Z') };
const now = () => new Date(clock.ms);
/** Moves the test clock by whole seconds. */
const wait = (seconds: number) => { clock.ms += seconds * 1000; };

let t: TestApp;
let engine: MarketEngine;
let traders = 0;

beforeAll(async () => {
  t = await createTestApp({ now });
  engine = await t.app.services.market();
}, 60_000);
afterAll(async () => { await t?.close(); });

interface Trader { token: string; id: number }

/** A user with a payment password and `micro` USDT in the micro account (deposited, then transferred). */
async function trader(app: TestApp, micro = '10000', payPassword = true): Promise<Trader> {
  const token = await app.signUp(`sec.${++traders}@seconds.example.com`);
  const id = (await app.call('GET /user/info', {}, { token })).message.id as number;
  await fund(app.app.services.db, id, USDT, micro);
  if (payPassword) await canWithdraw(app.app.services.db, id);
  const moved = await app.call('POST /wallet/change', { currency_id: USDT, number: micro, from_field: 'change', to_field: 'micro' }, { token });
  expect(moved.type).toBe('ok');
  return { token, id };
}

async function micro(app: TestApp, user: number): Promise<{ available: string; frozen: string }> {
  const b = (await balancesOf(app.app.services.db, user)).find((r) => r.type === ACCOUNT_TYPES.micro && r.currency_id === USDT);
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

const submit = (app: TestApp, who: Trader, input: Record<string, unknown>) =>
  app.call('POST /microtrade/submit', { match_id: BTC.id, currency_id: USDT, seconds: 60, number: '100', type: UP, ...input }, { token: who.token });

async function expectReconciled(app: TestApp): Promise<void> {
  const r = await reconcile(app.app.services.db);
  expect({ mismatches: r.mismatches, unbalanced: r.unbalanced, unheld: r.unheld, badHolds: r.badHolds }).toEqual({ mismatches: [], unbalanced: [], unheld: [], badHolds: [] });
  for (const [currency, total] of await totalsByCurrency(app.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
}

/**
 * How many seconds to wait so that an order of `term` seconds on `symbol` opens at a price its expiry second
 * strikes again (`draw`) or not (`move`). The market's walk is deterministic (simulation.ts), so the prices to
 * come are computed from the last one; the test then checks the settlement against what the engine reports.
 */
function secondsUntil(want: 'draw' | 'move', term: number, symbol = BTC.symbol, within = 3000): number | undefined {
  const inst = engine.instrument(symbol)!;
  const first = Math.floor(clock.ms / 1000);
  let price = engine.priceTicks(symbol);
  const prices = [price];
  for (let s = first + 1; s <= first + within + term; s++) prices.push(price = nextTick(inst, engine.seed, s, price).price);
  for (let k = 0; k < within; k++) if ((prices[k] === prices[k + term]) === (want === 'draw')) return k;
  return undefined;
}

const priceAt = (second: number, symbol = BTC.symbol) => engine.priceAt(symbol, second).price;
const unix = (iso: string) => Date.parse(iso) / 1000;

test('terms and payable currencies come from the operator\'s data', async () => {
  const a = await trader(t, '250');
  const terms = (await t.call('GET /microtrade/seconds', {})).message;
  expect(terms.map((x: { seconds: number }) => x.seconds)).toEqual([30, 60, 120, 300, 600]);
  expect(terms[1]).toEqual({ currency_id: USDT, currency_name: 'USDT', seconds: 60, profit_ratio: '20', min_number: '10', max_number: '50000' });
  expect((await t.call('GET /microtrade/seconds', { currency_id: 1 })).message).toEqual([]);
  expect((await t.call('GET /microtrade/payable_currencies', {}, { token: a.token })).message).toEqual([{ id: USDT, name: 'USDT', user_wallet: { micro_with_insurance: '250' } }]);
});

test('the ticket shows the price, the term, the balance and what the typed stake may win or lose', async () => {
  const a = await trader(t, '250');
  const info = (await t.call('POST /microtrade/info', { match_id: BTC.id, seconds: 60, number: '33.33' }, { token: a.token })).message;
  expect(info).toEqual({
    symbol: 'BTC/USDT', match_id: BTC.id, price: engine.lastPrice('BTC/USDT').price, currency_id: USDT, currency_name: 'USDT', available: '250',
    seconds: 60, profit_ratio: '20', min_number: '10', max_number: '50000', profit: '6.666', max_loss: '33.33',
  });
  expect((await t.call('POST /microtrade/info', { match_id: BTC.id, seconds: 45 }, { token: a.token })).message)
    .toMatchObject({ seconds: null, profit_ratio: null, min_number: null, profit: null, max_loss: null });
  expect((await t.call('POST /microtrade/info', { match_id: 999999 }, { token: a.token })).message).toBe('This trading pair is not listed');
});

test('a 60 s up and down at the same second: one wins stake x payout rate, the other loses the stake, exactly', async () => {
  const a = await trader(t);
  wait(secondsUntil('move', 60)!);
  const up = (await submit(t, a, { type: UP, number: '100' })).message;
  const down = (await submit(t, a, { type: DOWN, number: '37.5' })).message;
  const opened = Math.floor(clock.ms / 1000);
  expect(up).toMatchObject({
    status: OPEN, type: UP, symbol_name: 'BTC/USDT', match_id: BTC.id, seconds: 60, number: '100', profit_ratio: '20', open_price: priceAt(opened), result: null, payout: null,
    fact_profits: null, expected_profit: '20', handled_at: null, remaining: 60,
  });
  expect(unix(up.created_at)).toBe(opened);
  expect(unix(up.expires_at)).toBe(opened + 60);
  expect(down.open_price).toBe(up.open_price);
  const recorded = await t.app.services.db.selectFrom('market_settlements').select(['price', 'priced_at']).where('cause', '=', 'seconds.open').where('ref', '=', `seconds:${up.id}`).execute();
  expect(recorded.map((r) => [new D(r.price).toFixed(), new Date(r.priced_at).getTime() / 1000])).toEqual([[new D(up.open_price).toFixed(), opened]]);
  expect(await micro(t, a.id)).toEqual({ available: '9862.5', frozen: '137.5' });

  wait(59);
  const told = jest.spyOn(t.app.services, 'tell');
  await t.app.services.jobs.tick();
  expect((await t.call('GET /microtrade/get_result', { id: up.id }, { token: a.token })).message).toMatchObject({ status: OPEN, fact_profits: null, remaining: 1 });
  expect(told).not.toHaveBeenCalled();
  wait(1);
  await t.app.services.jobs.tick();
  expect(told.mock.calls).toEqual([[a.id, 'trade'], [a.id, 'balance'], [a.id, 'trade'], [a.id, 'balance']]);
  told.mockRestore();
  const close = priceAt(opened + 60);
  const upWon = new D(close).gt(up.open_price);
  const [won, lost] = upWon ? [up, down] : [down, up];
  const winner = (await t.call('GET /microtrade/get_result', { id: won.id }, { token: a.token })).message;
  const loser = (await t.call('GET /microtrade/get_result', { id: lost.id }, { token: a.token })).message;
  const winPayout = new D(won.number).times('1.2');
  expect(winner).toMatchObject({ status: SETTLED, result: 'win', close_price: close, payout: winPayout.toFixed(), fact_profits: new D(won.number).times('0.2').toFixed(), remaining: 0 });
  expect(loser).toMatchObject({ status: SETTLED, result: 'loss', close_price: close, payout: '0', fact_profits: new D(lost.number).neg().toFixed(), remaining: 0 });
  expect(new Date(winner.handled_at).getTime()).toBe(clock.ms);
  expect(await micro(t, a.id)).toEqual({ available: new D('9862.5').plus(winPayout).toFixed(), frozen: '0' });
  const settled = await t.app.services.db.selectFrom('market_settlements').select(['price', 'priced_at']).where('cause', '=', 'seconds.settle').where('ref', '=', `seconds:${up.id}`).execute();
  expect(settled.map((r) => [new D(r.price).toFixed(), new Date(r.priced_at).getTime() / 1000])).toEqual([[new D(close).toFixed(), opened + 60]]);
  await expectReconciled(t);
});

test('an equal price at expiry returns the stake', async () => {
  const a = await trader(t, '500');
  const symbol = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT', 'LTC/USDT', 'TON/USDT']
    .map((s) => ({ s, k: secondsUntil('draw', 60, s) })).filter((x) => x.k !== undefined).sort((x, y) => x.k! - y.k!)[0];
  expect(symbol).toBeDefined();
  wait(symbol.k!);
  const order = (await submit(t, a, { match_id: findInstrument(symbol.s)!.id, type: DOWN, number: '120' })).message;
  expect(await micro(t, a.id)).toEqual({ available: '380', frozen: '120' });
  wait(60);
  await t.app.services.jobs.tick();
  const r = (await t.call('GET /microtrade/get_result', { id: order.id }, { token: a.token })).message;
  expect(r).toMatchObject({ symbol_name: symbol.s, status: SETTLED, result: 'draw', open_price: r.close_price, payout: '120', fact_profits: '0' });
  expect(r.close_price).toBe(priceAt(unix(order.expires_at), symbol.s));
  expect(await micro(t, a.id)).toEqual({ available: '500', frozen: '0' });
  await expectReconciled(t);
});

test('refused stakes say why and move nothing', async () => {
  const a = await trader(t, '1000');
  const stock = findInstrument('AAPL/USDT')!;
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ number: '9.99' }, 'The minimum stake is 10 USDT'],
    [{ number: '50000.01' }, 'The maximum stake is 50000 USDT'],
    [{ seconds: 45 }, 'This duration is not offered for this currency'],
    [{ currency_id: 1 }, 'This duration is not offered for this currency'],
    [{ match_id: stock.id }, 'Trading of this pair is paused'],
    [{ match_id: 999999 }, 'This trading pair is not listed'],
    [{ number: '10.123456789' }, 'at most 8 decimals'],
    [{ number: '1000.01' }, 'Insufficient balance'],
    [{ type: 3 }, 'Please choose up or down'],
    [{ type: 'up' }, 'Please choose up or down'],
    [{ seconds: undefined }, 'Please choose a duration'],
  ];
  for (const [input, message] of cases) {
    const r = await submit(t, a, input);
    expect([input, r.type]).toEqual([input, 'error']);
    expect([input, r.message]).toEqual([input, expect.stringContaining(message)]);
  }
  const noPassword = await trader(t, '1000', false);
  expect((await submit(t, noPassword, {})).message).toBe('Please set the transaction password first');
  for (const who of [a, noPassword]) expect(await micro(t, who.id)).toEqual({ available: '1000', frozen: '0' });
  const db = t.app.services.db;
  expect(await db.selectFrom('seconds_orders').select('id').where('user_id', 'in', [a.id, noPassword.id]).execute()).toEqual([]);
  expect((await submit(t, a, { number: '1000' })).type).toBe('ok'); // all of it: allowed
});

test('a submit repeated with the same Idempotency-Key places one order', async () => {
  const a = await trader(t, '100');
  const headers = { 'idempotency-key': `seconds-once-${a.id}` };
  const input = { match_id: BTC.id, currency_id: USDT, seconds: 60, number: '40', type: UP };
  const [first, again] = [await t.call('POST /microtrade/submit', input, { token: a.token, headers }), await t.call('POST /microtrade/submit', input, { token: a.token, headers })];
  expect(again.message.id).toBe(first.message.id);
  expect(await micro(t, a.id)).toEqual({ available: '60', frozen: '40' });
  expect((await t.call('GET /microtrade/lists', {}, { token: a.token })).message.total).toBe(1);
});

test('lists page by 5, newest first; another user\'s orders are never visible', async () => {
  const [a, b] = [await trader(t, '1000'), await trader(t, '1000')];
  const placed = [];
  for (let i = 1; i <= 6; i++) placed.push((await submit(t, b, { number: String(10 * i), type: i % 2 ? UP : DOWN })).message);
  const page1 = (await t.call('GET /microtrade/lists', {}, { token: b.token })).message;
  expect(page1).toMatchObject({ page: 1, limit: 5, total: 6 });
  expect(page1.data.map((o: { id: number }) => o.id)).toEqual(placed.slice(1).reverse().map((o) => o.id));
  expect(page1.data[0]).toMatchObject({ number: '60', expected_profit: '12', fact_profits: null, remaining: 60, status: OPEN });
  const page2 = (await t.call('GET /microtrade/lists', { page: 2 }, { token: b.token })).message;
  expect(page2.data.map((o: { id: number }) => o.id)).toEqual([placed[0].id]);
  expect((await t.call('GET /microtrade/lists', {}, { token: a.token })).message).toMatchObject({ data: [], total: 0 });
  expect((await t.call('GET /microtrade/get_result', { id: placed[0].id }, { token: a.token })).message).toBe('No such order');
  wait(20);
  expect((await t.call('GET /microtrade/lists', {}, { token: b.token })).message.data[0].remaining).toBe(40);
  wait(40);
  await t.app.services.jobs.tick();
  expect((await t.call('GET /microtrade/lists', {}, { token: b.token })).message.total).toBe(0);
  const history = (await t.call('GET /microtrade/lists', { status: SETTLED, limit: 10 }, { token: b.token })).message;
  expect(history.total).toBe(6);
  for (const o of history.data) expect(o.fact_profits).toBe(new D(o.payout).minus(o.number).toFixed());
  expect((await t.call('GET /microtrade/lists', { status: SETTLED }, { token: a.token })).message.total).toBe(0);
  await expectReconciled(t);
});

test('the list as the platform\'s seconds screen asks for it: the pair of its route (match_id), in position, 5 a page', async () => {
  const a = await trader(t, '1000');
  const ETH = findInstrument('ETH/USDT')!;
  const onEth = (await submit(t, a, { match_id: ETH.id, number: '10' })).message;
  await submit(t, a, { number: '10' }); // on BTC
  const list = (await t.call('GET /microtrade/lists', { match_id: ETH.id, status: 1, page: 1, limit: 5 }, { token: a.token })).message;
  expect(list).toMatchObject({ total: 1, page: 1, limit: 5 });
  expect(list.data).toEqual([expect.objectContaining({
    id: onEth.id, symbol_name: 'ETH/USDT', type: UP, number: '10', open_price: onEth.open_price, seconds: 60, fact_profits: null, handled_at: null,
  })]);
  expect((await t.call('GET /microtrade/lists', { status: 1 }, { token: a.token })).message.total).toBe(2);
  expect((await t.call('GET /microtrade/lists', { match_id: 999999 }, { token: a.token })).message).toBe('This trading pair is not listed');
  expect((await t.call('GET /microtrade/lists', { status: 'open' }, { token: a.token })).type).toBe('error');
  wait(61);
  await t.app.services.jobs.tick();
});

test('a settlement runs once: two ticks, two ticks at once, the job run twice at once', async () => {
  const a = await trader(t, '1000');
  const orders = [(await submit(t, a, {})).message, (await submit(t, a, { type: DOWN })).message, (await submit(t, a, { number: '50' })).message];
  wait(61);
  await t.app.services.jobs.tick();
  await t.app.services.jobs.tick();
  await Promise.all([t.app.services.jobs.tick(), t.app.services.jobs.tick()]);
  // The job itself, as two nodes would run it at once (on PostgreSQL truly concurrently).
  const services = t.app.services;
  await Promise.all([0, 1].map(() => services.db.transaction().execute((trx) => settleOrder({
    trx, services, now: now(), key: String(orders[2].id), due: now(), afterCommit: () => undefined,
  }))));
  const db = t.app.services.db;
  const refs = orders.map((o) => `seconds:${o.id}`);
  const entries = await db.selectFrom('ledger_entries').select('ref').where('cause', '=', 'seconds.settle').where('ref', 'in', refs).execute();
  expect(entries.map((e) => e.ref).sort()).toEqual([...refs].sort());
  const prices = await db.selectFrom('market_settlements').select('ref').where('cause', '=', 'seconds.settle').where('ref', 'in', refs).execute();
  expect(prices).toHaveLength(3);
  expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  await expectReconciled(t);
});

test('the operator changes a payout rate: new orders use it, open orders keep theirs', async () => {
  const ops = new OpsCommands([secondsArea]);
  const run = (...args: string[]) => ops.run(t.app.services, args[0], args.slice(1));
  expect((await run('seconds-terms')).lines).toContain('USDT 60s  payout_rate 0.2  min_number 10  max_number 50000  enabled on');
  const a = await trader(t, '1000');
  wait(secondsUntil('move', 60)!);
  const before = [(await submit(t, a, { type: UP })).message, (await submit(t, a, { type: DOWN })).message];
  expect(await run('seconds-term-set', 'USDT', '60', 'payout_rate', '0.85')).toEqual({ lines: ['USDT 60s  payout_rate 0.85  min_number 10  max_number 50000  enabled on'] });
  const after = [(await submit(t, a, { type: UP })).message, (await submit(t, a, { type: DOWN })).message];
  expect([...before, ...after].map((o) => o.profit_ratio)).toEqual(['20', '20', '85', '85']);
  expect(after[0].expected_profit).toBe('85');
  wait(60);
  await t.app.services.jobs.tick();
  const upWon = new D(priceAt(unix(before[0].expires_at))).gt(before[0].open_price);
  const results = await Promise.all([...before, ...after].map(async (o) => (await t.call('GET /microtrade/get_result', { id: o.id }, { token: a.token })).message));
  expect(results.map((r) => r.payout)).toEqual(upWon ? ['120', '0', '185', '0'] : ['0', '120', '0', '185']);
  expect(await micro(t, a.id)).toEqual({ available: '905', frozen: '0' });

  expect((await run('seconds-term-set', 'USDT', '60', 'payout_rate', '0')).lines[0]).toMatch(/^refused: the database refused the value/);
  expect((await run('seconds-term-set', 'USDT', '60', 'colour', 'red')).lines[0]).toMatch(/^refused: no field colour/);
  expect((await run('seconds-term-set', 'XYZ', '60', 'enabled', 'off')).lines[0]).toBe('refused: no currency XYZ');
  expect((await run('seconds-term-add', 'USDT', '90', '0.25', '10', '1000')).lines).toEqual(['USDT 90s  payout_rate 0.25  min_number 10  max_number 1000  enabled on']);
  expect((await run('seconds-term-add', 'USDT', '90', '0.25', '10', '1000')).lines[0]).toMatch(/^refused: USDT 90s is offered already/);
  expect((await run('seconds-term-add', 'USDT', '95', '0.25', '10', '5')).lines[0]).toMatch(/^refused: the database refused the value/);
  expect((await submit(t, a, { seconds: 90, number: '10' })).message).toMatchObject({ seconds: 90, profit_ratio: '25' });
  expect((await run('seconds-term-set', 'USDT', '90', 'enabled', 'off')).lines[0]).toMatch(/enabled off$/);
  expect((await submit(t, a, { seconds: 90, number: '10' })).message).toBe('This duration is not offered for this currency');

  expect((await run('seconds-market-set', 'BTC/USDT', 'enabled', 'off')).lines).toEqual(['BTC/USDT  enabled off']);
  expect((await submit(t, a, {})).message).toBe('Trading of this pair is paused');
  await run('seconds-market-set', 'BTC/USDT', 'enabled', 'on');
  expect((await run('seconds-market-add', 'AAPL/USDT')).lines).toEqual(['AAPL/USDT  enabled on']);
  expect((await run('seconds-market-add', 'AAPL/USDT')).lines[0]).toMatch(/^refused: AAPL\/USDT is a seconds market already/);
  expect((await run('seconds-markets')).lines).toContain('AAPL/USDT  enabled on');
  expect((await submit(t, a, { match_id: findInstrument('AAPL/USDT')!.id, number: '10' })).type).toBe('ok');
  await run('seconds-term-set', 'USDT', '60', 'payout_rate', '0.2');
  await expectReconciled(t);
});

describe('a settlement due while the server was stopped', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => { await database?.close(); });

  const open = () => createTestApp({ now, database, ownDatabase: false });

  test('runs once after the restart, from the price of the expiry second', async () => {
    const first = await open();
    const a = await trader(first, '1000');
    const order = (await submit(first, a, { number: '200' })).message;
    await first.close(); // stopped before the expiry
    wait(600);
    const second = await open();
    const third = ON_PG ? await open() : undefined; // on PostgreSQL a second node ticks at the same time
    try {
      // As main.ts does at start: the market opens outside a job's transaction, which on PGlite holds the
      // only connection the market's opening queries would need.
      await Promise.all([second.app.services.market(), third?.app.services.market()]);
      expect((await second.call('GET /microtrade/get_result', { id: order.id }, { token: a.token })).message).toMatchObject({ status: OPEN, remaining: 0 });
      await Promise.all([second.app.services.jobs.tick(), third?.app.services.jobs.tick()]);
      await second.app.services.jobs.tick();
      const r = (await second.call('GET /microtrade/get_result', { id: order.id }, { token: a.token })).message;
      const close = (await second.app.services.market()).priceAt('BTC/USDT', unix(order.expires_at)).price;
      const result = new D(close).eq(order.open_price) ? 'draw' : new D(close).gt(order.open_price) ? 'win' : 'loss';
      expect(r).toMatchObject({ status: SETTLED, close_price: close, result, payout: { win: '240', loss: '0', draw: '200' }[result] });
      expect(new Date(r.handled_at).getTime()).toBe(clock.ms);
      const run = await database.db.selectFrom('job_runs').select(['attempts', 'done_at']).where('name', '=', 'seconds.settle').where('key', '=', String(order.id)).execute();
      expect(run).toEqual([{ attempts: 1, done_at: expect.anything() }]);
      expect(await database.db.selectFrom('ledger_entries').select('id').where('cause', '=', 'seconds.settle').where('ref', '=', `seconds:${order.id}`).execute()).toHaveLength(1);
      expect(await micro(second, a.id)).toEqual({ available: new D(800).plus(r.payout).toFixed(), frozen: '0' });
      await expectReconciled(second);
    } finally {
      await third?.close();
      await second.close();
    }
  });
});
