/**
 * Races: what requests running at the same time must not break. They matter on PostgreSQL (DATABASE_URL: a
 * pool of connections, so requests really interleave); on PGlite (one query at a time) they run as well, with
 * smaller counts. Every test checks that nothing failed but the business refusals (no "Something went wrong",
 * no error in the log, no deadlock) and, where money moved, that the ledger reconciles.
 */
import { sql } from 'kysely';
import { reconcile, totalsByCurrency } from '../../src/server/ledger';
import { MAX_ATTEMPTS } from '../../src/server/modules/auth/codes';
import { verifyPassword } from '../../src/server/modules/auth/passwords';
import { approveIdentity, rejectIdentity } from '../../src/server/modules/kyc/review';
import { approveDeposit, rejectDeposit } from '../../src/server/modules/wallet/depositReview';
import { payWithdrawal, rejectWithdrawal } from '../../src/server/modules/wallet/withdrawalReview';
import { LIMITS } from '../../src/server/throttle/limits';
import { MAX_WALLET_ADDRESSES } from '../../src/shared/contract/payees';
import { WITHDRAW_LIMIT_BTC } from '../../src/shared/contract/withdraw';
import { D } from '../../src/shared/format/decimal';
import { canWithdraw as allowWithdrawals, fund as fundUser, PAY } from './money';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

const ON_PG = Boolean(process.env.DATABASE_URL);
/** How many requests race: the full count on PostgreSQL, fewer on PGlite, which runs them one by one anyway. */
const racing = (onPg: number, onPglite: number) => (ON_PG ? onPg : onPglite);

const USDT = 3;
const BTC = 1;
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A well-formed TRC20 address, different for each n < 58 * 58. */
const tron = (n: number) => `T${'R'.repeat(31)}${B58[Math.floor(n / 58)]}${B58[n % 58]}`;

/** The request limits per client (throttle/) are not what these tests race: raised out of their way. */
const UNTHROTTLED = Object.fromEntries(Object.entries(LIMITS).map(([name, limit]) => [name, { ...limit, max: 1_000_000 }]));

let t: TestApp;
let users = 0;

beforeAll(async () => { t = await createTestApp({ limits: UNTHROTTLED }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** Where this test's log lines start: each test checks only its own. */
let logStart = 0;
beforeEach(() => { logStart = t.logs.length; });

/** Nothing failed but what the business refuses: no 500-class answer, no error logged, no deadlock. */
function expectNoServerError(answers: Array<{ type: string; message: unknown }>): void {
  expect(answers.filter((a) => a.message === en('api.server_error'))).toEqual([]);
  const logs = t.logs.slice(logStart);
  expect(logs.filter((l) => l.level >= 50)).toEqual([]);
  expect(logs.filter((l) => /deadlock/i.test(JSON.stringify(l)))).toEqual([]);
}

/** Every balance equals its postings, every entry and every currency sums to zero. */
async function expectReconciled(): Promise<void> {
  const r = await reconcile(db());
  expect({ mismatches: r.mismatches, unbalanced: r.unbalanced, unheld: r.unheld, badHolds: r.badHolds }).toEqual({ mismatches: [], unbalanced: [], unheld: [], badHolds: [] });
  for (const [currency, total] of await totalsByCurrency(db())) expect([currency, total]).toEqual([currency, '0']);
}

interface Customer { token: string; id: number; email: string }

async function customer(name: string): Promise<Customer> {
  const email = `${name}.${++users}@races.example.com`;
  const token = await t.signUp(email);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  return { token, id, email };
}

const fund = (user: number, currency: number, amount: string) => fundUser(db(), user, currency, amount);

const canWithdraw = (user: number) => allowWithdrawals(db(), user);

async function upload(token: string): Promise<string> {
  const { payload, headers } = multipart({ filename: 'file.png', type: 'image/png', data: PNG_1X1 });
  const r = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: token } })).json();
  expect(r.type).toBe('ok');
  return r.message as string;
}

