/**
 * The payment password and withdrawals (to saved wallet addresses) through the real app: every refusal moves
 * nothing; payouts and rejections balance. Saved destinations and cards: payees.test.ts.
 */
import { sql } from 'kysely';
import { ACCOUNT_TYPES, platformBalances, post, totalsByCurrency } from '../../src/server/ledger';
import { payWithdrawal, pendingWithdrawals, rejectWithdrawal } from '../../src/server/modules/wallet/withdrawalReview';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let cal: string;
let calId: number;
const USDT = 3;
const BTC = 1;
/** Cal's saved addresses: USDT on TRC20, BTC. */
const USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const EMAIL = 'cal.withdraw@example.com';
const LOGIN_PASSWORD = 'Login-pass-1';
const PAY = 'Pay-secret-7';

beforeAll(async () => {
  t = await createTestApp();
  cal = await t.signUp(EMAIL, LOGIN_PASSWORD);
  calId = (await t.call('GET /user/info', {}, { token: cal })).message.id;
  await t.app.services.db.transaction().execute(async (trx) => {
    for (const [currency, amount] of [[USDT, '5000'], [BTC, '250']] as const) {
      await post(trx, { cause: 'deposit', ref: 'test', legs: [
        { account: { platform: 'outside', currency }, amount: `-${amount}` },
        { account: { user: calId, currency, type: ACCOUNT_TYPES.change }, amount },
      ] });
    }
  });
  const { payload, headers } = multipart({ filename: 'qr.png', type: 'image/png', data: PNG_1X1 });
  const qrcode = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: cal } })).json().message;
  const save = async (currency: number, address: string) =>
    expect((await t.call('POST /user/wallet/save', { currency, name: 'My wallet', address, qrcode }, { token: cal })).type).toBe('ok');
  await save(USDT, USDT_ADDRESS);
  await save(BTC, BTC_ADDRESS);
}, 60_000);
afterAll(async () => { await t?.close(); });

const spot = async (currency = USDT) => {
  const { change_balance: available, frozen, locked } = (await t.call('POST /wallet/detail', { currency, type: 'change' }, { token: cal })).message;
  return { available, frozen, locked };
};
/** As the platform's app sends it: the saved address's text, type 0, the fee it showed (`rate`, not used). */
const withdraw = (input: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call('POST /wallet/out', { address: USDT_ADDRESS, currency: USDT, number: '100', rate: '1', type: 0, pay_password: PAY, ...input }, { token: cal, headers });
const withdrawBtc = (number: string) => withdraw({ address: BTC_ADDRESS, currency: BTC, number });
const payCode = async () => {
  t.advance(61_000); // the resend interval since the registration code
  expect((await t.call('POST /sms_mail', { user_string: EMAIL, scene: 'pay_password' })).type).toBe('ok');
  return t.lastCode(EMAIL);
};

test('withdrawing needs a payment password first, then identity Lv1', async () => {
  expect(await withdraw({})).toEqual({ type: 'error', message: 'Please set the transaction password first' });
  const code = await payCode();
  expect((await t.call('POST /safe/update_password', { password: PAY, re_password: 'Other-pass-7', code }, { token: cal })).message)
    .toBe('The two passwords are inconsistent');
  expect((await t.call('POST /safe/update_password', { password: LOGIN_PASSWORD, re_password: LOGIN_PASSWORD, code }, { token: cal })).message)
    .toBe('The transaction password must differ from the login password');
  expect((await t.call('POST /safe/update_password', { password: PAY, re_password: PAY, code, email: 'someone.else@example.com' }, { token: cal })).message)
    .toBe('The code was sent to another address: use the email of your account');
  expect((await t.call('POST /safe/update_password', { password: PAY, re_password: PAY, code: '000000' }, { token: cal })).message)
    .toBe('The verification code is wrong or has expired');
  expect(await t.call('POST /safe/update_password', { password: PAY, re_password: PAY, code }, { token: cal }))
    .toEqual({ type: 'ok', message: 'The transaction password has been set' });
  expect((await t.call('GET /user/info', {}, { token: cal })).message.has_pay_password).toBe(true);
  expect(await withdraw({})).toEqual({ type: '998', message: 'Complete identity verification (Lv1) before withdrawing' });
  await t.app.services.db.updateTable('users').set({ real_state: 2, real_level: 1 }).where('id', '=', calId).execute();
});

test('bad withdrawals get a clear message and move nothing', async () => {
  // Balances only: the USDT value moves with the market while the cases run.
  const balances = async () => [await spot(USDT), await spot(BTC)];
  const before = await balances();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ pay_password: 'Wrong-pass-1' }, 'The transaction password is wrong'],
    [{ number: '19' }, 'The minimum withdrawal is 20 USDT'],
    [{ number: '100.000000001' }, 'at most 8 decimals'],
    [{ number: '99999' }, 'Insufficient balance'],
    [{ chain: 'ERC20' }, 'This address does not exist'],
    [{ currency: BTC }, 'This address does not exist'],
    [{ address: 'TXn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, 'This address does not exist'],
    [{ address: undefined }, 'Please choose a withdrawal address or bank card'],
    [{ address: ' ' }, 'Please choose a withdrawal address or bank card'],
    [{ type: 3 }, 'Please choose a withdrawal address or bank card'],
    [{ type: 1 }, 'Please add your bank card first'],
    [{ type: 2 }, 'Please add your international bank card first'],
    [{ currency: undefined }, 'Please choose a currency'],
    [{ number: undefined }, 'Please enter the correct amount'],
    [{ pay_password: undefined }, 'Please enter the transaction password'],
    [{ address: BTC_ADDRESS, currency: BTC, number: '201' }, 'This exceeds your 24-hour withdrawal limit of 200 BTC'],
  ];
  for (const [input, message] of cases) {
    const r = await withdraw(input);
    expect([input, r.type]).toEqual([input, 'error']);
    expect(r.message).toContain(message);
  }
  expect(await balances()).toEqual(before);
  expect((await t.call('GET /user/withdraw/list', {}, { token: cal })).message.total).toBe(0);
});

