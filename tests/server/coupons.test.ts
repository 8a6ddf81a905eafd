/**
 * Coupons through the real app on a test clock (issue 26): the centre's offers claimed up to their limit per
 * user, even when claims race; a fee discount giving back its share of the fee of the next eligible trade
 * (the ticket shows it first), once, even when trades race, and never on a trade it does not fit or after it
 * expired; a deposit bonus added to the next eligible deposit; the operator's grants at registration and at
 * the first deposit. Every coupon's money moves through the ledger, which stays clean.
 */
import { D } from '../../src/shared/format/decimal';
import { ACCOUNT_TYPES, balancesOf } from '../../src/server/ledger';
import { walletArea } from '../../src/server/modules/wallet';
import { uploadImage } from './catalogueRequests';
import { createConfiguredTestApp, editJson } from './helpers';
import { canWithdraw, expectLedgerClean, fund } from './money';

const BTC = 1;
const USDT = 3;
const DAY = 86_400_000;
const clock = { ms: Date.parse('2026-11-22T10:00:00.000Z') };
let t: Awaited<ReturnType<typeof createConfiguredTestApp>>;

beforeAll(async () => { t = await createConfiguredTestApp({ now: () => new Date(clock.ms) }); }, 60_000);
afterAll(async () => { await t?.close(); });

const db = () => t.app.services.db;
const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);

interface User { token: string; id: number }
let users = 0;
async function user(usdt = '0', btc = '0'): Promise<User> {
  const token = await t.signUp(`u${++users}@coupons.example.com`);
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  await canWithdraw(db(), id);
  if (usdt !== '0') await fund(db(), id, USDT, usdt);
  if (btc !== '0') await fund(db(), id, BTC, btc);
  return { token, id };
}
const claim = (who: User, code: string) => t.call('POST /coupon/claim', { code }, { token: who.token });
const list = async (who: User, status: string) => (await t.call('GET /coupon/list', { status }, { token: who.token })).message.data as Array<Record<string, any>>;
const spotInfo = async (who: User, input: Record<string, unknown>) => (await t.call('POST /coin/info', { currency_id: BTC, legal_id: USDT, ...input }, { token: who.token })).message;
const buy = (who: User, amount: string) => t.call('POST /coin/trade', { currency_id: BTC, legal_id: USDT, type: 1, amount }, { token: who.token });
const spotBalance = async (who: User, currency: number) => (await balancesOf(db(), who.id)).find((b) => b.currency_id === currency && b.type === ACCOUNT_TYPES.change)?.available ?? '0';
async function couponEntries(who: User): Promise<Array<{ cause: string; ref: string }>> {
  const ids = (await db().selectFrom('user_coupons').select('id').where('user_id', '=', who.id).execute()).map((c) => `coupon:${c.id}`);
  return ids.length ? db().selectFrom('ledger_entries').select(['cause', 'ref']).where('ref', 'in', ids).orderBy('id').execute() : [];
}

async function deposit(who: User, amount: string): Promise<void> {
  const voucher = await uploadImage(t, who.token);
  const id = (await t.call('POST /wallet/charge_req', { account: voucher, amount, currency: USDT, type: 0 }, { token: who.token })).message.id as number;
  await walletArea.ops!.find((c) => c.name === 'approve-deposit')!.run(t.app.services, { id });
}

test('the centre offers the claimable coupons, described in the reader\'s language; a claim past the limit is refused and changes nothing', async () => {
  const u = await user();
  const centre = (await t.call('GET /coupon/centre', {}, { token: u.token })).message as Array<Record<string, any>>;
  expect(centre.map((c) => c.code)).toEqual(['FEE50', 'FREEFEE', 'CONTRACT5', 'BONUS10', 'BONUS5PCT']);
  expect(centre[0]).toMatchObject({ kind: 'fee_discount', rate: '0.5', amount: null, max: '20', min: '10', products: ['spot', 'contract'], per_user: 3, held: 0, can_claim: true });
  expect(centre[0].description).toBe('50% off the fee of one spot or contract trade worth 10 USDT or more, up to 20 USDT');
  const fa = (await t.call('GET /coupon/centre', { lang: 'fa' }, { token: u.token })).message as Array<Record<string, any>>;
  expect(fa[0].description).not.toBe(centre[0].description);

  for (let i = 0; i < 3; i++) expect(await claim(u, 'FEE50')).toMatchObject({ type: 'ok', message: { code: 'FEE50', status: 'available', source: 'claim', expire_time: new Date(clock.ms + 14 * DAY).toISOString() } });
  expect(await claim(u, 'FEE50')).toMatchObject({ type: 'error', message: en('api.coupon.limit', { count: 3 }) });
  expect(await claim(u, 'NOPE')).toMatchObject({ type: 'error', message: en('api.coupon.not_offered') });
  expect(await list(u, 'available')).toHaveLength(3);
  expect((await t.call('GET /coupon/centre', {}, { token: u.token })).message[0]).toMatchObject({ held: 3, can_claim: false });
  // Another user sees none of them.
  expect(await list(await user(), 'available')).toEqual([]);
});

