/**
 * Each chain's withdrawal minimum and fee are configuration (settings/chains.json, issue 24): an operator's
 * change is what the API enforces and shows at the next reload, in every language; a wrong amount or an
 * unknown currency is refused with file, JSON path and reason, and the last good limits keep applying.
 */
import fs from 'node:fs';
import path from 'node:path';
import { canWithdraw, fund, PAY } from './money';
import { copyConfig, createTestApp, editJson, multipart, PNG_1X1, type TestApp } from './helpers';

const USDT = 3;
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let t: TestApp;
let dir: string;
let token: string;

beforeAll(async () => {
  dir = copyConfig();
  t = await createTestApp({ configDir: dir });
  token = await t.signUp('dee.chains@example.com');
  const id = (await t.call('GET /user/info', {}, { token })).message.id as number;
  await canWithdraw(t.app.services.db, id);
  await fund(t.app.services.db, id, USDT, '1000');
  const { payload, headers } = multipart({ filename: 'qr.png', type: 'image/png', data: PNG_1X1 });
  const qrcode = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: token } })).json().message;
  const saved = await t.call('POST /user/wallet/save', { currency: USDT, name: 'Mine', address: ADDRESS, qrcode }, { token });
  if (saved.type !== 'ok') throw new Error(JSON.stringify(saved));
}, 60_000);
afterAll(async () => { await t?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

const reload = () => t.app.services.configuration.reload('test');
const withdraw = (number: string, lang = 'en') =>
  t.call('POST /wallet/out', { address: ADDRESS, currency: USDT, number, type: 0, pay_password: PAY, lang }, { token });
const setTrc20 = (values: Record<string, string>) => editJson(dir, 'settings/chains.json', (j) => {
  Object.assign(j.chains.find((c: { currency: string; chain: string }) => c.currency === 'USDT' && c.chain === 'TRC20'), values);
});

test('a raised minimum and fee are enforced and shown, in English and Persian', async () => {
  setTrc20({ withdraw_min: '50', withdraw_fee: '2.5' });
  expect(reload()).toMatchObject({ changed: true });
  const en = await withdraw('30');
  expect(en).toMatchObject({ type: 'error', message: expect.stringContaining('50') });
  const fa = await withdraw('30', 'fa');
  expect(fa.type).toBe('error');
  expect(fa.message).not.toBe(en.message);
  expect(fa.message).toContain('50');
  expect((await t.call('POST /wallet/get_info', { currency: USDT, address: ADDRESS, number: '60' }, { token })).message)
    .toMatchObject({ min_number: '50', rate: '2.5', receive: '57.5' });
  const coins = (await t.call('GET /wallet/coins')).message as Array<{ name: string; subName: string; withdraw_min: string; withdraw_fee: string }>;
  expect(coins.find((c) => c.name === 'USDT' && c.subName === 'TRC20')).toMatchObject({ withdraw_min: '50', withdraw_fee: '2.5' });
  const ok = await withdraw('60');
  expect(ok).toMatchObject({ type: 'ok', message: { number: '60', fee: '2.5', receive: '57.5' } });
});

describe('a wrong chains file is refused and the last good limits apply', () => {
  const cases: Array<[string, (j: any) => void, string, RegExp]> = [
    ['a fee not below the minimum', (j) => { j.chains[0].withdraw_fee = '60'; }, '$.chains[0].withdraw_fee', /not below the minimum/],
    ['an amount that is no decimal', (j) => { j.chains[0].withdraw_min = '1e3'; }, '$.chains[0].withdraw_min', /pattern|decimal/],
    ['a number instead of a decimal string', (j) => { j.chains[0].withdraw_min = 20; }, '$.chains[0].withdraw_min', /string/],
    ['an unknown currency', (j) => { j.chains[0].currency = 'NOPE'; }, '$.chains[0].currency', /not a currency/],
    ['more decimals than the currency has', (j) => { j.chains[0].withdraw_fee = '0.000000000001'; }, '$.chains[0].withdraw_fee', /decimals/],
    ['a chain twice', (j) => { j.chains.push({ ...j.chains[0] }); }, `$.chains[13]`, /configured already/],
  ];
  it.each(cases)('%s', async (_what, edit, at, reason) => {
    const file = path.join(dir, 'settings/chains.json');
    const good = fs.readFileSync(file, 'utf8');
    editJson(dir, 'settings/chains.json', edit);
    const outcome = reload();
    expect(outcome.refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'settings/chains.json', path: at, reason: expect.stringMatching(reason) })]));
    expect((await withdraw('30')).message).toContain('50');
    fs.writeFileSync(file, good);
    expect(reload().refused).toBeUndefined();
  });
});
