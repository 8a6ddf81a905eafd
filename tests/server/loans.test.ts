/**
 * Loans with a pledge through the real app on a test clock (issue 25): refusals say why and move nothing; the
 * operator's approval pays the principal out; interest a day at a time in exact decimals, overdue interest past
 * the due date; repayment bounds (SPEC 5), interest first, a full repayment releasing the pledge; the pledge sold
 * at the liquidation rate after a warning; nobody touches another's loan; two repayments at once pay once; money
 * conserved throughout. A pledge priced by the market: loanPledge.test.ts.
 */
import fc from 'fast-check';
import { ACCOUNT_TYPES, balancesOf } from '../../src/server/ledger';
import { loanArea } from '../../src/server/modules/loan';
import { dayInterest } from '../../src/shared/domain/loans';
import { DAY_MS, HOUR_MS } from '../../src/shared/domain/time';
import { D } from '../../src/shared/format/decimal';
import { createTestApp, ON_PG, type TestApp } from './helpers';
import { expectLedgerClean, fund } from './money';

const USDT = 3;
const PAID = 1;
const REPAID = 2;
const LIQUIDATED = 4;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;

// The market is never opened here (every pledge is USDT, priced 1): its simulation would walk every second of each jump.
beforeAll(async () => { t = await createTestApp({ now: () => new Date(clock.ms) }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);
const op = (name: string, args: Record<string, string | number>) => loanArea.ops.find((c) => c.name === name)!.run(t.app.services, args);

/** Moves the clock by whole days, a day at a time, running what came due after each. */
async function days(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await jump(DAY_MS);
}

/** Moves the clock at once (a server down meanwhile), runs what came due, and the risk check once more after the interest. */
async function jump(ms: number): Promise<void> {
  clock.ms += ms;
  await t.app.services.jobs.tick();
  clock.ms += 5000;
  await t.app.services.jobs.tick();
}

interface Borrower { token: string; id: number; email: string }
let borrowers = 0;
async function borrower(funds: Array<[number, string]>): Promise<Borrower> {
  const email = `borrower${++borrowers}@loans.example.com`;
  const token = await t.signUp(email);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  for (const [currency, amount] of funds) await fund(db(), id, currency, amount);
  return { token, id, email };
}

/** Logs in again: a jump of weeks outlives the session. */
async function signIn(who: Borrower): Promise<void> {
  who.token = (await t.call('POST /user/login', { user_string: who.email, password: 'secret-pass' })).message as string;
}

async function spot(user: number, currency: number): Promise<{ available: string; frozen: string }> {
  const b = (await balancesOf(db(), user)).find((x) => x.currency_id === currency && x.type === ACCOUNT_TYPES.change);
  return { available: new D(b?.available ?? 0).toFixed(), frozen: new D(b?.frozen ?? 0).toFixed() };
}

const apply = (who: Borrower, data: Record<string, unknown>) => t.call('POST /loan', { money: '500000', day: 7, pawn: 'USDT', ...data }, { token: who.token });
const log = async (who: Borrower) => (await t.call('GET /loanLog', {}, { token: who.token })).message.data as Array<Record<string, any>>;
const loanOf = async (who: Borrower, id: number) => (await log(who)).find((l) => l.id === id)!;
const repay = (who: Borrower, id: number, amount: string) => t.call('POST /loan/repay', { id, amount }, { token: who.token });

test('refusals say why and move nothing: bounds, the cycle, the pledge currency, the pledge balance', async () => {
  const who = await borrower([[USDT, '600000']]);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ money: '99.99' }, en('api.loan.below_min', { min: '100' })],
    [{ money: '1000000.01' }, en('api.loan.above_max', { max: '1000000' })],
    [{ day: 8 }, en('api.loan.cycle_unknown', { days: '7, 15, 30, 90, 180, 365' })],
    [{ pawn: 'DOGE' }, en('api.loan.pledge_unknown', { currencies: 'BTC, ETH, USDT, BNB' })],
    [{ pawn: 'doge' }, en('api.loan.pledge_invalid')],
    [{ pawn: undefined }, en('api.loan.pledge_invalid')], // required by schemas/loan.json
    [{ money: '500000', pawn: 'USDT' }, en('error.insufficient_balance')], // 750,000 USDT of pledge asked, 600,000 there
    [{ money: '1.123456789' }, en('api.wallet.too_many_decimals', { decimals: 8 })],
  ];
  for (const [data, message] of cases) expect([data, await apply(who, data)]).toEqual([data, expect.objectContaining({ type: 'error', message })]);
  expect(await spot(who.id, USDT)).toEqual({ available: '600000', frozen: '0' });
  expect(await log(who)).toEqual([]);
  await expectLedgerClean(db());
});

