/**
 * Buying crypto through the real app on a test clock (issue 25): what can be bought and the fee before ordering;
 * refusals that say why and create nothing (an area not served: SPEC 5's "Your area is temporarily not
 * supported!"); a bank transfer to be paid with the beneficiary's details and a deadline, declared done with the
 * buyer's own screenshot only, the operator's confirmation crediting the USDT once, or rejection; the buyer's
 * cancellation; the job cancelling an order whose time has passed; card and wallet orders paid through the
 * simulated provider, whose signed webhook settles them once (a replayed, forged, altered or stale one changes
 * nothing); the ledger clean.
 */
import { D } from '../../src/shared/format/decimal';
import { ACCOUNT_TYPES, balancesOf } from '../../src/server/ledger';
import { fiatArea } from '../../src/server/modules/fiat';
import { SIGNATURE_HEADER, SIMULATED, simulatedProvider } from '../../src/server/modules/fiat/providers';
import { MINUTE_MS } from '../../src/shared/domain/time';
import { uploadImage } from './catalogueRequests';
import { createTestApp, ON_PG, type TestApp } from './helpers';
import { expectLedgerClean } from './money';

const USDT = 3;
const TO_PAY = 0;
const COMPLETED = 1;
const SUCCESSFUL = 2;
const CANCELLED = 3;
const FAILED = 4;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;

beforeAll(async () => { t = await createTestApp({ now: () => new Date(clock.ms) }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const OPTIONS = {
  countries: ['US', 'NG', 'TH', 'ID', 'BR', 'IN', 'VN', 'MX', 'PH'],
  fiats: [{ code: 'USD', usdt_rate: '1', min: '50', max: '50000' }],
  methods: [{ method: 'bank', fee_rate: '0.01', fee_min: '1' }, { method: 'card', fee_rate: '0.035', fee_min: '2' }, { method: 'wallet', fee_rate: '0.025', fee_min: '2' }],
  pay_within_minutes: 1440,
};
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);
const op = (name: string, args: Record<string, string | number>) => fiatArea.ops.find((c) => c.name === name)!.run(t.app.services, args);

let buyers = 0;
async function buyer(): Promise<{ token: string; id: number }> {
  const token = await t.signUp(`buyer${++buyers}@fiat.example.com`);
  return { token, id: (await t.call('GET /user/info', {}, { token })).message.id as number };
}
async function spotUsdt(user: number): Promise<string> {
  const b = (await balancesOf(db(), user)).find((x) => x.currency_id === USDT && x.type === ACCOUNT_TYPES.change);
  return new D(b?.available ?? 0).toFixed();
}
const PAYER = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '+1 555 0100', tax_id: 'TX-1234' };
const order = (token: string, data: Record<string, unknown> = {}) => t.call('POST /fiat/order', { country: 'US', fiat: 'USD', method: 'bank', amount: '1000', ...PAYER, ...data }, { token });
const orders = async (token: string) => (await t.call('GET /fiat/orders', {}, { token })).message.data as Array<Record<string, any>>;

test('what can be bought, and the fee and USDT of an order being typed (USD to USDT 1:1, SPEC 9)', async () => {
  expect((await t.call('GET /fiat/options')).message).toEqual(OPTIONS);
  const quote = async (data: Record<string, string>) => (await t.call('POST /fiat/quote', { country: 'US', fiat: 'USD', method: 'bank', ...data })).message;
  expect(await quote({ amount: '1000' })).toEqual({ fee: '10', receive: '990', rate: '1', problem: null, min: '50', max: '50000', options: OPTIONS });
  expect(await quote({ amount: '60' })).toMatchObject({ fee: '1', receive: '59', rate: '1', problem: null }); // the least fee
  expect(await quote({ amount: '1000', method: 'card' })).toMatchObject({ fee: '35', receive: '965' });
  expect(await quote({ amount: '1000', country: 'KE' })).toMatchObject({ receive: null, problem: 'area_unsupported' });
  expect(await quote({ country: 'KE' })).toMatchObject({ receive: null, problem: 'area_unsupported' }); // told before any amount
  expect(await quote({ amount: '49' })).toMatchObject({ receive: null, problem: 'below_min' });
  expect(await quote({})).toEqual({ fee: null, receive: null, rate: null, problem: null, min: '50', max: '50000', options: OPTIONS });
  expect(await quote({ fiat: 'EUR', amount: '100' })).toMatchObject({ receive: null, problem: 'currency_unsupported', min: null, max: null });
});

test('refusals say why and create nothing', async () => {
  const who = await buyer();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ country: 'KE' }, en('api.fiat.area_unsupported')],
    [{ fiat: 'EUR' }, en('api.fiat.currency_unsupported', { currencies: 'USD' })],
    [{ amount: '49' }, en('api.fiat.below_min', { min: '50', currency: 'USD' })],
    [{ amount: '50001' }, en('api.fiat.above_max', { max: '50000', currency: 'USD' })],
  ];
  for (const [data, message] of cases) expect([data, await order(who.token, data)]).toEqual([data, expect.objectContaining({ type: 'error', message })]);
  expect((await order(who.token, { amount: '100.5' })).type).toBe('error'); // whole units only
  expect((await order(who.token, { tax_id: '' })).type).toBe('error');
  expect(await orders(who.token)).toEqual([]);
  expect((await order('', {})).type).toBe('999'); // log in first
});