test('a withdrawal freezes the amount; paid out, the amount minus the fee leaves and the fee stays with the platform', async () => {
  const r = await withdraw({ number: '100' }, { 'idempotency-key': 'withdraw-0001' });
  expect(r.message).toMatchObject({
    currency: USDT, name: 'USDT', type: 0, chain: 'TRC20', address: USDT_ADDRESS, number: '100', fee: '1', receive: '99', status: 0, create_time: expect.any(String),
  });
  // The fee the app showed is not used: the fee recorded is the chain's.
  expect((await t.call('POST /wallet/get_info', { currency: USDT, address: USDT_ADDRESS, number: '100' }, { token: cal })).message)
    .toMatchObject({ min_number: '20', rate: '1', chain: 'TRC20', type: 0, address: USDT_ADDRESS, number: '100', receive: '99' });
  expect(await withdraw({ number: '100' }, { 'idempotency-key': 'withdraw-0001' })).toEqual(r); // a retry moves nothing
  expect(await spot()).toMatchObject({ available: '4900', frozen: '100' });
  expect((await pendingWithdrawals(t.app.services.db)).map((w) => w.id)).toContain(r.message.id);
  await payWithdrawal(t.app.services.db, r.message.id);
  await expect(payWithdrawal(t.app.services.db, r.message.id)).rejects.toThrow(/already reviewed/);
  expect(await spot()).toMatchObject({ available: '4900', frozen: '0' });
  const fees = (await platformBalances(t.app.services.db)).find((b) => b.owner === 'platform:fees' && b.currency_id === USDT);
  expect(fees?.balance).toBe('1');
  const list = (await t.call('GET /user/withdraw/list', {}, { token: cal })).message;
  expect(list.data[0]).toMatchObject({ id: r.message.id, number: '100', name: 'USDT', status: 1, reviewed_at: expect.any(String) });
});

test('a rejected withdrawal is unfrozen with its reason; the 24-hour limit counts what was not rejected', async () => {
  const big = await withdrawBtc('150');
  expect(big.type).toBe('ok');
  expect((await withdrawBtc('60')).message).toBe('This exceeds your 24-hour withdrawal limit of 200 BTC');
  await expect(rejectWithdrawal(t.app.services.db, big.message.id, ' ')).rejects.toThrow(/reason/);
  await rejectWithdrawal(t.app.services.db, big.message.id, 'Address failed screening');
  expect(await spot(BTC)).toMatchObject({ available: '250', frozen: '0' });
  expect((await t.call('GET /user/withdraw/list', {}, { token: cal })).message.data[0]).toMatchObject({ status: 2, reason: 'Address failed screening' });
  expect((await withdrawBtc('60')).type).toBe('ok');
  // A day later the earlier withdrawals no longer count.
  await t.app.services.db.updateTable('withdrawals').set({ created_at: sql`created_at - interval '25 hours'` }).where('user_id', '=', calId).execute();
  expect((await withdrawBtc('150')).type).toBe('ok');
  for (const [currency, total] of await totalsByCurrency(t.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
});