async function saveAddress(c: Customer, currency: number, address: string): Promise<number> {
  const r = await t.call('POST /user/wallet/save', { currency, name: 'wallet', address, qrcode: await upload(c.token) }, { token: c.token });
  expect(r.type).toBe('ok');
  return r.message.id as number;
}

const balance = async (c: Customer, currency: number, type: 'change' | 'lever' = 'change') => {
  const b = (await t.call('POST /wallet/detail', { currency, type }, { token: c.token })).message;
  return { available: b[`${type}_balance`] as string, frozen: b.frozen as string };
};
/** A withdrawal as the platform's app sends it: to a saved address named by its text. */
const toAddress = (address: string, currency: number, number: string) => ({ address, currency, type: 0, number, pay_password: PAY });

const keyed = (key: string) => ({ 'idempotency-key': key });

/** The latest code of an address and scene, as stored. */
const codeRow = (address: string, scene: string) => db().selectFrom('verification_codes').select(['attempts', 'used_at'])
  .where('address', '=', address).where('scene', '=', scene).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

/** `n` different six-digit codes, none of them `right`. */
const wrongCodes = (right: string, n: number) => times(n, (i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));

describe('verification codes: five wrong tries, counted under any concurrency', () => {
  const WRONG = racing(300, 40);

  /**
   * WRONG wrong codes at once, then the right one: exactly MAX_ATTEMPTS tries are counted, the code is dead
   * and the right code is refused.
   */
  async function bruteForce(address: string, scene: string, attempt: (code: string) => ReturnType<TestApp['call']>): Promise<void> {
    const right = await t.lastCode(address);
    const answers = await Promise.all(wrongCodes(right, WRONG).map(attempt));
    expectNoServerError(answers);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ type: 'error', message: en('api.code.invalid') })]));
    const row = await codeRow(address, scene);
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.used_at).not.toBeNull();
    expect(await attempt(right)).toEqual({ type: 'error', message: en('api.code.invalid') });
  }

  test('password reset: the right code after a flood of wrong ones is refused, on several accounts at once', async () => {
    const accounts = await Promise.all(times(4, () => customer('reset')));
    t.advance(61_000); // the resend interval since the registration codes
    for (const a of accounts) expect((await t.call('POST /sms_mail', { user_string: a.email, scene: 'forget' })).type).toBe('ok');
    const reset = (a: Customer) => (code: string) => t.call('POST /user/forget', { user_string: a.email, code, password: 'Taken-over-1', re_password: 'Taken-over-1' });
    await Promise.all(accounts.map((a) => bruteForce(a.email, 'forget', reset(a))));
    for (const a of accounts) {
      expect((await t.call('POST /user/login', { user_string: a.email, password: 'Taken-over-1' })).type).toBe('error');
      expect((await t.call('GET /user/info', {}, { token: a.token })).type).toBe('ok'); // sessions were not revoked
    }
  }, 180_000);

  test('registration and checking a code (check_email) count the same tries', async () => {
    const emails = times(2, (i) => `newcomer.${i}.${++users}@races.example.com`);
    for (const email of emails) expect((await t.call('POST /sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
    await bruteForce(emails[0], 'register', (code) => t.call('POST /user/register', { user_string: emails[0], code, password: 'secret-pass', re_password: 'secret-pass' }));
    await bruteForce(emails[1], 'register', (code) => t.call('POST /user/check_email', { user_string: emails[1], scene: 'register', email_code: code }));
    const registered = await db().selectFrom('users').select('id').where('email', 'in', emails).execute();
    expect(registered).toEqual([]);
  }, 180_000);

  test('the payment password and binding a phone count the same tries', async () => {
    const [payer, phone] = [await customer('payer'), await customer('phone')];
    t.advance(61_000);
    expect((await t.call('POST /sms_mail', { user_string: payer.email, scene: 'pay_password' })).type).toBe('ok');
    await bruteForce(payer.email, 'pay_password', (code) => t.call('POST /safe/update_password', { password: PAY, re_password: PAY, code }, { token: payer.token }));
    const mobile = String(61_000_000 + users);
    expect((await t.call('POST /sms_send', { area_code: '+852', mobile }, { token: phone.token })).type).toBe('ok');
    await bruteForce(`+852 ${mobile}`, 'bind_mobile', (code) => t.call('POST /safe/mobile', { area_code: '+852', mobile, code }, { token: phone.token }));
    const rows = await db().selectFrom('users').select(['id', 'pay_password_hash', 'mobile']).where('id', 'in', [payer.id, phone.id]).orderBy('id').execute();
    expect(rows.map((r) => [r.pay_password_hash, r.mobile])).toEqual([[null, null], [null, null]]);
  }, 180_000);
});

describe('a right code is used once, however many requests carry it', () => {
  const SAME = racing(20, 6);

  test('password reset: one request resets, with its password', async () => {
    const a = await customer('once');
    t.advance(61_000);
    await t.call('POST /sms_mail', { user_string: a.email, scene: 'forget' });
    const code = await t.lastCode(a.email);
    const passwords = times(SAME, (i) => `New-password-${i}`);
    const answers = await Promise.all(passwords.map((password) => t.call('POST /user/forget', { user_string: a.email, code, password, re_password: password })));
    expectNoServerError(answers);
    const won = answers.flatMap((r, i) => (r.type === 'ok' ? [passwords[i]] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.type !== 'ok')).toEqual(times(SAME - 1, () => ({ type: 'error', message: en('api.code.invalid') })));
    const { password_hash } = await db().selectFrom('users').select('password_hash').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(won[0], password_hash)).toBe(true);
  }, 60_000);

  test('registration: one account', async () => {
    const email = `once.register.${++users}@races.example.com`;
    await t.call('POST /sms_mail', { user_string: email, scene: 'register' });
    const code = await t.lastCode(email);
    const answers = await Promise.all(times(SAME, () => t.call('POST /user/register', { user_string: email, code, password: 'secret-pass', re_password: 'secret-pass' })));
    expectNoServerError(answers);
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(1);
    for (const r of answers.filter((a) => a.type !== 'ok')) expect([en('api.code.invalid'), en('api.account.exists')]).toContain(r.message);
    expect(await db().selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  }, 60_000);

  test('the payment password: one request sets it, with its password', async () => {
    const a = await customer('paypass');
    t.advance(61_000);
    await t.call('POST /sms_mail', { user_string: a.email, scene: 'pay_password' });
    const code = await t.lastCode(a.email);
    const passwords = times(SAME, (i) => `Pay-secret-${i}`);
    const answers = await Promise.all(passwords.map((password) => t.call('POST /safe/update_password', { password, re_password: password, code }, { token: a.token })));
    expectNoServerError(answers);
    const won = answers.flatMap((r, i) => (r.type === 'ok' ? [passwords[i]] : []));
    expect(won).toHaveLength(1);
    const { pay_password_hash } = await db().selectFrom('users').select('pay_password_hash').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(won[0], pay_password_hash)).toBe(true);
  }, 60_000);

  test('binding a phone: bound once; two accounts racing for one number: one gets it', async () => {
    const [a, b, c] = [await customer('bind'), await customer('bind'), await customer('bind')];
    const mobile = String(62_000_000 + users);
    await t.call('POST /sms_send', { area_code: '+852', mobile }, { token: a.token });
    const code = await t.lastCode(`+852 ${mobile}`);
    const answers = await Promise.all(times(SAME, () => t.call('POST /safe/mobile', { area_code: '+852', mobile, code }, { token: a.token })));
    expectNoServerError(answers);
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(1);

    // Two accounts sending the right code for one number at once: one of them gets it.
    const other = String(63_000_000 + users);
    await t.call('POST /sms_send', { area_code: '+852', mobile: other }, { token: b.token });
    const forBoth = await t.lastCode(`+852 ${other}`);
    const both = await Promise.all(times(2 * SAME, (i) => t.call('POST /safe/mobile', { area_code: '+852', mobile: other, code: forBoth }, { token: (i % 2 ? b : c).token })));
    expectNoServerError(both);
    expect(both.filter((r) => r.type === 'ok')).toHaveLength(1);
    for (const r of both.filter((a) => a.type !== 'ok')) expect([en('api.code.invalid'), en('api.mobile.taken'), en('api.mobile.already_bound')]).toContain(r.message);
    expect(await db().selectFrom('users').select('id').where('mobile', '=', other).where('id', 'in', [b.id, c.id]).execute()).toHaveLength(1);
  }, 60_000);

  test('sending codes: one code per address per minute, however many ask at once', async () => {
    const email = `flood.${++users}@races.example.com`;
    const answers = await Promise.all(times(racing(30, 8), () => t.call('POST /sms_mail', { user_string: email, scene: 'register' })));
    expectNoServerError(answers);
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(await db().selectFrom('verification_codes').select('id').where('address', '=', email).execute()).toHaveLength(1);
  });
});