test('a bank transfer: to be paid with the bank details and a deadline, declared with the buyer\'s screenshot, confirmed once by the operator', async () => {
  const who = await buyer();
  const other = await buyer();
  const placed = await order(who.token);
  expect(placed).toMatchObject({ type: 'ok', confirmation: en('fiat.ordered') });
  expect(placed.message).toMatchObject({
    fiat: 'USD', method: 'bank', amount: '1000', fee: '10', receive: '990', status: TO_PAY, ...PAYER,
    expires_at: new Date(clock.ms + 1440 * MINUTE_MS).toISOString(), seconds_left: 1440 * 60, voucher_url: null,
    beneficiary: { account_name: 'Harbor Exchange Ltd', iban: 'GB33BUKB20201555555555', country: 'United Kingdom', bic: 'BUKBGB22', bank_name: 'Barclays Bank UK PLC', address: '1 Churchill Place, London E14 5HP' },
  });
  const { id } = placed.message;
  const theirs = await uploadImage(t, other.token);
  expect(await t.call('POST /fiat/order/voucher', { id, voucher: theirs }, { token: who.token })).toMatchObject({ type: 'error', message: en('api.deposit.voucher_missing') });
  expect(await t.call('POST /fiat/order/voucher', { id, voucher: theirs }, { token: other.token })).toMatchObject({ type: 'error', message: en('api.fiat.order_not_found') });
  const mine = await uploadImage(t, who.token);
  const declared = await t.call('POST /fiat/order/voucher', { id, voucher: mine }, { token: who.token });
  expect(declared).toMatchObject({ type: 'ok', confirmation: en('fiat.transfer_completed'), message: { status: COMPLETED, expires_at: null, seconds_left: null, voucher_url: expect.stringContaining('/uploads/') } });
  expect(await t.call('POST /fiat/order/cancel', { id }, { token: who.token })).toMatchObject({ type: 'error', message: en('api.fiat.not_to_pay') });
  expect((await op('fiat-orders', {})).lines.join('\n')).toMatch(new RegExp(`^#${id} .*paid 1000 USD as Ann Lee for 990 USDT`));
  expect(await spotUsdt(who.id)).toBe('0');

  expect((await op('fiat-confirm', { id })).lines).toEqual([`order #${id} paid: 990 USDT credited`]);
  expect(await spotUsdt(who.id)).toBe('990');
  await expect(op('fiat-confirm', { id })).rejects.toThrow(`order ${id} is successful: only a completed transfer can be confirmed`);
  expect(await spotUsdt(who.id)).toBe('990');
  expect((await orders(who.token))[0]).toMatchObject({ id, status: SUCCESSFUL });
  await expectLedgerClean(db());
});