test('a fee discount gives back half the fee of the next spot trade it fits, once; the ticket shows it before', async () => {
  const u = await user('100000');
  await claim(u, 'FEE50');
  const small = await spotInfo(u, { type: 1, kind: 'market', amount: '0.0001' }); // worth under the 10 USDT minimum
  expect(small.coupon_code).toBeNull();
  const ticket = await spotInfo(u, { type: 1, kind: 'market', amount: '0.1' });
  const half = new D(ticket.fee).div(2).round(8, 0).toFixed();
  expect(ticket).toMatchObject({ coupon_code: 'FEE50', coupon_saving: half });

  const before = await spotBalance(u, BTC);
  const order = await buy(u, '0.1');
  expect(order.type).toBe('ok');
  const got = new D(await spotBalance(u, BTC)).minus(before);
  const fee = new D(order.message.trade_amount ?? '0.1').minus(got).plus(half); // what the fill kept, less what came back
  expect(fee.gt(0)).toBe(true);
  const [used] = await list(u, 'used');
  expect(used).toMatchObject({ code: 'FEE50', status: 'used', saving_currency: 'BTC', used_time: new Date(clock.ms).toISOString() });
  expect(new D(used.saving).gt(0)).toBe(true);
  expect(await couponEntries(u)).toEqual([{ cause: 'coupon.fee', ref: expect.stringMatching(/^coupon:\d+$/) }]);
  expect((await spotInfo(u, { type: 1, kind: 'market', amount: '0.1' })).coupon_code).toBeNull();
  expect((await buy(u, '0.1')).type).toBe('ok');
  expect(await couponEntries(u)).toHaveLength(1);
  await expectLedgerClean(db());
});

test('a coupon for spot leaves contract trades alone; an amount off a contract fee never gives more than the fee', async () => {
  const u = await user('100000');
  await claim(u, 'FREEFEE'); // spot only
  await claim(u, 'CONTRACT5'); // 5 USDT off a contract fee, on a position worth 500 USDT or more
  expect((await t.call('POST /wallet/change', { currency_id: USDT, number: '50000', from_field: 'change', to_field: 'lever' }, { token: u.token })).type).toBe('ok');
  const deal = (await t.call('POST /lever/deal', { currency_id: BTC, legal_id: USDT, share: 1, multiple: 10, type: 1, status: 1 }, { token: u.token })).message;
  expect(deal.coupon_code).toBe('CONTRACT5');
  const saving = new D(deal.fee).lt(5) ? deal.fee : '5';
  expect(deal.coupon_saving).toBe(new D(saving).toFixed());
  expect((await t.call('POST /lever/submit', { currency_id: BTC, legal_id: USDT, share: 1, multiple: 10, type: 1, status: 1 }, { token: u.token })).type).toBe('ok');
  expect((await list(u, 'used')).map((c) => [c.code, c.saving, c.saving_currency])).toEqual([['CONTRACT5', new D(saving).toFixed(), 'USDT']]);
  expect((await list(u, 'available')).map((c) => c.code)).toEqual(['FREEFEE']);
  await expectLedgerClean(db());
});

test('an expired coupon is listed as expired and gives nothing', async () => {
  const u = await user('100000');
  const claimed = (await claim(u, 'FREEFEE')).message;
  expect(claimed.expire_time).toBe(new Date(clock.ms + 7 * DAY).toISOString());
  // Its seven days have passed (the row aged: a week on the test clock would end the session too).
  await db().updateTable('user_coupons').set({ expires_at: new Date(clock.ms) }).where('id', '=', claimed.id).execute();
  expect(await list(u, 'available')).toEqual([]);
  expect((await list(u, 'expired')).map((c) => c.code)).toEqual(['FREEFEE']);
  expect((await spotInfo(u, { type: 1, kind: 'market', amount: '0.1' })).coupon_code).toBeNull();
  expect((await buy(u, '0.1')).type).toBe('ok');
  expect(await couponEntries(u)).toEqual([]);
});

