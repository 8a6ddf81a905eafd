/**
 * The earn products together through the real app: the hub counts and values in USDT a user's lock-mining
 * order, dual position and IEO application, sums what they paid, and shows nothing for a user without
 * positions. And the payment password of the three purchases: the platform's app sends none; with the forms
 * as shipped (which require it) such a purchase is refused with the localised message and moves nothing,
 * with the platform's setting (the forms no longer requiring it) it goes through, and one typed is checked.
 */
import { ACCOUNT_TYPES, balancesOf } from '../../src/server/ledger';
import { D } from '../../src/shared/format/decimal';
import { copyConfig, createTestApp, editJson, type TestApp } from './helpers';
import { canWithdraw, expectLedgerClean, fund, PAY } from './money';

const USDT = 3;
const BTC = 1;
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

/** A signed-up user with a payment password, funded in USDT and BTC. */
async function saver(app: TestApp, email: string): Promise<{ token: string; id: number }> {
  const token = await app.signUp(email);
  const id = (await app.call('GET /user/info', {}, { token })).message.id as number;
  await canWithdraw(app.app.services.db, id);
  await fund(app.app.services.db, id, USDT, '5000');
  await fund(app.app.services.db, id, BTC, '1');
  return { token, id };
}

/** The three purchases as the platform's app sends them: no payment password (calls.json lockming, investPurchase, subscribeIEO). */
const PURCHASES = [
  { endpoint: 'POST /lh/deposit', data: { config_id: 1, amount: '1000' }, cost: '1000', table: 'mining_orders' as const },
  { endpoint: 'POST /dual/buyDual', data: { id: 3, num: 2 }, cost: '200', table: 'dual_orders' as const },
  { endpoint: 'POST /project/order', data: { project_id: 1, amount: '50', pay_currency: USDT, price: '260' }, cost: '260', table: 'ieo_orders' as const },
];

async function spotUsdt(app: TestApp, user: number): Promise<string> {
  const b = (await balancesOf(app.app.services.db, user)).find((x) => x.currency_id === USDT && x.type === ACCOUNT_TYPES.change);
  return new D(b?.available ?? 0).toFixed();
}

test('positions and earnings per product and in total, in USDT', async () => {
  const token = await t.signUp('hub@earn.example.com');
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  const empty = (await t.call('GET /financial/summary', {}, { token })).message;
  const none = { open: 0, value_usdt: '0', earned_usdt: '0' };
  expect(empty).toEqual({ value_usdt: '0', earned_usdt: '0', mining: none, dual: none, ieo: none });

  await canWithdraw(t.app.services.db, id);
  await fund(t.app.services.db, id, USDT, '5000');
  for (const p of PURCHASES) expect((await t.call(p.endpoint, { ...p.data, pay_password: PAY }, { token })).type).toBe('ok');
  await t.app.services.db.updateTable('mining_orders').set({ earned: '3.5' }).where('user_id', '=', id).execute();

  const hub = (await t.call('GET /financial/summary', {}, { token })).message;
  expect(hub).toEqual({
    value_usdt: '1460', earned_usdt: '3.5',
    mining: { open: 1, value_usdt: '1000', earned_usdt: '3.5' },
    dual: { open: 1, value_usdt: '200', earned_usdt: '0' },
    ieo: { open: 1, value_usdt: '260', earned_usdt: '0' },
  });
});

test('with the forms as shipped, a purchase without the payment password is refused in the user\'s language and moves nothing', async () => {
  const a = await saver(t, 'shipped@earn.example.com');
  for (const p of PURCHASES) {
    expect(await t.call(p.endpoint, p.data, { token: a.token })).toMatchObject({ type: 'error', message: t.app.services.i18n.t('en', 'api.withdraw.pay_password_required') });
    expect((await t.call(p.endpoint, { ...p.data, lang: 'zh' }, { token: a.token })).message).toBe(t.app.services.i18n.t('zh', 'api.withdraw.pay_password_required'));
    expect(await t.app.services.db.selectFrom(p.table).select('id').where('user_id', '=', a.id).execute()).toEqual([]);
  }
  expect(await spotUsdt(t, a.id)).toBe('5000');
});

describe('with the platform\'s setting (the three forms no longer require the payment password)', () => {
  let platform: TestApp;
  beforeAll(async () => {
    const dir = copyConfig();
    for (const form of ['mining-order', 'dual-order', 'ieo-order']) {
      editJson(dir, `schemas/${form}.json`, (f) => { f.schema.required = f.schema.required.filter((r: string) => r !== 'pay_password'); });
    }
    platform = await createTestApp({ configDir: dir });
  }, 60_000);
  afterAll(async () => { await platform?.close(); });

  test('a purchase without it goes through; one typed wrong is refused; none set yet is refused', async () => {
    const a = await saver(platform, 'platform@earn.example.com');
    for (const p of PURCHASES) {
      expect((await platform.call(p.endpoint, { ...p.data, pay_password: 'wrong-one-1' }, { token: a.token })).message)
        .toBe(platform.app.services.i18n.t('en', 'api.pay_password.wrong'));
    }
    expect(await spotUsdt(platform, a.id)).toBe('5000');
    let left = new D(5000);
    for (const p of PURCHASES) {
      expect((await platform.call(p.endpoint, p.data, { token: a.token })).type).toBe('ok');
      left = left.minus(p.cost);
      expect(await spotUsdt(platform, a.id)).toBe(left.toFixed());
    }
    const unset = await platform.signUp('unset@earn.example.com');
    const unsetId = (await platform.call('GET /user/info', {}, { token: unset })).message.id as number;
    await fund(platform.app.services.db, unsetId, USDT, '5000');
    for (const p of PURCHASES) {
      expect((await platform.call(p.endpoint, p.data, { token: unset })).message).toBe(platform.app.services.i18n.t('en', 'error.set_pay_password_first'));
    }
    await expectLedgerClean(platform.app.services.db);
  });
});