test('the operator rejects a transfer that never arrived; the buyer cancels an order still to be paid', async () => {
  const who = await buyer();
  const { message: a } = await order(who.token);
  await t.call('POST /fiat/order/voucher', { id: a.id, voucher: await uploadImage(t, who.token) }, { token: who.token });
  await op('fiat-reject', { id: a.id, reason: 'No transfer from Ann Lee arrived' });
  expect((await orders(who.token)).find((o) => o.id === a.id)).toMatchObject({ status: FAILED, reason: 'No transfer from Ann Lee arrived' });
  const { message: b } = await order(who.token);
  expect(await t.call('POST /fiat/order/cancel', { id: b.id }, { token: who.token })).toMatchObject({ type: 'ok', confirmation: en('fiat.cancelled'), message: { status: CANCELLED } });
  expect(await spotUsdt(who.id)).toBe('0');
  // The operator's words are shown as written, even one that is also the job's code.
  const { message: c } = await order(who.token);
  await t.call('POST /fiat/order/voucher', { id: c.id, voucher: await uploadImage(t, who.token) }, { token: who.token });
  await op('fiat-reject', { id: c.id, reason: 'expired' });
  expect((await orders(who.token)).find((o) => o.id === c.id)).toMatchObject({ status: FAILED, reason: 'expired' });
  await expectLedgerClean(db());
});

test('the job cancels an order whose time to pay has passed; it can no longer be declared paid', async () => {
  const who = await buyer();
  const { message: placed } = await order(who.token);
  clock.ms += 1439 * MINUTE_MS;
  await t.app.services.jobs.tick();
  expect((await orders(who.token))[0]).toMatchObject({ status: TO_PAY });
  clock.ms += 2 * MINUTE_MS;
  await t.app.services.jobs.tick();
  expect((await orders(who.token))[0]).toMatchObject({ id: placed.id, status: CANCELLED, reason: en('api.fiat.closed_expired'), expires_at: null });
  expect(await t.call('POST /fiat/order/voucher', { id: placed.id, voucher: await uploadImage(t, who.token) }, { token: who.token }))
    .toMatchObject({ type: 'error', message: en('api.fiat.not_to_pay') });
});

