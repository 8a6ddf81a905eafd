/**
 * The VIP levels are configuration (settings/vip.json, issue 26): the window of volume and each level's volume
 * and fee discounts. A change is served at the next reload; a wrong value is refused with file, JSON path and
 * reason, and the last good levels keep being served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createConfiguredTestApp, editJson } from './helpers';

let t: Awaited<ReturnType<typeof createConfiguredTestApp>>;
beforeAll(async () => { t = await createConfiguredTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const FILE = 'settings/vip.json';
const file = () => path.join(t.configDir, FILE);
const served = () => t.app.services.configuration.current.vip;

test('the shipped file: three levels over 30 days, 10 %, 20 % and 30 % off', () => {
  expect(served().window_days).toBe(30);
  expect(served().levels.map((l) => [l.level, l.volume_above, l.spot_fee_discount])).toEqual([[1, '100000', '0.1'], [2, '1000000', '0.2'], [3, '10000000', '0.3']]);
});

test('an operator\'s change is served after the reload: the page and the ticket use it', async () => {
  const good = fs.readFileSync(file(), 'utf8');
  const token = await t.signUp('reader@vip-settings.example.com');
  editJson(t.configDir, FILE, (j) => { j.window_days = 7; j.levels[0].volume_above = '50000'; });
  expect(t.reload()).toMatchObject({ changed: true });
  expect((await t.call('GET /vip/info', {}, { token })).message).toMatchObject({ window_days: 7, next: { level: 1, volume_above: '50000' } });
  fs.writeFileSync(file(), good);
  expect(t.reload()).toMatchObject({ changed: true });
});

describe('a wrong VIP file is refused and the last good levels are served', () => {
  const cases: Array<[string, (j: any) => void, string, RegExp]> = [
    ['a level out of order', (j) => { j.levels[1].level = 3; }, '$.levels[1].level', /expected 2/],
    ['a higher level that takes less volume', (j) => { j.levels[2].volume_above = '500000'; }, '$.levels[2].volume_above', /not above level 2/],
    ['a higher level with a smaller discount', (j) => { j.levels[1].spot_fee_discount = '0.05'; }, '$.levels[1].spot_fee_discount', /would pay more/],
    ['a discount as a percentage', (j) => { j.levels[0].contract_fee_discount = '10'; }, '$.levels[0].contract_fee_discount', /pattern/],
    ['a window of no days', (j) => { j.window_days = 0; }, '$.window_days', /must be >= 1/],
    ['a misspelt field', (j) => { j.levels[0].fee_discount = '0.1'; }, '$.levels[0].fee_discount', /unknown property/],
  ];
  it.each(cases)('%s', (_what, edit, at, reason) => {
    const good = fs.readFileSync(file(), 'utf8');
    editJson(t.configDir, FILE, edit);
    expect(t.reload().refused?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ file: FILE, path: at, reason: expect.stringMatching(reason) })]));
    expect(served().levels).toHaveLength(3);
    fs.writeFileSync(file(), good);
    expect(t.reload().refused).toBeUndefined();
  });
});
