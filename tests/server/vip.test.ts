/**
 * VIP levels through the real app on a test clock (issue 26): a user whose spot and contract volume of the last
 * 30 days passes a level's volume reaches it at the daily run, is told, and pays its discounted fees from the
 * next trade (the ticket shows the rate paid); the operator's grant is a floor the volume never goes below; a
 * level follows the volume down once trades leave the window.
 */
import { sql } from 'kysely';
import { spotFill } from '../../src/shared/domain/spot';
import { D } from '../../src/shared/format/decimal';
import { vipArea } from '../../src/server/modules/vip';
import { createTestApp, type TestApp } from './helpers';
import { canWithdraw, expectLedgerClean, fund } from './money';

const BTC = 1;
const USDT = 3;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: TestApp;

beforeAll(async () => { t = await createTestApp({ now: () => new Date(clock.ms) }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const grant = (id: number, level: number) => vipArea.ops!.find((c) => c.name === 'vip-grant')!.run(t.app.services, { id, level: String(level) });
async function moveTo(iso: string): Promise<void> {
  clock.ms = Date.parse(iso);
  await t.app.services.jobs.tick();
}

let n = 0;
async function trader(usdt = '300000'): Promise<{ token: string; id: number }> {
  const token = await t.signUp(`trader${++n}@vip.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  await fund(db(), id, USDT, usdt);
  await canWithdraw(db(), id);
  return { token, id };
}
const info = async (token: string) => (await t.call('GET /vip/info', {}, { token })).message;
const ticket = async (token: string) => (await t.call('POST /coin/info', { currency_id: BTC, legal_id: USDT, type: 1, kind: 'market', amount: '0.01' }, { token })).message;
const buy = async (token: string, amount: string) => (await t.call('POST /coin/trade', { currency_id: BTC, legal_id: USDT, type: 1, kind: 'market', amount }, { token })).message;

test('a volume above 100,000 USDT reaches VIP 1 at the daily run, and the next trade pays 10 % less fee', async () => {
  const amy = await trader();
  expect(await info(amy.token)).toMatchObject({ level: 0, granted: 0, window_days: 30, volume: '0', spot_fee_discount: '0', next: { level: 1, volume_above: '100000' } });
  expect(await ticket(amy.token)).toMatchObject({ fee_rate: '0.001', fee_discount: '0' });
  const price = (await ticket(amy.token)).price as string;
  const first = await buy(amy.token, new D(110_000).div(price).round(4).toFixed());
  expect(first.status).toBe(2);
  expect((await info(amy.token)).level).toBe(0); // the volume counts at the next daily run
  await moveTo('2026-11-23T00:20:00.000Z');
  const mine = await info(amy.token);
  expect(mine).toMatchObject({ level: 1, spot_fee_discount: '0.1', contract_fee_discount: '0.1', volume: new D(first.total).toFixed(), next: { level: 2 } });
  expect(await ticket(amy.token)).toMatchObject({ fee_rate: '0.0009', fee_percent: '0.09', fee_discount: '0.1' });
  const second = await buy(amy.token, '0.01');
  expect(second.fee).toBe(spotFill('buy', '0.01', second.price, '0.0009', { base: 8, quote: 8 }).fee.toFixed());
  const row = await db().selectFrom('spot_orders').select('fee_rate').where('id', '=', second.id).executeTakeFirstOrThrow();
  expect(new D(row.fee_rate).toFixed()).toBe('0.0009');
  const message = (await t.call('GET /mailMessage/getList', {}, { token: amy.token })).message.list[0];
  expect(message).toMatchObject({ topic: 'vip_changed', title: t.app.services.i18n.t('en', 'msg.vip_changed.title') });

  // The trades leave the window (aged by 31 days here rather than a month of market simulated): at the next
  // daily run, back to a regular user, told so.
  await db().updateTable('spot_orders').set((eb) => ({ done_at: sql<Date>`${eb.ref('done_at')} - interval '31 days'` })).where('user_id', '=', amy.id).execute();
  await moveTo('2026-11-24T00:20:00.000Z');
  expect(await info(amy.token)).toMatchObject({ level: 0, volume: '0' });
  expect((await t.call('GET /mailMessage/getList', {}, { token: amy.token })).message.list[0].content).toBe(t.app.services.i18n.t('en', 'msg.vip_changed.body', { level: 0 }));
  await expectLedgerClean(db());
});

test('the operator\'s grant is a floor: VIP 2 without volume, kept through the daily run, taken back with 0', async () => {
  const bob = await trader('1000');
  expect((await grant(bob.id, 2)).lines).toEqual([`user #${bob.id}: granted VIP 2, now VIP 2`]);
  expect(await info(bob.token)).toMatchObject({ level: 2, granted: 2, spot_fee_discount: '0.2', next: { level: 3 } });
  // The contract ticket's opening fee rate: the market's less 20 %.
  const deal = async (token: string) => (await t.call('POST /lever/deal', { currency_id: BTC, legal_id: USDT, type: 1, status: 1 }, { token })).message;
  const regular = await trader('10');
  const [theirs, his] = [await deal(regular.token), await deal(bob.token)];
  expect(his).toMatchObject({ fee_rate: new D(theirs.fee_rate).times('0.8').toFixed(), fee_discount: '0.2' });
  await moveTo('2026-11-25T00:20:00.000Z');
  expect((await info(bob.token)).level).toBe(2);
  await grant(bob.id, 0);
  expect(await info(bob.token)).toMatchObject({ level: 0, granted: 0 });
  await expect(grant(bob.id, 4)).rejects.toThrow(/0 to 3/);
  await expect(grant(999_999, 1)).rejects.toThrow(/no user/);
});

test('without a token the level is not read', async () => {
  expect(await t.call('GET /vip/info')).toMatchObject({ type: '999' });
});
