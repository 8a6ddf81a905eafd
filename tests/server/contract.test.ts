/**
 * Contracts with leverage through the real app on a test clock: margin, fees and profit in exact decimals,
 * money conserved; refusals move nothing; limit entrusts fill when the recorded price crosses them;
 * take-profit, stop-loss and liquidation fire from the recorded prices; batch close by side; nobody sees or
 * touches another's positions; live values once a tick over the socket; the overnight fee once a day, across a restart too; a close racing a trigger
 * closes once (PostgreSQL).
 *
 * The market is a seeded random walk: where a test needs the price to cross a level, it reads the prices
 * the engine will strike next (`upcoming`, from the engine's own seed and step) and sets the level there.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db';
import { ACCOUNT_TYPES, balancesOf, platformBalances, reconcile, totalsByCurrency } from '../../src/server/ledger';
import type { MarketEngine } from '../../src/server/market';
import { findInstrument, toDecimal } from '../../src/server/market/instruments';
import { nextTick } from '../../src/server/market/simulation';
import { contractArea } from '../../src/server/modules/contract';
import type { LeverTradePayload } from '../../src/shared/contract/events';
import { LEVER_TYPE } from '../../src/shared/contract/lever';
import { contractFee, contractMargin, contractProfit, liquidationDistance, liquidationPrice, closePayout, riskRate } from '../../src/shared/domain/contract';
import { D } from '../../src/shared/format/decimal';
import { createTestApp, DEMO_PASSWORD, formEncode, type TestApp, ON_PG, openTestDatabase } from './helpers';
import { canWithdraw, fund, PAY } from './money';
import { listen, SocketClients } from './sockets';

const USDT = 3;
const BTC = 1;
const ETH = 2;
const DAY_MS = 86_400_000;
/** The wire's codes: a position's `type`, the order's `status` (market or limit), a position's `status`. */
const LONG = 1;
const SHORT = 2;
const LIMIT = 2;
const OPEN = 1;
const CLOSED = 3;
const side = (direction: 'long' | 'short') => LEVER_TYPE.code(direction);

