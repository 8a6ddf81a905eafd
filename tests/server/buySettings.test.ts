/**
 * Buying crypto's parameters are configuration (settings/buy.json, issue 25): the countries served, the money
 * currencies with their USDT rate and bounds, each payment method's fee, the bank transfer's window and the
 * beneficiary's bank details. A change is served at the next reload; a wrong value is refused with file, JSON
 * path and reason, and the last good values keep being served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createConfiguredTestApp, editJson } from './helpers';

let t: Awaited<ReturnType<typeof createConfiguredTestApp>>;
beforeAll(async () => { t = await createConfiguredTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const buyFile = () => path.join(t.configDir, 'settings/buy.json');
const served = () => t.app.services.configuration.current.buy;

test('the shipped file: the nine countries of SPEC 9, USD to USDT 1:1, a fee per method and the beneficiary', () => {
  expect(served()).toMatchObject({
    countries: ['US', 'NG', 'TH', 'ID', 'BR', 'IN', 'VN', 'MX', 'PH'],
    currencies: [{ code: 'USD', usdt_rate: '1', min: '50', max: '50000' }],
    methods: { bank: { fee_rate: '0.01', pay_within_minutes: 1440 }, card: { provider: 'simulated' }, wallet: { provider: 'simulated' } },
    beneficiary: { iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
  });
});

test('an operator\'s change is served after the reload', () => {
  const good = fs.readFileSync(buyFile(), 'utf8');
  editJson(t.configDir, 'settings/buy.json', (j) => { j.countries.push('KE'); j.methods.bank.fee_rate = '0.005'; });
  expect(t.reload()).toMatchObject({ changed: true });
  expect(served().countries).toContain('KE');
  expect(served().methods.bank.fee_rate).toBe('0.005');
  fs.writeFileSync(buyFile(), good);
  expect(t.reload()).toMatchObject({ changed: true });
});

describe('a wrong buy file is refused and the last good values are served', () => {
  const cases: Array<[string, (j: any) => void, string, RegExp]> = [
    ['a country that is not a code', (j) => { j.countries.push('Kenya'); }, '$.countries[9]', /pattern/],
    ['a country twice', (j) => { j.countries.push('US'); }, '$.countries', /duplicate/],
    ['a currency twice', (j) => { j.currencies.push({ ...j.currencies[0] }); }, '$.currencies[1].code', /configured already/],
    ['a minimum above the maximum', (j) => { j.currencies[0].min = '60000'; }, '$.currencies[0].min', /above the most/],
    ['a fee as a percentage', (j) => { j.methods.card.fee_rate = '3.5'; }, '$.methods.card.fee_rate', /pattern/],
    ['a least fee that eats the least order', (j) => { j.methods.wallet.fee_min = '50'; }, '$.methods.wallet.fee_min', /would buy nothing/],
    ['a window of a minute', (j) => { j.methods.bank.pay_within_minutes = 1; }, '$.methods.bank.pay_within_minutes', /must be >= 10/],
    ['an unknown provider', (j) => { j.methods.card.provider = 'stripe'; }, '$.methods.card.provider', /must be one of "simulated"/],
    ['an IBAN with spaces', (j) => { j.beneficiary.iban = 'GB33 BUKB 2020 1555 5555 55'; }, '$.beneficiary.iban', /pattern/],
    ['a misspelt field', (j) => { j.beneficiary.swift = 'BUKBGB22'; }, '$.beneficiary.swift', /unknown property/],
  ];
  it.each(cases)('%s', (_what, edit, at, reason) => {
    const good = fs.readFileSync(buyFile(), 'utf8');
    editJson(t.configDir, 'settings/buy.json', edit);
    const outcome = t.reload();
    expect(outcome.refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'settings/buy.json', path: at, reason: expect.stringMatching(reason) })]));
    expect(served().currencies[0].min).toBe('50');
    fs.writeFileSync(buyFile(), good);
    expect(t.reload().refused).toBeUndefined();
  });

  it('the file removed', () => {
    const good = fs.readFileSync(buyFile(), 'utf8');
    fs.rmSync(buyFile());
    expect(t.reload().refused?.problems).toEqual([expect.objectContaining({ file: 'settings/buy.json', path: '$', reason: expect.stringContaining('file is missing') })]);
    fs.writeFileSync(buyFile(), good);
    expect(t.reload().refused).toBeUndefined();
  });
});