test('the loan being typed: the terms, the available pledge, and for a complete amount and cycle what it pledges and costs', async () => {
  const who = await borrower([[USDT, '800000']]);
  const info = (data: Record<string, unknown>) => t.call('POST /loan/info', { pawn: 'USDT', ...data }, { token: who.token });
  const typed = await info({ money: '500000', day: 7 });
  expect(typed.message).toEqual({
    min: '100', max: '1000000', pledge_currencies: ['BTC', 'ETH', 'USDT', 'BNB'],
    cycles: [{ day: 7, rate: '0.0030' }, { day: 15, rate: '0.0028' }, { day: 30, rate: '0.0025' }, { day: 90, rate: '0.0022' }, { day: 180, rate: '0.0020' }, { day: 365, rate: '0.0018' }],
    pawn: 'USDT', pawn_price: '1', available: '800000', pawn_rate: '1.5', warning_risk_rate: '1.2', liquidation_risk_rate: '1.1', overdue_rate: '0.005',
    quote: {
      pawn_num: '750000', day_interest: '1500', interest: '10500', repay_amount: '510500', due_time: new Date(clock.ms + 7 * DAY_MS).toISOString(),
      liquidation_price: '0.73553334',
    },
  });
  expect((await info({ money: '99', day: 7 })).message.quote).toBeNull();
  expect((await info({ money: '500000', day: 8 })).message.quote).toBeNull();
  expect((await info({})).message.quote).toBeNull();
  expect((await t.call('POST /loan/info', { pawn: 'USDT' })).type).toBe('999'); // a visitor: log in first
  // The terms alone, for anyone (the intro page).
  const { pawn, pawn_price: _price, available, quote, ...terms } = typed.message;
  expect([pawn, available, quote]).toEqual(['USDT', '800000', expect.anything()]);
  expect((await t.call('GET /loan/terms', {})).message).toEqual(terms);
});

test('approved: the principal is paid out, interest accrues a day at a time, overdue interest past the due date', async () => {
  const who = await borrower([[USDT, '750000']]);
  const { message: loan } = await apply(who, {});
  await op('loan-approve', { id: loan.id });
  expect(await spot(who.id, USDT)).toEqual({ available: '500000', frozen: '750000' });
  const daily = dayInterest('500000', '0.003', 8).toFixed();
  expect(daily).toBe('1500');
  // Day 1 accrues at the payout: a loan repaid the same day owes a day.
  expect(await loanOf(who, loan.id)).toMatchObject({
    status: PAID, borrow_time: new Date(clock.ms).toISOString(), due_time: new Date(clock.ms + 7 * DAY_MS).toISOString(),
    principal_owed: '500000', interest_owed: '1500', overdue_owed: '0', owed: '501500', risk_rate: '1.4955', liquidation_price: '0.73553334', // 501,500 x 1.1 / 750,000, rounded up
    pawn_last_price: '1', days_left: 7, warning_risk_rate: '1.2', liquidation_risk_rate: '1.1',
  });
  const dueReminders = async () => ((await t.call('GET /mailMessage/getList', {}, { token: who.token })).message.list as Array<{ topic: string; content: string }>)
    .filter((m) => m.topic === 'loan_due');
  expect(await dueReminders()).toEqual([]);
  await jump(6 * DAY_MS - 5000); // days 2 to 7 at once, as after a downtime
  expect(await loanOf(who, loan.id)).toMatchObject({ interest_owed: '10500', overdue_owed: '0', owed: '510500', days_left: 1 });
  // Within the hour after it comes due within a day, its owner is reminded, once, with what is owed and the due date.
  clock.ms += HOUR_MS;
  await t.app.services.jobs.tick();
  const [reminder, ...more] = await dueReminders();
  expect(more).toEqual([]);
  const due = (await loanOf(who, loan.id)).due_time as string;
  expect(reminder.content).toBe(en('msg.loan_due.body', { due: due.slice(0, 10), amount: '510,500', overdue: '0.5' }));
  await days(1); // the due date: the first overdue day, 0.5 % of 510,500
  expect(await loanOf(who, loan.id)).toMatchObject({ interest_owed: '10500', overdue_owed: '2552.5', owed: '513052.5', days_left: 0 });
  await days(1);
  expect(await loanOf(who, loan.id)).toMatchObject({ overdue_owed: '5105', owed: '515605' });
  expect(await dueReminders()).toHaveLength(1);
  // A job run twice at the same time accrues nothing more.
  await t.app.services.jobs.tick();
  expect((await loanOf(who, loan.id)).owed).toBe('515605');
  await expectLedgerClean(db());
});

