/**
 * The clients' accounts, set up through the API and the operator commands as a user and an operator would:
 * - the seeded demo account (DEMO_PASSWORD, funded by the seed), which also gets what a withdrawal needs: a
 *   bound phone, identity Lv1 (submitted, then approved with `approve-identity`), a payment password and a
 *   saved bank card;
 * - new accounts, registered with the code the server logs (`mail sent`) and funded by a deposit of USDT and
 *   one of BTC that an operator approves (`approve-deposit`). They do not withdraw: a payment password needs a
 *   second code to the same email, which the server sends only a minute after the first.
 */
import { DEMO_EMAIL } from '../../src/server/seed';
import { Api, freshClientAddress, okMessage } from './api';
import { opsOk } from './ops';
import type { ServerProcess } from './server';

export interface Account { name: string; email: string; token: string; payPassword?: string }

const LOGIN_PASSWORD = 'chaos-login-1';
const PAY_PASSWORD = 'chaos-pay-1';
/** A valid 1x1 PNG, the deposits' payment voucher. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const DEPOSITS = [{ currency: '3', chain: 'TRC20', amount: '10000' }, { currency: '1', chain: 'BTC', amount: '0.5' }];

export interface SetupContext { api: Api; server: ServerProcess; dataDir: string; demoPassword: string }

async function login(api: Api, email: string, password: string): Promise<string> {
  return okMessage(await api.call('POST /user/login', { user_string: email, password }), `login of ${email}`);
}

/** Sends a code for `scene` (by `send`) and returns it, read from the server's log. */
async function codeFor(ctx: SetupContext, address: string, send: () => Promise<unknown>): Promise<string> {
  const before = ctx.server.codesSent(address);
  await send();
  return ctx.server.code(address, before);
}

async function enableWithdrawals(ctx: SetupContext, email: string, token: string): Promise<string> {
  const { api } = ctx;
  const as = { token };
  const mobile = { area_code: '+44', mobile: '7700900123' };
  const mobileCode = await codeFor(ctx, `${mobile.area_code} ${mobile.mobile}`, async () =>
    okMessage(await api.call('POST /sms_send', { ...mobile, scene: 'bind_mobile' }, as), 'sending the phone code'));
  okMessage(await api.call('POST /safe/mobile', { ...mobile, code: mobileCode }, as), 'binding the phone');
  okMessage(await api.call('POST /user/real', {
    real_type: '1', id_type: '1', name: 'Chaos Monkey', card_id: 'P1234567', address: '1 Test Street, Testtown',
  }, as), 'submitting identity Lv1');
  const submission = (await opsOk(ctx.dataDir, 'identity')).map((line) => /^#(\d+)\s+(\S+)/.exec(line)).find((m) => m?.[2] === email);
  if (!submission) throw new Error(`the identity submission of ${email} is not under review`);
  await opsOk(ctx.dataDir, 'approve-identity', submission[1]);
  const payCode = await codeFor(ctx, email, async () =>
    okMessage(await api.call('POST /sms_mail', { user_string: email, scene: 'pay_password' }), 'sending the payment password code'));
  okMessage(await api.call('POST /safe/update_password', { password: PAY_PASSWORD, re_password: PAY_PASSWORD, code: payCode }, as), 'setting the payment password');
  okMessage(await api.call('POST /user/cash_save', {
    real_name: 'Chaos Monkey', bank_account: '4000 0000 0000 0002', iban: '12345678', bank_name: 'Test Bank',
    bank_address: '1 Bank Street, Testtown', bank_network: 'Test Network', bank_code: 'TESTGB2L', phone: '+44 7700900123',
    bank_dizhi: '1 Test Street, Testtown', aba_number: 'TB-001',
  }, as), 'saving the bank card');
  return PAY_PASSWORD;
}

async function demoAccount(setup: SetupContext): Promise<Account> {
  const ctx = { ...setup, api: setup.api.from(freshClientAddress()) };
  const token = await login(ctx.api, DEMO_EMAIL, ctx.demoPassword);
  return { name: 'demo', email: DEMO_EMAIL, token, payPassword: await enableWithdrawals(ctx, DEMO_EMAIL, token) };
}

async function newAccount(setup: SetupContext, n: number): Promise<Account> {
  const ctx = { ...setup, api: setup.api.from(freshClientAddress()) };
  const { api } = ctx;
  const email = `chaos-${n}@example.com`;
  const code = await codeFor(ctx, email, async () =>
    okMessage(await api.call('POST /sms_mail', { user_string: email, scene: 'register' }), `sending the registration code to ${email}`));
  okMessage(await api.call('POST /user/register', { user_string: email, code, password: LOGIN_PASSWORD, re_password: LOGIN_PASSWORD }), `registering ${email}`);
  const token = await login(api, email, LOGIN_PASSWORD);
  const voucher = okMessage(await api.upload(token, PNG_1X1), 'uploading the deposit voucher');
  for (const deposit of DEPOSITS) {
    const declared = okMessage(await api.call('POST /wallet/charge_req', { ...deposit, account: voucher }, { token }), `declaring a deposit of ${email}`);
    await opsOk(ctx.dataDir, 'approve-deposit', String(declared.id));
  }
  return { name: `client ${n}`, email, token };
}

/** The demo account and `count - 1` new ones, set up concurrently. */
export async function setUpAccounts(ctx: SetupContext, count: number): Promise<Account[]> {
  return Promise.all([demoAccount(ctx), ...Array.from({ length: count - 1 }, (_, i) => newAccount(ctx, i + 1))]);
}