test('a deposit bonus adds to the next deposit of at least its minimum, with a message', async () => {
  const u = await user();
  await claim(u, 'BONUS10'); // 10 USDT on a deposit of 100 or more
  await deposit(u, '50');
  expect(await spotBalance(u, USDT)).toBe('50');
  await deposit(u, '150');
  expect(await spotBalance(u, USDT)).toBe('210');
  expect((await list(u, 'used'))[0]).toMatchObject({ code: 'BONUS10', saving: '10', saving_currency: 'USDT' });
  const messages = (await t.call('GET /mailMessage/getList', {}, { token: u.token })).message.list as Array<Record<string, any>>;
  expect(messages.find((m) => m.topic === 'coupon_bonus')).toMatchObject({ title: en('msg.coupon_bonus.title'), content: en('msg.coupon_bonus.body', { code: 'BONUS10', amount: '10', currency: 'USDT' }) });
  await deposit(u, '150');
  expect(await spotBalance(u, USDT)).toBe('360');
  await expectLedgerClean(db());
});

test('the operator\'s grants: a coupon at registration and one at the first deposit, which applies to that deposit', async () => {
  editJson(t.configDir, 'settings/coupons.json', (j) => {
    j.coupons.push({ code: 'WELCOME', kind: 'fee_discount', rate: '1', max: '5', min: '0', products: ['spot'], valid_days: 30, per_user: 1, claim: false, grant_on: 'registration' });
    j.coupons.push({ code: 'FIRST5', kind: 'deposit_bonus', rate: '0.05', max: '50', min: '100', valid_days: 30, per_user: 1, claim: false, grant_on: 'first_deposit' });
  });
  expect(t.reload()).toMatchObject({ changed: true });
  try {
    const u = await user();
    expect((await list(u, 'available')).map((c) => [c.code, c.source])).toEqual([['WELCOME', 'registration']]);
    const messages = (await t.call('GET /mailMessage/getList', {}, { token: u.token })).message.list as Array<Record<string, any>>;
    expect(messages.map((m) => m.topic)).toContain('coupon_granted');
    // Granted coupons are not in the centre.
    expect(((await t.call('GET /coupon/centre', {}, { token: u.token })).message as Array<{ code: string }>).map((c) => c.code)).not.toContain('WELCOME');
    await deposit(u, '400'); // 5 % = 20
    expect(await spotBalance(u, USDT)).toBe('420');
    expect((await list(u, 'used')).map((c) => [c.code, c.source, c.saving])).toEqual([['FIRST5', 'first_deposit', '20']]);
    await deposit(u, '400'); // not the first: nothing more granted
    expect(await spotBalance(u, USDT)).toBe('820');
    await expectLedgerClean(db());
  } finally {
    editJson(t.configDir, 'settings/coupons.json', (j) => { j.coupons = j.coupons.filter((c: { code: string }) => !['WELCOME', 'FIRST5'].includes(c.code)); });
    expect(t.reload()).toMatchObject({ changed: true });
  }
});

test('racing claims never pass the limit, and racing trades use one coupon once', async () => {
  const u = await user('100000');
  const claims = await Promise.all(Array.from({ length: 8 }, () => claim(u, 'FEE50')));
  expect(claims.filter((r) => r.type === 'ok')).toHaveLength(3);
  expect(claims.filter((r) => r.type !== 'ok').every((r) => r.message === en('api.coupon.limit', { count: 3 }))).toBe(true);

  const v = await user('100000');
  await claim(v, 'FREEFEE');
  const trades = await Promise.all(Array.from({ length: 4 }, () => buy(v, '0.01')));
  expect(trades.every((r) => r.type === 'ok')).toBe(true);
  expect(await couponEntries(v)).toHaveLength(1);
  expect(await list(v, 'used')).toHaveLength(1);
  await expectLedgerClean(db());
});

test('a wrong coupons file is refused with its path and reason, and the last good coupons stay served', () => {
  const cases: Array<[(j: any) => void, string, RegExp]> = [
    [(j) => { j.coupons[1].code = 'FEE50'; }, '$.coupons[1].code', /configured already/],
    [(j) => { delete j.coupons[0].products; }, '$.coupons[0]', /names the trades/],
    [(j) => { j.coupons[3].amount = '0'; }, '$.coupons[3].amount', /more than 0/],
    [(j) => { j.coupons[0].claim = false; }, '$.coupons[0]', /nobody could have it/],
    [(j) => { j.coupons[0].amount = '5'; }, '$.coupons[0]', /oneOf|must match/],
    [(j) => { j.coupons[0].rate = '50'; }, '$.coupons[0].rate', /pattern/],
  ];
  for (const [edit, at, reason] of cases) {
    const good = JSON.parse(JSON.stringify(t.app.services.configuration.current.coupons));
    editJson(t.configDir, 'settings/coupons.json', edit);
    expect(t.reload().refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'settings/coupons.json', path: at, reason: expect.stringMatching(reason) })]));
    expect(t.app.services.configuration.current.coupons).toEqual(good);
    editJson(t.configDir, 'settings/coupons.json', () => undefined);
    editJson(t.configDir, 'settings/coupons.json', (j) => { j.coupons = good.coupons; });
    expect(t.reload().refused).toBeUndefined();
  }
});
