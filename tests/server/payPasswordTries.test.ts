/**
 * Wrong payment passwords are limited per account (issue 21, item 3), on every path that checks one
 * (withdrawals, lock mining, dual investment, IEO, contract orders); past the limit the account is told when
 * to try again and no hash is computed; a right password or a new one starts again; right ones arriving
 * together are all accepted. The race runs on PostgreSQL with DATABASE_URL.
 */
import crypto from 'node:crypto';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { LIMITS } from '../../src/server/throttle';
import { fund } from './money';
import { createTestApp, type TestApp } from './helpers';

const PAY = 'Pay-secret-7';
const MAX = LIMITS['wrongPayPasswordsPerAccount'].max;
const USDT = 3;
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

let accounts = 0;
async function payer(): Promise<{ token: string; id: number; email: string }> {
  accounts += 1;
  const email = `payer${accounts}@example.com`;
  const token = await t.signUp(email, 'Login-pass-1');
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  await t.app.services.db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY), real_state: 2, real_level: 1 }).where('id', '=', id).execute();
  await fund(t.app.services.db, id, USDT, '10000');
  return { token, id, email };
}

const lock = (token: string, pay_password: string, lang = 'en') =>
  t.call('POST /lh/deposit', { config_id: 1, amount: '1000', pay_password, lang }, { token });
const withdraw = (token: string, pay_password: string) =>
  t.call('POST /wallet/out', { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', currency: USDT, number: '100', type: 0, pay_password }, { token });

const WRONG = { type: 'error', message: 'The transaction password is wrong' };
const LOCKED = { type: 'error', message: 'Too many wrong payment passwords. Please try again in 60 minutes, or set a new payment password.' };

test('past the limit, on any path, the account is told when to try again and no hash is computed', async () => {
  const { token } = await payer();
  for (let i = 0; i < MAX; i++) expect(await (i % 2 ? withdraw : lock)(token, `Wrong-${i}`)).toEqual(WRONG);
  const hashes = jest.spyOn(crypto, 'scrypt');
  try {
    expect(await lock(token, PAY)).toEqual(LOCKED);
    expect(await withdraw(token, PAY)).toEqual(LOCKED);
    expect((await lock(token, PAY, 'ru')).message).toBe('Слишком много неверных паролей для операций. Повторите через 60 минут или задайте новый пароль для операций.');
    expect(hashes).not.toHaveBeenCalled();
  } finally {
    hashes.mockRestore();
  }
  t.advance(60 * 60_000 + 1000);
  expect((await lock(token, PAY)).type).toBe('ok');
});

test('a right password starts the count again', async () => {
  const { token } = await payer();
  for (let i = 0; i < MAX - 1; i++) expect(await lock(token, 'Wrong-pass')).toEqual(WRONG);
  expect((await lock(token, PAY)).type).toBe('ok');
  for (let i = 0; i < MAX; i++) expect(await lock(token, 'Wrong-pass')).toEqual(WRONG);
  expect(await lock(token, PAY)).toEqual(LOCKED);
});

test('setting a new payment password (a code sent to the email) starts the count again', async () => {
  const { token, email } = await payer();
  for (let i = 0; i < MAX; i++) await lock(token, 'Wrong-pass');
  expect(await lock(token, PAY)).toEqual(LOCKED);
  t.advance(61_000);
  expect((await t.call('POST /sms_mail', { user_string: email, scene: 'pay_password' })).type).toBe('ok');
  const code = await t.lastCode(email);
  expect((await t.call('POST /safe/update_password', { password: 'New-pay-8', re_password: 'New-pay-8', code }, { token })).type).toBe('ok');
  expect((await lock(token, 'New-pay-8')).type).toBe('ok');
});

test('another account is not affected', async () => {
  const one = await payer();
  const other = await payer();
  for (let i = 0; i < MAX; i++) await lock(one.token, 'Wrong-pass');
  expect((await lock(other.token, PAY)).type).toBe('ok');
});

test('right passwords arriving together are all accepted', async () => {
  const { token } = await payer();
  const answers = await Promise.all(Array.from({ length: 8 }, () => lock(token, PAY)));
  expect(answers.map((a) => a.type)).toEqual(Array(8).fill('ok'));
});

test('concurrent guesses: however many arrive at once, only the limit is checked', async () => {
  const { token } = await payer();
  const hashes = jest.spyOn(crypto, 'scrypt');
  try {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => lock(token, `Wrong-${i}`)));
    expect(answers.filter((a) => a.message === WRONG.message)).toHaveLength(MAX);
    expect(answers.filter((a) => a.message === LOCKED.message)).toHaveLength(30 - MAX);
    expect(hashes).toHaveBeenCalledTimes(MAX);
  } finally {
    hashes.mockRestore();
  }
});
