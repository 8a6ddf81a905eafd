/**
 * The earn hub's figures through the real app: a user's lock-mining order, dual position and IEO application
 * counted and valued in USDT; what the earn products paid summed; nothing for a user without positions.
 */
import { createTestApp, type TestApp } from './helpers';
import { canWithdraw, fund, PAY } from './money';

const USDT = 100;
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

test('positions and earnings per product and in total, in USDT', async () => {
  const token = await t.signUp('hub@earn.example.com');
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  const empty = (await t.call('GET /financial/summary', {}, { token })).message;
  const none = { open: 0, value_usdt: '0', earned_usdt: '0' };
  expect(empty).toEqual({ value_usdt: '0', earned_usdt: '0', mining: none, dual: none, ieo: none });

  await canWithdraw(t.app.services.db, id);
  await fund(t.app.services.db, id, USDT, '5000');
  expect((await t.call('POST /lh/deposit', { config_id: 1, amount: '1000', pay_password: PAY }, { token })).type).toBe('ok');
  expect((await t.call('POST /dual/buyDual', { id: 3, num: 2, pay_password: PAY }, { token })).type).toBe('ok');
  expect((await t.call('POST /project/order', { project_id: 1, amount: '50', pay_currency: USDT, price: '5.2', pay_password: PAY }, { token })).type).toBe('ok');
  await t.app.services.db.updateTable('mining_orders').set({ earned: '3.5' }).where('user_id', '=', id).execute();

  const hub = (await t.call('GET /financial/summary', {}, { token })).message;
  expect(hub).toEqual({
    value_usdt: '1460', earned_usdt: '3.5',
    mining: { open: 1, value_usdt: '1000', earned_usdt: '3.5' },
    dual: { open: 1, value_usdt: '200', earned_usdt: '0' },
    ieo: { open: 1, value_usdt: '260', earned_usdt: '0' },
  });
});