test('SPEC 5: a repayment is more than the principal and at most what is owed; interest first; in full, the pledge is released', async () => {
  const who = await borrower([[USDT, '800000']]);
  const { message: loan } = await apply(who, {});
  await op('loan-approve', { id: loan.id });
  await days(2); // 3 days accrued: 4,500 interest
  const preview = async (amount?: string) => (await t.call('POST /loan/repay/info', { id: loan.id, ...(amount ? { amount } : {}) }, { token: who.token })).message;
  expect(await preview()).toMatchObject({ loan: { id: loan.id, owed: '504500' }, available: '550000', split: null, problem: null });
  expect(await preview('500000')).toMatchObject({ split: null, problem: 'not_above_principal' });
  expect(await preview('504500.01')).toMatchObject({ split: null, problem: 'above_owed' });
  expect(await preview('500100')).toMatchObject({ split: { overdue: '0', interest: '4500', principal: '495600', left: '4400' }, problem: null });
  expect(await repay(who, loan.id, '500000')).toMatchObject({ type: 'error', message: en('api.loan.repay_not_above_principal', { principal: '500000' }) });
  expect(await repay(who, loan.id, '504500.01')).toMatchObject({ type: 'error', message: en('api.loan.repay_above_owed', { owed: '504500' }) });
  const other = await borrower([[USDT, '1000000']]);
  expect(await repay(other, loan.id, '504500')).toMatchObject({ type: 'error', message: en('api.loan.not_found') });
  const part = await repay(who, loan.id, '500100');
  expect(part).toMatchObject({ type: 'ok', confirmation: en('loan.repaid') });
  expect(part.message.repayment).toMatchObject({ amount: '500100', overdue: '0', interest: '4500', principal: '495600' });
  expect(part.message.loan).toMatchObject({ status: PAID, principal_owed: '4400', interest_owed: '0', owed: '4400' });
  await days(1); // interest now on the 4,400 left
  expect((await loanOf(who, loan.id)).interest_owed).toBe(dayInterest('4400', '0.003', 8).toFixed());
  const rest = (await loanOf(who, loan.id)).owed as string;
  expect(await repay(who, loan.id, rest)).toMatchObject({ type: 'ok', message: { loan: { status: REPAID, owed: '0', liquidation_price: null } } });
  // 800,000 + 500,000 paid out - 500,100 - rest repaid; nothing frozen.
  expect(await spot(who.id, USDT)).toEqual({ available: new D('799900').minus(rest).toFixed(), frozen: '0' });
  const repayments = (await t.call('GET /loan/repayments', { id: loan.id }, { token: who.token })).message;
  expect(repayments.data.map((r: { amount: string }) => r.amount)).toEqual([rest, '500100']);
  expect((await t.call('GET /loan/repayments', {}, { token: other.token })).message.data).toEqual([]);
  expect(await repay(who, loan.id, '1')).toMatchObject({ type: 'error', message: en('api.loan.not_repayable') });
  await expectLedgerClean(db());
});

