/**
 * Loans pledged in a currency the market prices (issue 25): the pledge held at the price recorded when applying,
 * the operator's rejection releasing it; a fall of the price sells the pledge after a warning, the house taking
 * what is owed at that price. The clock stays put here: the market's simulation walks every second it moves.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../src/server/db';
import { ACCOUNT_TYPES, balancesOf, inUserTransaction } from '../../src/server/ledger';
import type { MarketEngine } from '../../src/server/market';
import { loanArea } from '../../src/server/modules/loan';
import { checkRisk } from '../../src/server/modules/loan/loans';
import { pledgeNeeded, riskRate } from '../../src/shared/domain/loans';
import { D, ROUND } from '../../src/shared/format/decimal';
import type { LoanHealthPayload } from '../../src/shared/contract/events';
import { createTestApp, type TestApp } from './helpers';
import { expectLedgerClean, fund } from './money';
import { listen, SocketClients } from './sockets';

const BTC = 1;
const REVIEW = 0;
const REJECTED = 3;
const LIQUIDATED = 4;
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
const op = (name: string, args: Record<string, string | number>) => loanArea.ops.find((c) => c.name === name)!.run(t.app.services, args);

interface Borrower { token: string; id: number }
let borrowers = 0;
async function borrower(btc: string): Promise<Borrower> {
  const token = await t.signUp(`pledger${++borrowers}@loans.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  await fund(db(), id, BTC, btc);
  return { token, id };
}

async function btc(user: number): Promise<{ available: string; frozen: string }> {
  const b = (await balancesOf(db(), user)).find((x) => x.currency_id === BTC && x.type === ACCOUNT_TYPES.change);
  return { available: new D(b?.available ?? 0).toFixed(), frozen: new D(b?.frozen ?? 0).toFixed() };
}

const apply = (who: Borrower, data: Record<string, unknown>) => t.call('POST /loan', { money: '500000', day: 7, pawn: 'BTC', ...data }, { token: who.token });
const loanOf = async (who: Borrower, id: number) => ((await t.call('GET /loanLog', {}, { token: who.token })).message.data as Array<Record<string, any>>).find((l) => l.id === id)!;

test('applying holds the pledge at the recorded price; the operator rejects it and the pledge is released', async () => {
  const who = await borrower('20');
  const price = engine.lastPrice('BTC/USDT').price;
  const res = await apply(who, { money: '600000', day: 30, pawn: 'BTC' });
  expect(res).toMatchObject({ type: 'ok', confirmation: en('loan.applied') });
  const pledge = pledgeNeeded('600000', '1.5', price, 8).toFixed();
  expect(res.message).toMatchObject({
    money: '600000', day: 30, rate: '0.0025', interest: '45000', repay_amount: '645000', pawn: 'BTC', pawn_num: pledge, pawn_price: new D(price).toFixed(),
    pawn_rate: '1.5', status: REVIEW, borrow_time: null, due_time: null, owed: '600000', risk_rate: null, liquidation_price: null,
  });
  expect(await btc(who.id)).toEqual({ available: new D(20).minus(pledge).toFixed(), frozen: pledge });
  expect((await op('loans', {})).lines.join('\n')).toContain(`#${res.message.id}`);
  expect((await op('loan-reject', { id: res.message.id, reason: 'pledge history' })).lines).toEqual([`loan #${res.message.id} rejected; the pledge is released`]);
  expect(await btc(who.id)).toEqual({ available: '20', frozen: '0' });
  expect(await loanOf(who, res.message.id)).toMatchObject({ status: REJECTED, reason: 'pledge history', owed: '0' });
  await expect(op('loan-approve', { id: res.message.id })).rejects.toThrow(`loan ${res.message.id} was already reviewed: it is rejected`);
  await expectLedgerClean(db());
});

test('a fall of the pledge\'s price sells the pledge: the house takes what is owed at that price, the rest is released', async () => {
  const who = await borrower('20');
  const { message: loan } = await apply(who, { pawn: 'BTC' });
  await op('loan-approve', { id: loan.id });
  const price = new D(loan.pawn_price);
  const at = (p: InstanceType<typeof D>) => inUserTransaction(db(), who.id, (trx: Transaction<DB>) => checkRisk(trx, loan.id, p.toFixed(2), new Date(clock.ms)));
  expect(await at(price.times('0.99'))).toBeNull();
  expect(await at(price.times('0.79'))).toBe('warned'); // 1.5 x 0.79 / 1.003 = 1.18
  expect(await at(price.times('0.78'))).toBeNull(); // warned once
  expect(await at(price.times('0.73'))).toBe('liquidated'); // 1.095
  const owed = new D('501500');
  const sellAt = new D(price.times('0.73').toFixed(2));
  const taken = owed.div(sellAt).round(8, ROUND.up);
  expect(await btc(who.id)).toEqual({ available: new D(20).minus(taken).toFixed(), frozen: '0' });
  expect(await loanOf(who, loan.id)).toMatchObject({
    status: LIQUIDATED, owed: '0', sold_pledge: taken.toFixed(), sold_price: sellAt.toFixed(),
    reason: en('api.loan.sold', { amount: taken.toFixed(), currency: 'BTC', price: sellAt.toFixed() }),
  });
  await expectLedgerClean(db());
});

test('the loan being typed is priced in the first pledge currency offered unless another is asked', async () => {
  const who = await borrower('1');
  const info = await t.call('POST /loan/info', { money: '500000', day: 30 }, { token: who.token });
  const price = engine.lastPrice('BTC/USDT').price;
  expect(info.message).toMatchObject({ pawn: 'BTC', pawn_price: price, available: '1' });
  expect(info.message.quote.pawn_num).toBe(pledgeNeeded('500000', '1.5', price, 8).toFixed());
  expect((await t.call('POST /loan/info', { pawn: 'XRP' }, { token: who.token })).message.pawn).toBe('BTC');
});

test('loan_health: once a tick, a connected borrower with a loan paid out gets its risk at the pledge\'s last price; others get nothing', async () => {
  const url = await listen(t);
  const a = await borrower('20');
  const b = await borrower('20');
  const { message: loan } = await apply(a, { money: '100000', day: 30 });
  await apply(b, { money: '100000', day: 30 }); // under review: nothing to follow
  await op('loan-approve', { id: loan.id });
  const [sa, sb] = [a, b].map((who) => sockets.open(url, { token: who.token }));
  await Promise.all([sa, sb].map((s) => new Promise((resolve) => { s.once('session', resolve); })));
  let toB = 0;
  sb.on('loan_health', () => { toB++; });
  const live = new Promise<LoanHealthPayload>((resolve) => { sa.once('loan_health', resolve); });
  clock.ms += 1000; // the engine's next tick strikes a new second, and the feed follows it
  const payload = await live;
  const price = String(payload.patch.rows![0].pawn_last_price);
  const owed = '100250'; // day 1's interest at 0.25 %
  expect(payload).toEqual({
    patch: {
      endpoints: ['GET /loanLog', 'POST /loan/repay/info', 'POST /loan/pledge/info'],
      rows: [{
        id: loan.id, status: 1, pawn_last_price: price, risk_rate: riskRate(loan.pawn_num, price, owed)!.round(4, ROUND.down).toFixed(), at_risk: false,
        liquidation_price: new D(owed).times('1.1').div(loan.pawn_num).round(2, ROUND.up).toFixed(), days_left: 30, // at BTC/USDT's price decimals
      }],
    },
  });
  expect(price).toBe(engine.lastPrice('BTC/USDT').price);
  expect(toB).toBe(0);
  await sockets.closeAll();
});
