/**
 * Issue 24 through the real app: a configuration mistake the lint refuses also stops the server's load (the
 * same check), and a form rule that reads only what the form sends is enforced by the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigCompileError } from '../../src/server/configuration/compile';
import { formatProblem } from '../../src/shared/config/lint';
import { copyConfig, createTestApp, editJson } from './helpers';

test('the server does not start on a configuration the lint refuses: unknown tag, unknown icon, a limit that cannot apply', async () => {
  const dir = copyConfig();
  try {
    editJson(dir, 'i18n/en.json', (m) => { m['mining.intro'] = m['mining.intro'].replace(/<(\/?)b>/g, '<$1promo>'); });
    const security = path.join(dir, 'screens/setting/security.json');
    fs.writeFileSync(security, fs.readFileSync(security, 'utf8').replace('"icon": "lock"', '"icon": "padlock"'));
    editJson(dir, 'schemas/withdraw.json', (f) => { f.schema.properties.number.minimum = 50; });
    editJson(dir, 'schemas/mining-order.json', (f) => { f.rules.push({ field: 'amount', test: '!form.amount || form.amount >= 200', message: 'api.mining.below_min' }); });
    const started = await createTestApp({ configDir: dir }).then(async (t) => { await t.close(); return undefined; }, (err: unknown) => err);
    expect(started).toBeInstanceOf(ConfigCompileError);
    const lines = (started as ConfigCompileError).problems.map(formatProblem);
    expect(lines).toEqual(expect.arrayContaining([
      expect.stringMatching(/^i18n\/en\.json: \$\["mining\.intro"\]: <promo>: not a tag the app draws/),
      expect.stringMatching(/^screens\/setting\/security\.json: .*icon: unknown icon "padlock"/),
      expect.stringMatching(/^schemas\/withdraw\.json: \$\.schema\.properties\.number\.minimum: "minimum" applies to numbers only/),
      expect.stringMatching(/^schemas\/mining-order\.json: \$\.rules\[4\]\.test: the fixed limit 200 would apply to every choice at once/),
    ]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('a form rule that reads only what the form sends is enforced by the API, with its own message', async () => {
  const dir = copyConfig();
  editJson(dir, 'schemas/transfer.json', (f) => { f.rules.push({ field: 'from_field', test: "form.from_field != 'micro'", message: 'transfer.pick.hint' }); });
  const t = await createTestApp({ configDir: dir });
  try {
    const token = await t.signUp('rules.transfer@example.com');
    const refused = await t.call('POST /wallet/change', { currency_id: '3', from_field: 'micro', to_field: 'change', number: '1' }, { token });
    expect(refused).toEqual(expect.objectContaining({ type: 'error', message: 'Choose the account to transfer from' }));
    const other = await t.call('POST /wallet/change', { currency_id: '3', from_field: 'legal', to_field: 'change', number: '1' }, { token });
    expect(other.message).not.toBe('Choose the account to transfer from');
  } finally {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