test('overdue interest brings the risk rate down: the borrower is warned at 120 %, then the pledge is sold at 110 %', async () => {
  const who = await borrower([[USDT, '750000']]);
  const { message: loan } = await apply(who, {});
  await op('loan-approve', { id: loan.id });
  const paidOut = clock.ms;
  const at = async (day: number) => { await jump(paidOut + day * DAY_MS - clock.ms); await signIn(who); };
  const row = () => db().selectFrom('loans').select(['status', 'warned_at']).where('id', '=', loan.id).executeTakeFirstOrThrow();
  // After the 7 days' 10,500 of interest, each day overdue adds 2,552.5 (0.5 % of 510,500): owed 510,500 + 2,552.5 j.
  await at(6 + 44); // 622,810 owed: 750,000 / 622,810 = 1.2042
  expect(await row()).toMatchObject({ status: 'paid', warned_at: null });
  expect(await loanOf(who, loan.id)).toMatchObject({ owed: '622810', risk_rate: '1.2042', at_risk: false });
  await at(6 + 45); // 625,362.5: 1.1993
  expect((await row()).warned_at).not.toBeNull();
  expect(await loanOf(who, loan.id)).toMatchObject({ at_risk: true });
  await at(6 + 67); // 681,517.5: 1.1004
  expect((await row()).status).toBe('paid');
  await at(6 + 68); // 684,070: 1.0963
  const sold = await loanOf(who, loan.id);
  expect(sold).toMatchObject({
    status: LIQUIDATED, owed: '0', sold_pledge: '684070', sold_price: '1', at_risk: false,
    reason: en('api.loan.sold', { amount: '684070', currency: 'USDT', price: '1' }),
  });
  // The house took what was owed of the 750,000 pledge (USDT, at 1); the rest came back.
  expect(await spot(who.id, USDT)).toEqual({ available: new D('1250000').minus('684070').toFixed(), frozen: '0' });
  // The borrower was told each step in their message centre, before and after.
  const messages = (await t.call('GET /mailMessage/getList', {}, { token: who.token })).message.list as Array<Record<string, any>>;
  expect(messages.map((m) => m.topic)).toEqual(['loan_liquidated', 'loan_warning', 'loan_due', 'loan_approved']);
  expect(messages[0]).toMatchObject({ title: en('msg.loan_liquidated.title'), content: en('msg.loan_liquidated.body', { amount: '500,000', sold: '684,070', currency: 'USDT', price: '1' }) });
  expect(messages[1]).toMatchObject({ title: en('msg.loan_warning.title'), content: expect.stringContaining('119.93%') });
  await expectLedgerClean(db());
});

test('a pledge topped up: held with the rest, the risk rate up and the liquidation price down, all released by the full repayment', async () => {
  const who = await borrower([[USDT, '852000']]);
  const other = await borrower([[USDT, '10']]);
  const { message: loan } = await apply(who, {});
  const topUp = (amount: string, by = who, id = loan.id) => t.call('POST /loan/pledge', { id, amount }, { token: by.token });
  expect(await topUp('100')).toMatchObject({ type: 'error', message: en('api.loan.not_topupable') }); // under review: the pledge is the ratio's
  await op('loan-approve', { id: loan.id });
  const preview = (await t.call('POST /loan/pledge/info', { id: loan.id, amount: '100000' }, { token: who.token })).message;
  expect(preview).toMatchObject({
    available: '602000', loan: { id: loan.id, pawn_num: '750000', risk_rate: '1.4955' },
    after: { pawn_num: '850000', risk_rate: '1.6949', liquidation_price: '0.649' }, // 501,500 x 1.1 / 850,000
  });
  const refusals: Array<[Promise<{ type: string; message: unknown }>, string]> = [
    [topUp('602000.01'), en('error.insufficient_balance')],
    [topUp('0'), en('error.format.amount')],
    [topUp('1.123456789'), en('api.wallet.too_many_decimals', { decimals: 8 })],
    [topUp('5', other), en('api.loan.not_found')], // another's loan
    [t.call('POST /loan/pledge/info', { id: loan.id }, { token: other.token }), en('api.loan.not_found')],
  ];
  for (const [answer, message] of refusals) expect(await answer).toMatchObject({ type: 'error', message });
  expect(await spot(who.id, USDT)).toEqual({ available: '602000', frozen: '750000' });

  const topped = await topUp('100000');
  expect(topped).toMatchObject({ type: 'ok', confirmation: en('loan.pledge_added'), message: { pawn_num: '850000', risk_rate: '1.6949', liquidation_price: '0.649' } });
  expect(await spot(who.id, USDT)).toEqual({ available: '502000', frozen: '850000' });
  expect(await repay(who, loan.id, '501500')).toMatchObject({ type: 'ok' });
  expect(await spot(who.id, USDT)).toEqual({ available: new D('1352000').minus('501500').toFixed(), frozen: '0' });
  expect(await topUp('1')).toMatchObject({ type: 'error', message: en('api.loan.not_topupable') });
  await expectLedgerClean(db());
});

