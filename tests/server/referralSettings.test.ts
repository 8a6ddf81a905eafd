/**
 * The referral rebate's parameters are configuration (settings/referral.json, issue 26): the rate of each level
 * and the day's recharge that counts. A change is served at the next reload (the page's levels and the job's
 * rates alike); a wrong value is refused with file, JSON path and reason, and the last good values are served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createConfiguredTestApp, editJson } from './helpers';

let t: Awaited<ReturnType<typeof createConfiguredTestApp>>;
beforeAll(async () => { t = await createConfiguredTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const FILE = 'settings/referral.json';
const file = () => path.join(t.configDir, FILE);
const served = () => t.app.services.configuration.current.referral;

test('the shipped file: SPEC 9\'s 5 %, 3 %, 2 % and 1 % over four levels, above 1000 USDT a day', () => {
  expect(served()).toEqual({ rates: ['0.05', '0.03', '0.02', '0.01'], daily_recharge_above: '1000' });
});

test('an operator\'s change is served after the reload: the page shows the new levels', async () => {
  const good = fs.readFileSync(file(), 'utf8');
  const token = await t.signUp('reader@referral-settings.example.com');
  editJson(t.configDir, FILE, (j) => { j.rates = ['0.1', '0.05']; j.daily_recharge_above = '500'; });
  expect(t.reload()).toMatchObject({ changed: true });
  const info = (await t.call('GET /referral/info', {}, { token })).message;
  expect(info.daily_recharge_above).toBe('500');
  expect(info.levels.map((l: { rate: string }) => l.rate)).toEqual(['0.1', '0.05']);
  fs.writeFileSync(file(), good);
  expect(t.reload()).toMatchObject({ changed: true });
});

describe('a wrong referral file is refused and the last good values are served', () => {
  const cases: Array<[string, (j: any) => void, string, RegExp]> = [
    ['a rate as a percentage', (j) => { j.rates[0] = '5'; }, '$.rates[0]', /pattern/],
    ['a rate of nothing', (j) => { j.rates[3] = '0'; }, '$.rates[3]', /more than 0/],
    ['rates that pay out the whole recharge', (j) => { j.rates = ['0.5', '0.3', '0.2']; }, '$.rates', /add up to 1/],
    ['no level', (j) => { j.rates = []; }, '$.rates', /fewer than 1/],
    ['nine levels', (j) => { j.rates = Array(9).fill('0.01'); }, '$.rates', /more than 8/],
    ['a threshold that is not a decimal', (j) => { j.daily_recharge_above = '1,000'; }, '$.daily_recharge_above', /pattern/],
    ['a misspelt field', (j) => { j.threshold = '1000'; }, '$.threshold', /unknown property/],
  ];
  it.each(cases)('%s', (_what, edit, at, reason) => {
    const good = fs.readFileSync(file(), 'utf8');
    editJson(t.configDir, FILE, edit);
    expect(t.reload().refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file: FILE, path: at, reason: expect.stringMatching(reason) })]));
    expect(served().rates).toHaveLength(4);
    fs.writeFileSync(file(), good);
    expect(t.reload().refused).toBeUndefined();
  });

  it('the file removed', () => {
    const good = fs.readFileSync(file(), 'utf8');
    fs.rmSync(file());
    expect(t.reload().refused?.problems).toEqual([expect.objectContaining({ file: FILE, path: '$', reason: expect.stringContaining('file is missing') })]);
    fs.writeFileSync(file(), good);
    expect(t.reload().refused).toBeUndefined();
  });
});