const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;
let engine: MarketEngine;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.ms) });
  engine = await t.app.services.market();
}, 60_000);
const sockets = new SocketClients();
afterAll(async () => { await sockets.closeAll(); await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);

/** Moves the clock, strikes the seconds in between, and runs what came due. */
async function move(seconds: number): Promise<void> {
  clock.ms += seconds * 1000;
  engine.advanceTo(clock.ms);
  await t.app.services.jobs.tick();
}

/** The next `n` prices the engine will strike for `symbol` (its step is a function of seed, second and price). */
function upcoming(symbol: string, n: number): Array<{ second: number; price: string }> {
  const inst = findInstrument(symbol)!;
  let ticks = engine.priceTicks(symbol);
  let { second } = engine.lastPrice(symbol);
  return Array.from({ length: n }, () => {
    second += 1;
    ticks = nextTick(inst, engine.seed, second, ticks).price;
    return { second, price: toDecimal(ticks, inst.priceDecimals) };
  });
}

/** The first upcoming second whose price differs from the last one, and which way it went. */
function firstMove(symbol: string): { index: number; second: number; price: string; up: boolean } {
  const last = engine.lastPrice(symbol).price;
  const list = upcoming(symbol, 600);
  const index = list.findIndex((p) => !new D(p.price).eq(last));
  return { index, ...list[index], up: new D(list[index].price).gt(last) };
}

interface Trader { token: string; id: number }
let traders = 0;

/** A user with the payment password and `usdt` moved from the spot account to the lever account. */
async function trader(usdt = '10000', payPassword = true): Promise<Trader> {
  const token = await t.signUp(`trader${++traders}@contract.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  if (payPassword) await canWithdraw(db(), id);
  await fund(db(), id, USDT, usdt);
  const moved = await t.call('POST /wallet/change', { currency_id: USDT, number: usdt, from_field: 'change', to_field: 'lever' }, { token });
  expect(moved.type).toBe('ok');
  return { token, id };
}

async function lever(user: number): Promise<{ available: string; frozen: string }> {
  const b = (await balancesOf(db(), user)).find((x) => x.currency_id === USDT && x.type === ACCOUNT_TYPES.lever);
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

const fees = async () => (await platformBalances(db())).find((b) => b.owner === 'platform:fees' && b.currency_id === USDT)?.balance ?? '0';

async function expectConserved(): Promise<void> {
  const r = await reconcile(db());
  expect({ mismatches: r.mismatches, unbalanced: r.unbalanced, unheld: r.unheld, badHolds: r.badHolds }).toEqual({ mismatches: [], unbalanced: [], unheld: [], badHolds: [] });
  for (const [currency, total] of await totalsByCurrency(db())) expect([currency, total]).toEqual([currency, '0']);
}

const submit = (who: Trader, data: Record<string, unknown>) => t.call('POST /lever/submit', { currency_id: BTC, share: 1, multiple: 10, ...data }, { token: who.token });
const position = async (id: number) => db().selectFrom('contract_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const settlements = (id: number) => db().selectFrom('market_settlements').select(['cause', 'price', 'priced_at']).where('ref', '=', `contract:${id}`).orderBy('id').execute();

beforeEach(() => engine.advanceTo(clock.ms));

test('a market long: margin and fee at the recorded last price, closed with the profit, money conserved', async () => {
  const a = await trader('5000');
  const feesBefore = await fees();
  const deal = (await t.call('POST /lever/deal', { currency_id: BTC, share: 3, multiple: 20 }, { token: a.token })).message;
  const price = engine.lastPrice('BTC/USDT').price;
  const value = new D(price).times(3).times('0.01');
  expect(deal).toMatchObject({
    symbol: 'BTC/USDT', enabled: true, price, lot_size: '0.01', multiple: { muit: [5, 10, 20, 50, 100].map((value) => ({ value })) }, max_lots: 1000,
    fee_rate: '0.0005', fee_percent: '0.05', overnight_rate: '0.0003', overnight_percent: '0.03', maintenance_rate: '0.005',
    value: value.toFixed(), margin: value.div(20).round(8, 3).toFixed(), fee: value.times('0.0005').round(8, 3).toFixed(),
    user_lever: '5000', my_transaction: [], rate_profits_total: { caution_money: '0', profits_total: '0', hazard_rate: '0.00', liquidation_distance: null, positions: 0 },
  });
  const perLot = new D(price).times('0.01').div(20).plus(new D(price).times('0.01').times('0.0005'));
  expect(deal.max_lots_affordable).toBe(Number(new D(5000).div(perLot).round(0, 0).toFixed()));

  const opened = await submit(a, { share: 3, multiple: 20, type: LONG });
  expect(opened.type).toBe('ok');
  const p = opened.message;
  const margin = value.div(20).round(8, 3);
  const fee = value.times('0.0005').round(8, 3);
  expect(p).toMatchObject({
    status: OPEN, type: LONG, order_type: 1, share: 3, multiple: 20, price, update_price: price,
    caution_money: margin.toFixed(), trade_fee: fee.toFixed(), overnight_money: '0', profits: '0', hazard_rate: '100.00', symbol: 'BTC/USDT',
    liquidation_price: liquidationPrice('long', price, { lots: 3, lotSize: '0.01' }, margin, '0.005', 2).toFixed(2),
  });
  // What the position's risk means: how far the price is from liquidating it.
  expect(p.liquidation_distance).toBe(liquidationDistance('long', price, p.liquidation_price).toFixed(2));
  expect(deal.liquidation_price).toBe(p.liquidation_price);
  expect(await lever(a.id)).toEqual({ available: new D(5000).minus(margin).minus(fee).toFixed(), frozen: margin.toFixed() });
  expect(new D(await fees()).minus(feesBefore).toFixed()).toBe(fee.toFixed());
  expect(await settlements(p.id)).toEqual([expect.objectContaining({ cause: 'contract.open', price: expect.anything() })]);
  await expectConserved();

  await move(7);
  const last = engine.lastPrice('BTC/USDT').price;
  const live = (await t.call('POST /lever/dealall', {}, { token: a.token })).message;
  const profit = new D(last).minus(price).times('0.03');
  expect(live.my_transaction).toHaveLength(1);
  expect(live.my_transaction[0]).toMatchObject({ id: p.id, update_price: last, profits: profit.toFixed() });
  const totals = {
    caution_money: margin.toFixed(), profits_total: profit.toFixed(), positions: 1, hazard_rate: margin.plus(profit).times(100).div(margin).round(2, 0).toFixed(2),
    liquidation_distance: liquidationDistance('long', last, p.liquidation_price).toFixed(2),
  };
  expect(live).toMatchObject({ user_lever: (await lever(a.id)).available, rate_profits_total: totals });
  // The ticket of the pair shows the same: the user's open positions of BTC and the account's totals.
  const ticket = (await t.call('POST /lever/deal', { currency_id: BTC, legal_id: USDT }, { token: a.token })).message;
  expect(ticket).toMatchObject({ user_lever: (await lever(a.id)).available, rate_profits_total: totals });
  expect(ticket.my_transaction.map((r: { id: number }) => r.id)).toEqual([p.id]);
  expect((await t.call('POST /lever/deal', { currency_id: ETH }, { token: a.token })).message.my_transaction).toEqual([]);

  const closed = (await t.call('POST /lever/close', { id: p.id }, { token: a.token })).message;
  expect(closed).toMatchObject({ status: CLOSED, close_reason: 'user', price, update_price: last, profits: profit.toFixed(), hazard_rate: null });
  expect(await lever(a.id)).toEqual({ available: new D(5000).minus(fee).plus(profit).toFixed(), frozen: '0' });
  expect((await settlements(p.id)).map((s) => s.cause)).toEqual(['contract.open', 'contract.close']);
  expect((await t.call('POST /lever/close', { id: p.id }, { token: a.token })).message).toBe(en('api.trade.order_done'));
  // As the platform's app asks: the pair, a page, the completed ones (status 3).
  const history = (await t.call('POST /lever/my_trade', { currency_id: BTC, legal_id: USDT, page: 1, status: 3 }, { token: a.token })).message;
  expect(history).toMatchObject({ message: { total: 1, data: [{ id: p.id, status: CLOSED }] }, rate_profits_total: { positions: 0, profits_total: '0' } });
  expect((await t.call('POST /lever/my_trade', { currency_id: BTC, legal_id: USDT, page: 1, status: 1 }, { token: a.token })).message.message).toMatchObject({ total: 0, data: [] });
  await expectConserved();
});

test('refusals say why and move nothing', async () => {
  const a = await trader('1000');
  const unset = await trader('1000', false);
  expect((await submit(unset, { type: LONG })).message).toBe(en('error.set_pay_password_first'));
  const price = new D(engine.lastPrice('BTC/USDT').price);
  const liq = liquidationPrice('long', price, { lots: 1, lotSize: '0.01' }, contractMargin(price, { lots: 1, lotSize: '0.01' }, 10), '0.005', 2);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ type: LONG, multiple: 7 }, en('api.lever.multiple_invalid')],
    [{ type: LONG, share: 0 }, en('api.lever.lots_invalid')],
    [{ type: LONG, share: 1001 }, en('api.lever.lots_too_many', { max: 1000 })],
    [{ type: 3 }, en('api.lever.choose_direction')],
    [{ type: 'long' }, en('api.lever.choose_direction')],
    [{ type: LONG, status: LIMIT }, en('api.lever.price_required')],
    [{ type: LONG, status: LIMIT, target_price: '100.123' }, en('api.trade.price_decimals', { decimals: 2 })],
    [{ type: LONG, target_profit_price: price.minus(1).toFixed() }, en('api.lever.take_profit_side')],
    [{ type: SHORT, target_profit_price: price.plus(1).toFixed() }, en('api.lever.take_profit_side')],
    [{ type: LONG, stop_loss_price: price.plus(1).toFixed() }, en('api.lever.stop_loss_side')],
    [{ type: LONG, stop_loss_price: liq.minus(1).toFixed() }, en('api.lever.stop_loss_beyond_liquidation', { price: liq.toFixed() })],
    [{ type: LONG, share: 900 }, en('error.insufficient_balance')],
    [{ type: LONG, currency_id: 40 }, en('api.trade.unknown_pair')],
    [{ type: LONG, password: 'not-the-password' }, en('api.pay_password.wrong')],
  ];
  for (const [input, message] of cases) expect([input, (await submit(a, input)).message]).toEqual([input, message]);
  const mistyped = (await t.call('POST /lever/deal', { currency_id: BTC, share: 2, status: LIMIT, target_price: '1.001' }, { token: a.token })).message;
  expect(mistyped).toMatchObject({ value: null, margin: null, fee: null, liquidation_price: null });
  // A listed pair without contracts: the ticket shows it closed, an order is refused.
  const closedTicket = (await t.call('POST /lever/deal', { currency_id: 9 }, { token: a.token })).message;
  expect(closedTicket).toMatchObject({ symbol: 'TRX/USDT', enabled: false, multiple: { muit: [] }, max_lots_affordable: 0, margin: null });
  expect((await submit(a, { type: LONG, currency_id: 9 })).message).toBe(en('api.trade.pair_closed'));
  expect(await lever(a.id)).toEqual({ available: '1000', frozen: '0' });
  expect(await db().selectFrom('contract_positions').select('id').where('user_id', 'in', [a.id, unset.id]).execute()).toEqual([]);
});

test('as the platform\'s app sends it: a market order (status 1) ignores its target_price 999; an empty password is not checked', async () => {
  const a = await trader('2000');
  const price = engine.lastPrice('BTC/USDT').price;
  const opened = await t.call('POST /lever/submit', {
    share: 1, multiple: 10, legal_id: USDT, currency_id: BTC, type: LONG, status: 1, target_price: '999', password: '',
  }, { token: a.token });
  expect(opened.message).toMatchObject({ status: OPEN, order_type: 1, price, share: 1, type: LONG });
  // The payment password, when typed, must be the user's.
  const typed = await t.call('POST /lever/submit', { currency_id: BTC, share: 1, multiple: 10, type: SHORT, password: PAY }, { token: a.token });
  expect(typed.message).toMatchObject({ status: OPEN, type: SHORT });
  const listed = (await t.call('POST /lever/my_trade', { currency_id: BTC, legal_id: USDT, page: 1, status: 1 }, { token: a.token })).message;
  expect(listed.message.data.map((r: { id: number }) => r.id)).toEqual([typed.message.id, opened.message.id]);
  expect(listed.message.data[1]).toEqual(expect.objectContaining({
    id: opened.message.id, type: LONG, share: 1, multiple: 10, price, target_profit_price: null, stop_loss_price: null,
    trade_fee: opened.message.trade_fee, overnight_money: '0', status: OPEN, order_type: 1, symbol: 'BTC/USDT',
  }));
  await t.call('POST /lever/batch_close', { type: 0 }, { token: a.token });
  await expectConserved();
});

test('a limit entrust holds margin and fee at its price, fills when the price crosses it, or is cancelled', async () => {
  const a = await trader('2000');
  const far = new D(engine.lastPrice('BTC/USDT').price).times('0.5').round(2, 0);
  const waiting = (await submit(a, { type: LONG, status: LIMIT, target_price: far.toFixed() })).message;
  const size = { lots: 1, lotSize: '0.01' };
  const held = contractMargin(far, size, 10).plus(contractFee(far, size, '0.0005'));
  expect(waiting).toMatchObject({ status: 0, order_type: 2, price: far.toFixed(2), profits: null, caution_money: contractMargin(far, size, 10).toFixed() });
  expect(await lever(a.id)).toEqual({ available: new D(2000).minus(held).toFixed(), frozen: held.toFixed() });
  expect((await t.call('POST /lever/my_trade', { status: 0 }, { token: a.token })).message.message.data.map((p: { id: number }) => p.id)).toEqual([waiting.id]);
  const cancelled = (await t.call('POST /lever/cancel', { id: waiting.id }, { token: a.token })).message;
  expect(cancelled).toMatchObject({ status: 4, price: far.toFixed(2), update_price: null });
  // Completed: closed positions and cancelled entrusts.
  expect((await t.call('POST /lever/my_trade', { status: 3 }, { token: a.token })).message.message.data.map((p: { id: number }) => p.id)).toEqual([waiting.id]);
  expect((await t.call('POST /lever/cancel', { id: waiting.id }, { token: a.token })).message).toBe(en('api.trade.order_done'));
  expect(await lever(a.id)).toEqual({ available: '2000', frozen: '0' });

  // Entrusted where the market goes next (a short above the price, a long below it): it fills at its price
  // in the second the market first reaches it, not before.
  await move(1);
  const m = firstMove('BTC/USDT');
  const direction = m.up ? 'short' : 'long';
  const level = m.price;
  const feesBefore = await fees();
  const entrust = (await submit(a, { type: side(direction), status: LIMIT, target_price: level })).message;
  expect(entrust.status).toBe(0);
  for (let i = 0; i < m.index; i++) await move(1);
  expect((await position(entrust.id)).status).toBe('entrust');
  await move(1);
  const filled = await position(entrust.id);
  const margin = contractMargin(level, size, 10);
  const fee = contractFee(level, size, '0.0005');
  expect(filled).toMatchObject({ status: 'open', opened_at: new Date(m.second * 1000) });
  expect(new D(filled.open_price!).eq(level)).toBe(true);
  expect(new D(filled.liquidation_price!).eq(liquidationPrice(direction, level, size, margin, '0.005', 2))).toBe(true);
  expect(await lever(a.id)).toEqual({ available: new D(2000).minus(margin).minus(fee).toFixed(), frozen: margin.toFixed() });
  expect(new D(await fees()).minus(feesBefore).toFixed()).toBe(fee.toFixed());
  expect((await settlements(entrust.id)).map((s) => [s.cause, new D(s.price).toFixed(2), new Date(s.priced_at).getTime()])).toEqual([['contract.open', level, m.second * 1000]]);
  expect((await t.call('POST /lever/close', { id: entrust.id }, { token: a.token })).type).toBe('ok');
  await expectConserved();
});

test('take-profit closes at its price in the second the market first reaches it', async () => {
  const a = await trader('2000');
  const m = firstMove('BTC/USDT');
  const opened = (await submit(a, { type: m.up ? LONG : SHORT, target_profit_price: m.price })).message;
  expect(opened.target_profit_price).toBe(m.price);
  await move(m.index + 1); // the whole way in one tick: the job walks the seconds in order
  const closed = await position(opened.id);
  expect(closed).toMatchObject({ status: 'closed', close_reason: 'take_profit' });
  expect(new D(closed.close_price!).eq(m.price)).toBe(true);
  const profit = contractProfit(LEVER_TYPE.name(opened.type), opened.price, m.price, { lots: 1, lotSize: '0.01' });
  expect(profit.gt(0)).toBe(true);
  expect(new D(closed.profit!).eq(profit)).toBe(true);
  expect(await lever(a.id)).toEqual({ available: new D(2000).minus(opened.trade_fee).plus(profit).toFixed(), frozen: '0' });
  const recorded = (await settlements(opened.id)).at(-1)!;
  expect([recorded.cause, new D(recorded.price).toFixed(2), new Date(recorded.priced_at).getTime()]).toEqual(['contract.close', m.price, m.second * 1000]);
  await expectConserved();
});

test('stop-loss closes at its price, checked second by second; setstop sets and checks', async () => {
  const a = await trader('2000');
  const m = firstMove('BTC/USDT');
  const direction = m.up ? 'short' : 'long';
  const opened = (await submit(a, { type: side(direction) })).message;
  const wrong = (m.up ? new D(opened.price).minus(1) : new D(opened.price).plus(1)).toFixed(2);
  expect((await t.call('POST /lever/setstop', { id: opened.id, stop_loss_price: wrong }, { token: a.token })).message).toBe(en('api.lever.stop_loss_side'));
  const set = (await t.call('POST /lever/setstop', { id: opened.id, stop_loss_price: m.price, target_profit_price: wrong }, { token: a.token })).message;
  expect(set).toMatchObject({ stop_loss_price: m.price, target_profit_price: wrong });
  for (let i = 0; i < m.index; i++) await move(1);
  expect((await position(opened.id)).status).toBe('open');
  await move(1);
  const closed = await position(opened.id);
  expect(closed).toMatchObject({ status: 'closed', close_reason: 'stop_loss' });
  expect(new D(closed.close_price!).eq(m.price)).toBe(true);
  expect(new D(closed.profit!).lt(0)).toBe(true);
  expect((await t.call('POST /lever/setstop', { id: opened.id, stop_loss_price: m.price }, { token: a.token })).message).toBe(en('api.trade.order_done'));
  await expectConserved();
});

test('an empty take-profit or stop-loss clears it; one left out stays', async () => {
  const a = await trader('1000');
  const price = new D(engine.lastPrice('BTC/USDT').price);
  const opened = (await submit(a, { type: LONG, target_profit_price: price.plus(500).toFixed(), stop_loss_price: price.minus(500).toFixed() })).message;
  const cleared = (await t.call('POST /lever/setstop', { id: opened.id, target_profit_price: '' }, { token: a.token })).message;
  expect(cleared).toMatchObject({ target_profit_price: null, stop_loss_price: price.minus(500).toFixed(2) });
  expect((await t.call('POST /lever/setstop', { id: opened.id, stop_loss_price: '0' }, { token: a.token })).message).toBe(en('error.format.amount'));
  // The platform's app sends the last price x 1.2: more decimals than the tick are rounded to the nearest tick.
  const rounded = (await t.call('POST /lever/setstop', { id: opened.id, target_profit_price: price.plus('500.005').toFixed(3), stop_loss_price: price.minus('400.0049').toFixed(4) }, { token: a.token })).message;
  expect(rounded).toMatchObject({ target_profit_price: price.plus('500.01').toFixed(2), stop_loss_price: price.minus(400).toFixed(2) });
  expect((await t.call('POST /lever/close', { id: opened.id }, { token: a.token })).type).toBe('ok');
});

test('liquidation closes at the liquidation price; the user keeps what is left, the house the rest', async () => {
  // ETH with a maintenance rate just under the 100x margin: liquidated a few cents from the opening price.
  const set = contractArea.ops.find((c) => c.name === 'contract-market-set')!;
  expect((await set.run(t.app.services, { symbol: 'eth/usdt', field: 'maintenance_rate', value: '0.0099' })).lines[0]).toMatch(/^ETH\/USDT .* maintenance 0\.0099 /);
  await expect(set.run(t.app.services, { symbol: 'ETH/USDT', field: 'multiples', value: '10,5' })).rejects.toThrow('ascending');
  const a = await trader('2000');
  const open = engine.lastPrice('ETH/USDT').price;
  const size = { lots: 1, lotSize: '0.1' };
  const margin = contractMargin(open, size, 100);
  const liq = { long: liquidationPrice('long', open, size, margin, '0.0099', 2), short: liquidationPrice('short', open, size, margin, '0.0099', 2) };
  const next = upcoming('ETH/USDT', 600);
  const k = next.findIndex((p) => new D(p.price).lte(liq.long) || new D(p.price).gte(liq.short));
  expect(k).toBeGreaterThanOrEqual(0);
  const direction = new D(next[k].price).lte(liq.long) ? 'long' : 'short';
  const opened = (await t.call('POST /lever/submit', { currency_id: ETH, share: 1, multiple: 100, type: side(direction) }, { token: a.token })).message;
  expect(opened.liquidation_price).toBe(liq[direction].toFixed(2));
  const feesBefore = await fees();
  await move(k + 1);
  const closed = await position(opened.id);
  expect(closed).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
  expect(new D(closed.close_price!).eq(liq[direction])).toBe(true);
  const left = closePayout(margin, contractProfit(direction, open, liq[direction], size));
  // What is left is about the maintenance margin: 0.99% of the value.
  expect(left.gte(new D(open).times('0.1').times('0.0099').round(8, 0))).toBe(true);
  expect(await lever(a.id)).toEqual({ available: new D(2000).minus(opened.trade_fee).minus(margin).plus(left).toFixed(), frozen: '0' });
  expect(await fees()).toBe(feesBefore);
  // The message centre says what happened, in the reader's language.
  const [message] = (await t.call('GET /mailMessage/getList', {}, { token: a.token })).message.list;
  expect(message).toMatchObject({ topic: 'position_closed', title: en('msg.position_closed.title', { reason: 'liquidation' }) });
  expect(message.content).toContain(`ETH/USDT`);
  await set.run(t.app.services, { symbol: 'ETH/USDT', field: 'maintenance_rate', value: '0.005' });
  await expectConserved();
});

test('batch close by side closes only that side', async () => {
  const a = await trader('3000');
  const ids = [];
  for (const type of [LONG, SHORT, LONG]) ids.push((await submit(a, { type })).message.id as number);
  const eth = (await t.call('POST /lever/submit', { currency_id: ETH, share: 1, multiple: 10, type: SHORT }, { token: a.token })).message.id as number;
  await move(2);
  const shorts = (await t.call('POST /lever/batch_close', { type: 2, currency_id: BTC }, { token: a.token })).message;
  const closedShort = await position(ids[1]);
  expect(shorts).toEqual({ closed: 1, ids: [ids[1]], profits: new D(closedShort.profit!).toFixed() });
  expect((await position(eth)).status).toBe('open');
  const longs = (await t.call('POST /lever/batch_close', { type: 1 }, { token: a.token })).message;
  expect(longs.ids).toEqual([ids[0], ids[2]]);
  expect((await position(eth)).status).toBe('open');
  expect((await t.call('POST /lever/batch_close', { type: 0 }, { token: a.token })).message.ids).toEqual([eth]);
  expect((await t.call('POST /lever/batch_close', { type: 0 }, { token: a.token })).message).toEqual({ closed: 0, ids: [], profits: '0' });
  expect((await t.call('POST /lever/batch_close', { type: 'all' }, { token: a.token })).type).toBe('error');
  expect(await lever(a.id)).toMatchObject({ frozen: '0' });
  await expectConserved();
});

test('lever_trade: once a tick, a connected holder of open positions gets their live profit and risk rate; lever_closed names what closed', async () => {
  const url = await listen(t);
  const a = await trader('3000');
  const b = await trader('3000');
  const p = (await submit(a, { share: 2, type: SHORT })).message;
  const [sa, sb] = [a, b].map((who) => sockets.open(url, { token: who.token }));
  await Promise.all([sa, sb].map((s) => new Promise((resolve) => { s.once('session', resolve); })));
  let toB = 0;
  sb.on('lever_trade', () => { toB++; });
  const live = new Promise<LeverTradePayload>((resolve) => { sa.once('lever_trade', resolve); });
  clock.ms += 1000; // the engine's next tick strikes a new second, and the feed follows it
  const payload = await live;
  const row = payload.patch.rows![0];
  const profit = contractProfit('short', p.price, row.update_price as string, { lots: 2, lotSize: '0.01' });
  const distance = liquidationDistance('short', row.update_price as string, p.liquidation_price).toFixed(2);
  const totals = {
    profits_total: profit.toFixed(), hazard_rate: riskRate(p.caution_money, profit).toFixed(2), liquidation_distance: distance, caution_money: p.caution_money, positions: 1,
  };
  expect(payload).toEqual({
    available: (await lever(a.id)).available, margin: p.caution_money, profits_total: totals.profits_total, hazard_rate: totals.hazard_rate, positions: 1,
    patch: {
      endpoints: ['POST /lever/deal', 'POST /lever/dealall', 'POST /lever/my_trade'],
      rows: [{ id: p.id, status: OPEN, update_price: expect.stringMatching(/^\d+\.\d{2}$/), profits: profit.toFixed(), hazard_rate: totals.hazard_rate, liquidation_distance: distance }],
      records: { rate_profits_total: totals },
    },
  });
  const closed = new Promise((resolve) => { sa.once('lever_closed', resolve); });
  await t.call('POST /lever/close', { id: p.id }, { token: a.token });
  expect(await closed).toEqual({ id: [p.id] });
  expect(toB).toBe(0);
  await sockets.closeAll();
});

test('another user\'s positions are never visible, closable, cancellable or settable', async () => {
  const a = await trader('2000');
  const b = await trader('2000');
  const open = (await submit(a, { type: LONG })).message;
  const far = new D(open.price).times('0.5').round(2, 0).toFixed();
  const waiting = (await submit(a, { type: LONG, status: LIMIT, target_price: far })).message;
  const notFound = en('api.trade.order_not_found');
  expect((await t.call('POST /lever/close', { id: open.id }, { token: b.token })).message).toBe(notFound);
  expect((await t.call('POST /lever/cancel', { id: waiting.id }, { token: b.token })).message).toBe(notFound);
  expect((await t.call('POST /lever/setstop', { id: open.id, stop_loss_price: '1' }, { token: b.token })).message).toBe(notFound);
  expect((await t.call('POST /lever/batch_close', { type: 0 }, { token: b.token })).message.closed).toBe(0);
  for (const status of [0, 1, 3]) expect((await t.call('POST /lever/my_trade', { status }, { token: b.token })).message.message.total).toBe(0);
  expect((await t.call('POST /lever/dealall', {}, { token: b.token })).message).toMatchObject({ my_transaction: [], rate_profits_total: { positions: 0 } });
  expect([(await position(open.id)).status, (await position(waiting.id)).status]).toEqual(['open', 'entrust']);
  await t.call('POST /lever/close', { id: open.id }, { token: a.token });
  await t.call('POST /lever/cancel', { id: waiting.id }, { token: a.token });
});

test('ops: contract markets listed, added with the defaults, changed; a closed pair refuses orders', async () => {
  const cmd = (name: string) => contractArea.ops.find((c) => c.name === name)!;
  const listed = (await cmd('contract-markets').run(t.app.services, {})).lines;
  expect(listed.find((l) => l.startsWith('BTC/USDT'))).toMatch(/lot 0\.01 {2}multiples 5,10,20,50,100 {2}fee 0\.0005 {2}overnight 0\.0003 {2}maintenance 0\.005 {2}max 1000 lots/);
  expect((await cmd('contract-market-add').run(t.app.services, { symbol: 'TRXUSDT', lot_size: '1000' })).lines[0]).toMatch(/^TRX\/USDT +open +lot 1000 {2}multiples 5,10,20,50,100/);
  await expect(cmd('contract-market-add').run(t.app.services, { symbol: 'TRX/USDT', lot_size: '10' })).rejects.toThrow('already has contracts');
  await expect(cmd('contract-market-add').run(t.app.services, { symbol: 'XYZ/USDT', lot_size: '10' })).rejects.toThrow('no listed pair');
  const a = await trader('1000');
  expect((await t.call('POST /lever/deal', { currency_id: 9 }, { token: a.token })).message).toMatchObject({ enabled: true, lot_size: '1000' });
  await cmd('contract-market-set').run(t.app.services, { symbol: 'TRX/USDT', field: 'enabled', value: 'off' });
  expect((await t.call('POST /lever/deal', { currency_id: 9 }, { token: a.token })).message).toMatchObject({ enabled: false, max_lots_affordable: 0 });
  expect((await submit(a, { currency_id: 9, type: LONG })).message).toBe(en('api.trade.pair_closed'));
});

test('the overnight fee is charged once per day from the margin, and moves the liquidation price', async () => {
  const a = await trader('3000');
  const opened = (await submit(a, { type: LONG, multiple: 5 })).message;
  const size = { lots: 1, lotSize: '0.01' };
  const fee = contractFee(opened.price, size, '0.0003');
  const nextMidnight = Math.ceil(clock.ms / DAY_MS) * DAY_MS;
  await move((nextMidnight - clock.ms) / 1000 + 5);
  await t.app.services.jobs.tick();
  const once = await position(opened.id);
  const margin = new D(opened.caution_money).minus(fee);
  expect(once).toMatchObject({ status: 'open', overnight_at: new Date(nextMidnight) });
  expect([new D(once.margin).toFixed(), new D(once.overnight_fee).toFixed()]).toEqual([margin.toFixed(), fee.toFixed()]);
  expect(new D(once.liquidation_price!).eq(liquidationPrice('long', opened.price, size, margin, '0.005', 2))).toBe(true);
  expect(await lever(a.id)).toEqual({ available: new D(3000).minus(opened.caution_money).minus(opened.trade_fee).toFixed(), frozen: margin.toFixed() });
  await move(DAY_MS / 1000);
  const twice = await position(opened.id);
  expect(new D(twice.overnight_fee).toFixed()).toBe(fee.times(2).toFixed());
  const closedAfter = (await t.call('POST /lever/close', { id: opened.id }, { token: a.token })).message;
  expect([closedAfter.caution_money, closedAfter.overnight_money]).toEqual([new D(opened.caution_money).minus(fee.times(2)).toFixed(), fee.times(2).toFixed()]);
  await expectConserved();
});

describe('across a restart', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => { await database?.close(); });

  const server = (c: { ms: number }) => buildApp({
    database, ownDatabase: false, watchConfig: false, now: () => new Date(c.ms), seed: { demoPassword: DEMO_PASSWORD }, distDir: path.join(os.tmpdir(), 'no-dist'),
  });
  const call = async (app: FastifyInstance, endpoint: string, data: Record<string, unknown>, token?: string) => {
    const [method, url] = endpoint.split(' ') as ['POST', string];
    const res = await app.inject({ method, url: `/api${url}`, payload: formEncode(data), headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) } });
    return res.json() as { type: string; message: any; data?: any };
  };

  test('days missed while the server was down are charged once each after it starts again', async () => {
    const c = { ms: Date.parse('2026-12-01T15:00:00.000Z') };
    const first = await server(c);
    let id: number;
    try {
      const token = (await call(first, 'POST /user/login', { user_string: 'demo@example.com', password: DEMO_PASSWORD })).message as string;
      const user = (await database.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id;
      await canWithdraw(database.db, user);
      expect((await call(first, 'POST /wallet/change', { currency_id: USDT, number: '1000', from_field: 'change', to_field: 'lever' }, token)).type).toBe('ok');
      const opened = await call(first, 'POST /lever/submit', { currency_id: BTC, share: 1, multiple: 5, type: LONG }, token);
      expect(opened.type).toBe('ok');
      id = opened.data.id; // the record beside the confirmation text
      await first.services.jobs.tick();
    } finally { await first.close(); }
    c.ms = Date.parse('2026-12-03T00:30:00.000Z'); // two midnights while stopped
    const second = await server(c);
    await second.services.market(); // as main.ts does before the jobs tick
    try {
      await second.services.jobs.tick();
      await second.services.jobs.tick();
      const row = await database.db.selectFrom('contract_positions').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
      const fee = contractFee(row.open_price!, { lots: 1, lotSize: '0.01' }, '0.0003');
      expect([row.status, new D(row.overnight_fee).toFixed(), new Date(row.overnight_at!).toISOString()]).toEqual(['open', fee.times(2).toFixed(), '2026-12-03T00:00:00.000Z']);
      const charges = await database.db.selectFrom('ledger_entries').select('id').where('cause', '=', 'contract.overnight').where('ref', '=', `contract:${id!}`).execute();
      expect(charges).toHaveLength(2);
      const r = await reconcile(database.db);
      expect(r.ok).toBe(true);
    } finally { await second.close(); }
  }, 120_000);
});

(ON_PG ? test : test.skip)('a user close racing the take-profit job closes the position once (PostgreSQL)', async () => {
  const a = await trader('20000');
  for (let round = 0; round < 5; round++) {
    const m = firstMove('BTC/USDT');
    const opened = (await submit(a, { type: m.up ? LONG : SHORT, target_profit_price: m.price })).message;
    clock.ms += (m.index + 1) * 1000;
    engine.advanceTo(clock.ms);
    const [closeAnswer] = await Promise.all([
      t.call('POST /lever/close', { id: opened.id }, { token: a.token }),
      t.app.services.jobs.tick(),
    ]);
    expect([closeAnswer.type === 'ok' || closeAnswer.message === en('api.trade.order_done')]).toEqual([true]);
    const row = await position(opened.id);
    expect(row.status).toBe('closed');
    const closes = await db().selectFrom('ledger_entries').select('id').where('cause', '=', 'contract.close').where('ref', '=', `contract:${opened.id}`).execute();
    expect(closes).toHaveLength(1);
  }
  expect(await lever(a.id)).toMatchObject({ frozen: '0' });
  await expectConserved();
});
