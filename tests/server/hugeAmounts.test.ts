/**
 * Amounts at the edge of what the input allows (18 integer digits) whose derived figures do not fit the
 * ledger's NUMERIC(36, 18) columns: a market order of 1e17 units, a limit whose total at its price is beyond
 * range, an exchange whose proceeds are, a credit that would take a balance past it. Each is refused with a
 * localised message before anything is written: no order, no entry, no balance moved, no error logged.
 */
import { AmountOutOfRange, balancesOf, post, ACCOUNT_TYPES } from '../../src/server/ledger';
import { createTestApp, type TestApp } from './helpers';
import { canWithdraw, expectLedgerClean, fund } from './money';

const BTC = 1;
const USDT = 3;
const BUY = 1;
const SELL = 2;
const HUGE = '99999999999999999';

let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signUp('whale@example.com');
  userId = (await t.call('GET /user/info', {}, { token })).message.id;
  await fund(t.app.services.db, userId, USDT, '900000000000000000');
  await fund(t.app.services.db, userId, BTC, '900000000000000000');
  await canWithdraw(t.app.services.db, userId);
}, 60_000);
afterAll(async () => { await t?.close(); });

const TOO_LARGE = 'This amount is too large to process';

test.each([
  ['a market buy of 1e17 BTC', 'POST /coin/trade', { currency_id: BTC, type: BUY, amount: HUGE }],
  ['a market sell of 1e17 BTC', 'POST /coin/trade', { currency_id: BTC, type: SELL, amount: HUGE }],
  ['a limit sell whose total at its price is 1e19', 'POST /coin/trade', { currency_id: BTC, type: SELL, amount: '100', target_price: HUGE }],
  ['an exchange whose proceeds are beyond range', 'POST /user/Transfer', { number: '80000000000000000', from_currency_id: BTC, to_currency_id: USDT }],
])('%s is refused clearly and changes nothing', async (_what, endpoint, input) => {
  const before = await balancesOf(t.app.services.db, userId);
  expect(await t.call(endpoint, input, { token })).toEqual({ type: 'error', message: TOO_LARGE });
  expect(await balancesOf(t.app.services.db, userId)).toEqual(before);
  expect(await t.app.services.db.selectFrom('spot_orders').select('id').execute()).toEqual([]);
  await expectLedgerClean(t.app.services.db);
  expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
});

test('the same refusal reads in the request\'s language', async () => {
  const answer = await t.call('POST /coin/trade', { currency_id: BTC, type: BUY, amount: HUGE, lang: 'fa' }, { token });
  expect(answer).toEqual({ type: 'error', message: t.app.services.i18n.t('fa', 'api.amount_too_large') });
});

test('a credit that would take a balance past the columns\' range is refused whole by the ledger', async () => {
  const before = await balancesOf(t.app.services.db, userId);
  await expect(t.app.services.db.transaction().execute((trx) => post(trx, { cause: 'deposit', ref: 'huge', legs: [
    { account: { platform: 'outside', currency: USDT }, amount: '-200000000000000000' },
    { account: { user: userId, currency: USDT, type: ACCOUNT_TYPES.change }, amount: '200000000000000000' },
  ] }))).rejects.toBeInstanceOf(AmountOutOfRange);
  expect(await balancesOf(t.app.services.db, userId)).toEqual(before);
  await expectLedgerClean(t.app.services.db);
});

test('orders within range still go through', async () => {
  const placed = await t.call('POST /coin/trade', { currency_id: BTC, type: SELL, amount: '1', target_price: '99999999' }, { token });
  expect(placed.type).toBe('ok');
  expect(placed.message.status).toBe(1); // open: held until the price comes
});
