/** Deposits: chains and addresses, declaring one with a voucher, the operator's approval or rejection. */
import { OpsError } from '../../src/server/area';
import { approveDeposit, pendingDeposits, rejectDeposit } from '../../src/server/modules/wallet/depositReview';
import { totalsByCurrency } from '../../src/server/ledger';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let amy: string;
let voucher: string;

beforeAll(async () => {
  t = await createTestApp();
  amy = await t.signUp('amy.deposit@example.com');
  const { payload, headers } = multipart({ filename: 'voucher.png', type: 'image/png', data: PNG_1X1 });
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: amy } });
  voucher = res.json().message;
}, 60_000);
afterAll(async () => { await t?.close(); });

const USDT = 3;
const AAPL = 26;
const usdtSpot = async () => (await t.call('POST /wallet/detail', { currency: USDT, type: 'change' }, { token: amy })).message.change_balance;

test('chains with limits, and the deposit address of a chain (and of ERC20 and TRC20)', async () => {
  const info = (await t.call('POST /wallet/get_info', { currency: USDT }, { token: amy })).message;
  expect(info).toMatchObject({ change_balance: '0', min_number: '20', rate: '1', name: 'USDT', decimals: 8, chain: 'TRC20' });
  expect((await t.call('POST /wallet/get_info', { currency: USDT, chain: 'ERC20' }, { token: amy })).message).toMatchObject({ min_number: '50', rate: '5' });
  expect(info.chains.map((c: { chain: string }) => c.chain)).toEqual(['TRC20', 'ERC20']);
  expect(info.chains[0]).toEqual({ chain: 'TRC20', deposit_min: '10', withdraw_min: '20', withdraw_fee: '1' });
  const address = (await t.call('POST /wallet/get_in_address', { currency: USDT, chain: 'ERC20' }, { token: amy })).message;
  expect(address).toEqual({
    // The minimum is named with its coin: "Minimum deposit 10 USDT".
    currency_id: USDT, name: 'USDT', chain: 'ERC20', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), deposit_min: '10',
    erc20: address.address, trc20: expect.stringMatching(/^T/),
  });
  expect((await t.call('POST /wallet/get_in_address', { currency: 1 }, { token: amy })).message).toMatchObject({ name: 'BTC', chain: 'BTC', erc20: '', trc20: '' });
  expect((await t.call('POST /wallet/get_in_address', { currency: USDT, chain: 'BEP20' }, { token: amy })).message)
    .toBe('Deposits and withdrawals of this currency are not available');
  expect((await t.call('POST /wallet/get_in_address', { currency: AAPL }, { token: amy })).message) // no chain
    .toBe('Deposits and withdrawals of this currency are not available');
});

test('a declared deposit waits for review; approved, it is credited to the spot account once', async () => {
  // As the platform's app sends it: the voucher is `account`, no chain (the first), `type` 0.
  const r = await t.call('POST /wallet/charge_req', { account: voucher, amount: '1000', currency: USDT, type: 0 }, { token: amy });
  expect(r.message).toMatchObject({ currency: USDT, name: 'USDT', chain: 'TRC20', amount: '1000', status: 0, account: voucher, reviewed_at: null });
  expect(await usdtSpot()).toBe('0');
  const pending = await pendingDeposits(t.app.services.db);
  expect(pending.find((p) => p.id === r.message.id)).toMatchObject({ username: 'amy.deposit@example.com', amount: '1000' });
  await approveDeposit(t.app.services, r.message.id);
  expect(await usdtSpot()).toBe('1000');
  await expect(approveDeposit(t.app.services, r.message.id)).rejects.toThrow(OpsError);
  expect(await usdtSpot()).toBe('1000');
  const log = (await t.call('GET /recharge/log', {}, { token: amy })).message;
  expect(log.data[0]).toMatchObject({ id: r.message.id, status: 1, amount: '1000', name: 'USDT', created_at: expect.any(String), reviewed_at: expect.any(String) });
  const statement = (await t.call('POST /wallet/legal_log', {}, { token: amy })).message;
  expect(statement.list[0]).toMatchObject({ value: '1000', cause: 'deposit', info: 'Deposit', ref: `deposit:${r.message.id}`, account: 'change' });
});

test('a rejected deposit carries its reason and credits nothing', async () => {
  const r = await t.call('POST /wallet/charge_req', { currency: 1, chain: 'BTC', amount: '0.5', account: voucher }, { token: amy });
  await expect(rejectDeposit(t.app.services.db, r.message.id, '  ')).rejects.toThrow(/reason/);
  await rejectDeposit(t.app.services.db, r.message.id, 'The voucher does not show the transfer');
  await expect(approveDeposit(t.app.services, r.message.id)).rejects.toThrow(/already reviewed/);
  const rejected = (await t.call('GET /recharge/log', { stat: 2 }, { token: amy })).message.data;
  expect(rejected).toEqual([expect.objectContaining({ id: r.message.id, status: 2, reason: 'The voucher does not show the transfer' })]);
  expect((await t.call('POST /wallet/detail', { currency: 1, type: 'change' }, { token: amy })).message.change_balance).toBe('0');
});

test('bad deposits get a clear message and record nothing', async () => {
  const before = (await t.call('GET /recharge/log', {}, { token: amy })).message.total;
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ currency: USDT, chain: 'TRC20', amount: '5', account: voucher }, 'The minimum deposit is 10 USDT'],
    [{ currency: USDT, chain: 'TRC20', amount: '0', account: voucher }, 'Please enter a valid amount'],
    [{ currency: USDT, chain: 'TRC20', amount: '100' }, 'Please upload the payment voucher'],
    [{ currency: USDT, chain: 'TRC20', amount: '100', account: `/uploads/${'0'.repeat(64)}.png` }, 'Please upload the payment voucher again'],
    [{ currency: USDT, chain: 'TRC20', amount: '100', account: 'https://evil.example/x.png' }, 'Please upload the payment voucher again'],
    [{ currency: USDT, chain: 'SOL', amount: '100', account: voucher }, 'Deposits and withdrawals of this currency are not available'],
    [{ currency: 1, chain: 'BTC', amount: '0.000000001', account: voucher }, 'at most 8 decimals'],
    [{ currency: 999, chain: 'TRC20', amount: '100', account: voucher }, 'This currency is not supported'],
  ];
  for (const [input, message] of cases) {
    const r = await t.call('POST /wallet/charge_req', input, { token: amy });
    expect([input, r.type]).toEqual([input, 'error']);
    expect(r.message).toContain(message);
  }
  expect((await t.call('GET /recharge/log', {}, { token: amy })).message.total).toBe(before);
  for (const [currency, total] of await totalsByCurrency(t.app.services.db)) expect([currency, total]).toEqual([currency, '0']);
});

test('the coins list: every currency on each of its chains with its limits, in id order, each currency\'s chains in the platform\'s order', async () => {
  const coins = (await t.call('GET /wallet/coins')).message;
  expect(coins.filter((c: { id: number }) => c.id === USDT)).toEqual([
    { id: USDT, name: 'USDT', subName: 'TRC20', type: 'stablecoin', status: 1, deposit_min: '10', withdraw_min: '20', withdraw_fee: '1' },
    { id: USDT, name: 'USDT', subName: 'ERC20', type: 'stablecoin', status: 1, deposit_min: '10', withdraw_min: '50', withdraw_fee: '5' },
  ]);
  expect(coins.find((c: { name: string }) => c.name === 'BTC')).toMatchObject({ id: 1, subName: 'BTC', withdraw_min: '0.001' });
  expect(coins.some((c: { type: string }) => c.type === 'stock')).toBe(false);
});