describe('money endpoints: concurrent keyed requests end in a business answer, never a deadlock', () => {
  const N = racing(100, 30);
  const businessRefusals = () => new Set([en('error.insufficient_balance'), en('api.idempotency.reused')]);

  function expectBusinessAnswers(answers: Array<{ type: string; message: unknown }>): void {
    expectNoServerError(answers);
    for (const r of answers) if (r.type !== 'ok') expect(businessRefusals()).toContain(r.message);
  }

  async function withdrawer(name: string): Promise<Customer & { address: number; voucher: string }> {
    const c = await customer(name);
    await canWithdraw(c.id);
    return { ...c, address: await saveAddress(c, USDT, TRON), voucher: await upload(c.token) };
  }

  /** N requests of one customer at once, each with its own Idempotency-Key: only business refusals come back. */
  async function keyedAtOnce(c: Customer, endpoint: string, body: Record<string, unknown>) {
    const answers = await Promise.all(times(N, (i) => t.call(endpoint, body, { token: c.token, headers: keyed(`${endpoint.replace(/[^A-Za-z0-9]+/g, '-')}-${c.id}-${i}`) })));
    expectBusinessAnswers(answers);
    return answers;
  }

  test(`withdrawals: ${N} keyed at once on a balance that covers 37`, async () => {
    const c = await withdrawer('withdraw');
    await fund(c.id, USDT, '740');
    const answers = await keyedAtOnce(c, 'POST /wallet/out', toAddress(TRON, USDT, '20'));
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(Math.min(37, N));
    expect(await balance(c, USDT)).toMatchObject({ available: new D(740).minus(20 * Math.min(37, N)).toFixed(), frozen: String(20 * Math.min(37, N)) });
    await expectReconciled();
  }, 180_000);

  test(`transfers: ${N} keyed at once on a balance that covers 60`, async () => {
    const c = await customer('transfer');
    await fund(c.id, USDT, '60');
    const answers = await keyedAtOnce(c, 'POST /wallet/change', { currency_id: USDT, number: '1', from_field: 'change', to_field: 'lever' });
    const moved = Math.min(60, N);
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(moved);
    expect((await balance(c, USDT, 'lever')).available).toBe(String(moved));
    await expectReconciled();
  }, 180_000);

  test(`exchange: ${N} keyed at once on a balance that covers 50`, async () => {
    const c = await customer('exchange');
    await fund(c.id, USDT, '500');
    const answers = await keyedAtOnce(c, 'POST /user/Transfer', { number: '10', from_currency_id: USDT, to_currency_id: BTC });
    const ok = answers.filter((r) => r.type === 'ok');
    expect(ok).toHaveLength(Math.min(50, N));
    expect((await balance(c, BTC)).available).toBe(ok.reduce((s, r) => s.plus(r.message.receive), new D(0)).toFixed());
    await expectReconciled();
  }, 180_000);

  test(`deposit declarations: ${N} keyed at once, each recorded once`, async () => {
    const c = await withdrawer('deposit');
    const answers = await keyedAtOnce(c, 'POST /wallet/charge_req', { currency: USDT, chain: 'TRC20', amount: '10', account: c.voucher });
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(N);
    expect(await db().selectFrom('deposits').select('id').where('user_id', '=', c.id).execute()).toHaveLength(N);
  }, 180_000);

  test('every money endpoint at once for one user, with operators approving deposits meanwhile', async () => {
    const c = await withdrawer('everything');
    await fund(c.id, USDT, '1000');
    const pending = await Promise.all(times(10, (i) => t.call('POST /wallet/charge_req',
      { currency: USDT, chain: 'TRC20', amount: '10', account: c.voucher }, { token: c.token, headers: keyed(`pending-${c.id}-${i}`) })));
    expect(pending.map((p) => p.type)).toEqual(times(10, () => 'ok'));
    const each = Math.ceil(N / 4);
    const requests = [
      ...times(each, (i) => t.call('POST /wallet/out', toAddress(TRON, USDT, '20'), { token: c.token, headers: keyed(`all-out-${c.id}-${i}`) })),
      ...times(each, (i) => t.call('POST /wallet/change', { currency_id: USDT, number: '5', from_field: 'change', to_field: 'lever' }, { token: c.token, headers: keyed(`all-tr-${c.id}-${i}`) })),
      ...times(each, (i) => t.call('POST /wallet/change', { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' }, { token: c.token, headers: keyed(`all-back-${c.id}-${i}`) })),
      ...times(each, (i) => t.call('POST /user/Transfer', { number: '5', from_currency_id: USDT, to_currency_id: BTC }, { token: c.token, headers: keyed(`all-ex-${c.id}-${i}`) })),
      ...times(each, (i) => t.call('POST /wallet/charge_req', { currency: USDT, chain: 'TRC20', amount: '10', account: c.voucher }, { token: c.token, headers: keyed(`all-in-${c.id}-${i}`) })),
    ];
    const approvals = pending.map((p) => approveDeposit(t.app.services, p.message.id));
    const answers = await Promise.all(requests);
    await Promise.all(approvals);
    expectBusinessAnswers(answers);
    await expectReconciled();
  }, 180_000);

  test('withdrawals to an address deleted meanwhile: recorded before it went, or refused as not found', async () => {
    const c = await withdrawer('deleted');
    await fund(c.id, USDT, '10000');
    const outs = times(racing(40, 10), (i) => t.call('POST /wallet/out',
      toAddress(TRON, USDT, '20'), { token: c.token, headers: keyed(`deleted-${c.id}-${i}`) }));
    await Promise.race(outs); // the others are on their way: past the address check, waiting for the user's row
    expect(await t.call('POST /user/wallet/del', { id: c.address }, { token: c.token })).toEqual({ type: 'ok', message: en('api.payee.address_deleted') });
    const answers = await Promise.all(outs);
    expectNoServerError(answers);
    for (const r of answers) if (r.type !== 'ok') expect(r.message).toBe(en('api.payee.address_not_found'));
    const recorded = await db().selectFrom('withdrawals').select('address').where('user_id', '=', c.id).execute();
    expect(recorded).toEqual(answers.filter((r) => r.type === 'ok').map(() => ({ address: TRON })));
    await expectReconciled();
  }, 120_000);

  test('keyed repeats: each key has one effect and every repeat gets its answer; another body with a used key is refused', async () => {
    const c = await withdrawer('repeats');
    await fund(c.id, USDT, '10000');
    const KEYS = racing(10, 4);
    const REPEATS = racing(10, 4);
    const transfers = times(KEYS, (k) => times(REPEATS, () => ({ key: `repeat-tr-${c.id}-${k}`, body: { currency_id: USDT, number: '3', from_field: 'change', to_field: 'lever' } })))
      .flat().concat(times(KEYS, (k) => ({ key: `repeat-tr-${c.id}-${k}`, body: { currency_id: USDT, number: '4', from_field: 'change', to_field: 'lever' } })));
    const withdrawals = times(KEYS, (k) => times(REPEATS, () => ({ key: `repeat-out-${c.id}-${k}`, body: toAddress(TRON, USDT, '25') }))).flat();
    const [tr, out] = await Promise.all([
      Promise.all(transfers.map(({ key, body }) => t.call('POST /wallet/change', body, { token: c.token, headers: keyed(key) }).then((r) => ({ key, r })))),
      Promise.all(withdrawals.map(({ key, body }) => t.call('POST /wallet/out', body, { token: c.token, headers: keyed(key) }).then((r) => ({ key, r })))),
    ]);
    expectBusinessAnswers([...tr, ...out].map((a) => a.r));
    for (const answers of [tr, out]) {
      const byKey = new Map<string, Set<string>>();
      for (const { key, r } of answers) {
        if (r.type !== 'ok') continue;
        byKey.set(key, (byKey.get(key) ?? new Set()).add(JSON.stringify(r.message)));
      }
      expect(byKey.size).toBe(KEYS);
      for (const bodies of byKey.values()) expect(bodies.size).toBe(1); // one answer per key: the first, repeated
    }
    // Whichever body of a transfer key came first, the other one was refused.
    const reused = new Set(tr.filter(({ r }) => r.message === en('api.idempotency.reused')).map(({ key }) => key));
    expect(reused.size).toBe(KEYS);
    expect(out.filter(({ r }) => r.type !== 'ok')).toEqual([]);
    const effects = await db().selectFrom('ledger_entries').select(['cause', sql<number>`count(*)::int`.as('n')])
      .where((eb) => eb.or([eb('cause', '=', 'transfer'), eb('cause', '=', 'withdraw.freeze')]))
      .where('id', 'in', db().selectFrom('ledger_postings as p').innerJoin('ledger_accounts as a', 'a.id', 'p.account_id').select('p.entry_id').where('a.user_id', '=', c.id))
      .groupBy('cause').orderBy('cause').execute();
    expect(effects).toEqual([{ cause: 'transfer', n: KEYS }, { cause: 'withdraw.freeze', n: KEYS }]);
    const lever = tr.filter(({ r }) => r.type === 'ok').reduce((m, { key, r }) => m.set(key, r.message.amount as string), new Map<string, string>());
    expect((await balance(c, USDT, 'lever')).available).toBe([...lever.values()].reduce((s, a) => s.plus(a), new D(0)).toFixed());
    await expectReconciled();
  }, 180_000);
});

describe('limits and one-time decisions under concurrency', () => {
  test('the 24-hour withdrawal limit holds for concurrent requests', async () => {
    const c = await customer('limit');
    await canWithdraw(c.id);
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    await saveAddress(c, BTC, address);
    const limit = Number(WITHDRAW_LIMIT_BTC[1]);
    const n = racing(30, 25);
    const each = (limit / 20).toString();
    await fund(c.id, BTC, String(limit * 2));
    const answers = await Promise.all(times(n, (i) => t.call('POST /wallet/out',
      toAddress(address, BTC, each), { token: c.token, headers: keyed(`limit-${c.id}-${i}`) })));
    expectNoServerError(answers);
    expect(answers.filter((r) => r.type === 'ok')).toHaveLength(20);
    for (const r of answers.filter((a) => a.type !== 'ok')) expect(r.message).toBe(en('api.withdraw.over_limit', { limit: WITHDRAW_LIMIT_BTC[1] }));
    expect((await balance(c, BTC)).frozen).toBe(String(limit));
    await expectReconciled();
  }, 120_000);

  test(`saved addresses: at most ${MAX_WALLET_ADDRESSES} and each once, however many saves race`, async () => {
    const c = await customer('addresses');
    const qrcode = await upload(c.token);
    const save = (address: string) => t.call('POST /user/wallet/save', { currency: USDT, name: 'wallet', address, qrcode }, { token: c.token });
    const same = await Promise.all(times(racing(20, 5), () => save(tron(0))));
    expectNoServerError(same);
    expect(same.filter((r) => r.type === 'ok')).toHaveLength(1);
    for (const r of same.filter((a) => a.type !== 'ok')) expect(r.message).toBe(en('api.payee.address_exists'));
    const many = await Promise.all(times(MAX_WALLET_ADDRESSES + 10, (i) => save(tron(i + 1))));
    expectNoServerError(many);
    expect(many.filter((r) => r.type === 'ok')).toHaveLength(MAX_WALLET_ADDRESSES - 1);
    for (const r of many.filter((a) => a.type !== 'ok')) expect(r.message).toBe(en('api.payee.too_many', { max: MAX_WALLET_ADDRESSES }));
    expect(await db().selectFrom('wallet_addresses').select('id').where('user_id', '=', c.id).execute()).toHaveLength(MAX_WALLET_ADDRESSES);
  }, 120_000);

  test('a bank card saved by concurrent requests is one card', async () => {
    const c = await customer('card');
    const card = (i: number) => ({
      real_name: 'Ann Lee', bank_account: `6222021234567${String(i).padStart(3, '0')}`, iban: '1234567890123', bank_name: 'Bank of Example',
      bank_address: '1 Main Street, Springfield', bank_network: 'Springfield Branch', bank_code: 'BKCHCNBJ', phone: '+86 138 0013 8000',
      bank_dizhi: '22 Elm Road #5, Springfield', aba_number: '021000021',
    });
    const answers = await Promise.all(times(racing(20, 5), (i) => t.call('POST /user/cash_save', card(i), { token: c.token })));
    expectNoServerError(answers);
    expect(answers.every((r) => r.type === 'ok')).toBe(true);
    expect(await db().selectFrom('bank_cards').select('kind').where('user_id', '=', c.id).execute()).toEqual([{ kind: 'domestic' }]);
  });

  test('identity verification: submitted once at a time, and decided once', async () => {
    const c = await customer('kyc');
    await db().updateTable('users').set({ mobile: String(64_000_000 + users), area_code: '+852' }).where('id', '=', c.id).execute();
    const basic = { real_type: 1, id_type: 1, name: 'Ann Lee', card_id: 'E12345678', address: '12 Harbour Road' };
    const submitted = await Promise.all(times(racing(20, 5), () => t.call('POST /user/real', basic, { token: c.token })));
    expectNoServerError(submitted);
    expect(submitted.filter((r) => r.type === 'ok')).toHaveLength(1);
    for (const r of submitted.filter((a) => a.type !== 'ok')) expect(r.message).toBe(en('api.kyc.pending'));
    const { id } = await db().selectFrom('identity_submissions').select('id').where('user_id', '=', c.id).executeTakeFirstOrThrow();
    const decisions = await Promise.allSettled(times(10, (i) => (i % 2 ? approveIdentity(db(), Number(id)) : rejectIdentity(db(), Number(id), 'blurred'))));
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    for (const d of decisions) if (d.status === 'rejected') expect(String(d.reason)).toMatch(/already reviewed/);
    const user = await db().selectFrom('users').select(['real_level', 'real_state']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect([[1, 2], [0, 3]]).toContainEqual([user.real_level, user.real_state]);
    expectNoServerError([]);
  });

  test('a deposit under review is decided once: credited at most once', async () => {
    const c = await customer('review-deposit');
    const r = await t.call('POST /wallet/charge_req', { currency: USDT, chain: 'TRC20', amount: '100', account: await upload(c.token) }, { token: c.token });
    const id = r.message.id as number;
    const decisions = await Promise.allSettled(times(10, (i) => (i % 2 ? approveDeposit(t.app.services, id) : rejectDeposit(db(), id, 'no such transfer'))));
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    const { status } = await db().selectFrom('deposits').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await balance(c, USDT)).available).toBe(status === 1 ? '100' : '0');
    expectNoServerError([]);
    await expectReconciled();
  });

  test('a withdrawal under review is paid or unfrozen once', async () => {
    const c = await customer('review-withdrawal');
    await canWithdraw(c.id);
    await fund(c.id, USDT, '100');
    await saveAddress(c, USDT, TRON);
    const r = await t.call('POST /wallet/out', toAddress(TRON, USDT, '100'), { token: c.token });
    const id = r.message.id as number;
    const decisions = await Promise.allSettled(times(10, (i) => (i % 2 ? payWithdrawal(db(), id) : rejectWithdrawal(db(), id, 'wrong chain'))));
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    const { status } = await db().selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await balance(c, USDT)).toMatchObject({ available: status === 1 ? '0' : '100', frozen: '0' });
    expectNoServerError([]);
    await expectReconciled();
  });
});