(ON_PG ? test : test.skip)('PostgreSQL: two full repayments of one loan at once pay it once', async () => {
  const who = await borrower([[USDT, '1800000']]);
  const { message: loan } = await apply(who, {});
  await op('loan-approve', { id: loan.id });
  const answers = await Promise.all([repay(who, loan.id, '501500'), repay(who, loan.id, '501500')]);
  expect(answers.map((a) => a.type).sort()).toEqual(['error', 'ok']);
  expect(answers.find((a) => a.type === 'error')!.message).toBe(en('api.loan.not_repayable'));
  expect(await spot(who.id, USDT)).toEqual({ available: new D('1800000').plus('500000').minus('501500').toFixed(), frozen: '0' });
  await expectLedgerClean(db());
});

(ON_PG ? test : test.skip)('PostgreSQL: a top-up and a full repayment at once: the pledge ends released whole, whichever came first', async () => {
  const who = await borrower([[USDT, '1800000']]);
  const { message: loan } = await apply(who, {});
  await op('loan-approve', { id: loan.id });
  const [topped, repaid] = await Promise.all([
    t.call('POST /loan/pledge', { id: loan.id, amount: '1000' }, { token: who.token }), repay(who, loan.id, '501500'),
  ]);
  expect(repaid.type).toBe('ok');
  if (topped.type === 'error') expect(topped.message).toBe(en('api.loan.not_topupable')); // the repayment came first
  expect(await spot(who.id, USDT)).toEqual({ available: new D('1800000').plus('500000').minus('501500').toFixed(), frozen: '0' });
  await expectLedgerClean(db());
});

test('property: random loans, decisions, days, repayments and pledge top-ups keep the ledger clean and every open pledge held', async () => {
  const step = fc.oneof(
    fc.constant({ kind: 'apply' as const }),
    fc.record({ kind: fc.constant('decide' as const), approve: fc.boolean() }),
    fc.record({ kind: fc.constant('days' as const), n: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('repay' as const), share: fc.integer({ min: 0, max: 120 }) }),
    fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 400_000 }) }),
  );
  await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
    const who = await borrower([[USDT, '2000000']]);
    for (const s of steps) {
      const loans = await log(who);
      const latest = loans[0];
      if (s.kind === 'apply') await apply(who, {});
      else if (s.kind === 'decide' && latest?.status === 0) await op(s.approve ? 'loan-approve' : 'loan-reject', s.approve ? { id: latest.id } : { id: latest.id, reason: 'test' });
      else if (s.kind === 'days') { await jump(s.n * DAY_MS); await signIn(who); }
      else if (s.kind === 'repay' && latest?.status === PAID) {
        // From at or below the principal (refused) to above what is owed (refused), through the valid range.
        const amount = new D(latest.owed).times(s.share).div(100).round(8, 0);
        const answer = await repay(who, latest.id, amount.toFixed());
        if (answer.type === 'ok') expect(new D(answer.message.repayment.amount).eq(amount)).toBe(true);
      } else if (s.kind === 'topup' && latest?.status === PAID) await t.call('POST /loan/pledge', { id: latest.id, amount: String(s.amount) }, { token: who.token });
    }
    const open = (await log(who)).filter((l) => l.status === 0 || l.status === PAID);
    const held = open.reduce((sum, l) => sum.plus(l.pawn_num), new D(0));
    expect((await spot(who.id, USDT)).frozen).toBe(held.toFixed());
    await expectLedgerClean(db());
  }), { numRuns: 12 });
}, 120_000);