(ON_PG ? test : test.skip)('PostgreSQL: two confirmations at once credit once', async () => {
  const who = await buyer();
  const { message: placed } = await order(who.token);
  await t.call('POST /fiat/order/voucher', { id: placed.id, voucher: await uploadImage(t, who.token) }, { token: who.token });
  const outcomes = await Promise.allSettled([op('fiat-confirm', { id: placed.id }), op('fiat-confirm', { id: placed.id })]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  expect(await spotUsdt(who.id)).toBe('990');
  await expectLedgerClean(db());
});

const webhook = (body: string, signature: string, provider = 'simulated') => t.app.inject({
  method: 'POST', url: `/webhooks/fiat/${provider}`, payload: body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
});
const event = (o: Record<string, any>, type = 'payment.succeeded', amount: string = o.amount) => JSON.stringify({ type, payment: { id: paymentOf(o), amount, currency: o.fiat } });
const paymentOf = (o: Record<string, any>) => new URL(o.pay_url, 'http://x').hash.split('payment=')[1];

test('a card purchase through the simulated provider: paid on its page, settled once by its signed webhook', async () => {
  // It credits USDT without any payment: every start says so while a method uses it.
  expect(t.logs.some((l) => l.level === 40 && /SIMULATED provider/.test(l.msg) && String(l.methods) === 'card,wallet')).toBe(true);
  const who = await buyer();
  const placed = await order(who.token, { method: 'card' });
  expect(placed).toMatchObject({ type: 'ok', message: { method: 'card', fee: '35', receive: '965', status: TO_PAY, beneficiary: null, expires_at: new Date(clock.ms + 30 * MINUTE_MS).toISOString() } });
  const o = placed.message;
  expect(o.pay_url).toMatch(new RegExp(`^/#/pages/buy/simulated\\?id=${o.id}&payment=sim_[0-9a-f]{24}$`));
  expect((await t.call('GET /fiat/order', { id: o.id }, { token: who.token })).message).toEqual(o);
  expect(await t.call('POST /fiat/simulated/pay', { payment: paymentOf(o), outcome: 'paid' }, { token: (await buyer()).token }))
    .toMatchObject({ type: 'error', message: en('api.fiat.order_not_found') }); // another user's payment

  expect(await t.call('POST /fiat/simulated/pay', { payment: paymentOf(o), outcome: 'paid' }, { token: who.token })).toMatchObject({ type: 'ok', message: { id: o.id, status: SUCCESSFUL } });
  expect(await spotUsdt(who.id)).toBe('965');
  expect(await t.call('POST /fiat/simulated/pay', { payment: paymentOf(o), outcome: 'paid' }, { token: who.token })).toMatchObject({ type: 'error', message: en('api.fiat.not_to_pay') });

  // The provider delivers again (it retries until it sees a 2xx): received, nothing changes.
  const body = event(o);
  const replay = await webhook(body, SIMULATED.sign(body, new Date(clock.ms)));
  expect([replay.statusCode, replay.json()]).toEqual([200, { message: 'already settled' }]);
  expect(await spotUsdt(who.id)).toBe('965');
  await expectLedgerClean(db());
});

test('a webhook that is forged, altered, stale, for another amount or an unknown provider is refused and changes nothing', async () => {
  const who = await buyer();
  const { message: o } = await order(who.token, { method: 'wallet' });
  const body = event(o);
  const now = new Date(clock.ms);
  const refusals: Array<[string, Awaited<ReturnType<typeof webhook>>, number]> = [
    ['no signature', await webhook(body, ''), 401],
    ['forged', await webhook(body, simulatedProvider('another secret').sign(body, now)), 401],
    ['altered', await webhook(body.replace(o.amount, '1'), SIMULATED.sign(body, now)), 401],
    ['stale', await webhook(body, SIMULATED.sign(body, new Date(clock.ms - 10 * MINUTE_MS))), 401],
    ['another amount', await webhook(event(o, 'payment.succeeded', '1'), SIMULATED.sign(event(o, 'payment.succeeded', '1'), now)), 400],
    ['unknown provider', await webhook(body, SIMULATED.sign(body, now), 'acme'), 404],
  ];
  expect(refusals.map(([what, r]) => [what, r.statusCode])).toEqual(refusals.map(([what, , code]) => [what, code]));
  expect((await t.call('GET /fiat/order', { id: o.id }, { token: who.token })).message).toMatchObject({ status: TO_PAY });
  expect(await spotUsdt(who.id)).toBe('0');

  const declined = event(o, 'payment.failed');
  expect((await webhook(declined, SIMULATED.sign(declined, now))).statusCode).toBe(200);
  expect((await t.call('GET /fiat/order', { id: o.id }, { token: who.token })).message).toMatchObject({ status: FAILED, reason: en('api.fiat.closed_declined') });
  expect(await spotUsdt(who.id)).toBe('0');
});

test('a card payment left unpaid is cancelled by the job after the provider\'s window; money arriving later is still credited', async () => {
  const who = await buyer();
  const { message: o } = await order(who.token, { method: 'card', amount: '100' });
  clock.ms += 31 * MINUTE_MS;
  await t.app.services.jobs.tick();
  expect((await t.call('GET /fiat/order', { id: o.id }, { token: who.token })).message).toMatchObject({ status: CANCELLED });
  const body = event(o);
  expect((await webhook(body, SIMULATED.sign(body, new Date(clock.ms)))).statusCode).toBe(200);
  expect((await t.call('GET /fiat/order', { id: o.id }, { token: who.token })).message).toMatchObject({ status: SUCCESSFUL, receive: '96.5' });
  expect(await spotUsdt(who.id)).toBe('96.5');
  await expectLedgerClean(db());
});

(ON_PG ? test : test.skip)('PostgreSQL: the same webhook delivered twice at once credits once', async () => {
  const who = await buyer();
  const { message: o } = await order(who.token, { method: 'card' });
  const body = event(o);
  const signature = SIMULATED.sign(body, new Date(clock.ms));
  const answers = await Promise.all([webhook(body, signature), webhook(body, signature), webhook(body, signature)]);
  expect(answers.map((a) => a.json().message).sort()).toEqual(['already settled', 'already settled', 'settled']);
  expect(await spotUsdt(who.id)).toBe('965');
  await expectLedgerClean(db());
});
