/**
 * The operator CLI against a running server: deposits and identity submissions listed, approved once,
 * rejected with a reason; the door is closed to others.
 */
import { runOps } from '../../scripts/ops';
import { OPS_TOKEN_HEADER, writeOpsFile } from '../../src/server/ops/http';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let bea: string;
let voucher: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  writeOpsFile(t.dataDir, `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, t.app.services.opsToken);
  bea = await t.signUp('bea.ops@example.com');
  const { payload, headers } = multipart({ filename: 'v.png', type: 'image/png', data: PNG_1X1 });
  voucher = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: bea } })).json().message;
}, 60_000);
afterAll(async () => { await t?.close(); });

const ops = async (...args: string[]) => {
  const lines: string[] = [];
  const code = await runOps(args, t.dataDir, (l) => lines.push(l));
  return { code, lines };
};

test('list, approve once, reject with a reason', async () => {
  expect(await ops('deposits')).toEqual({ code: 0, lines: ['no deposits under review'] });
  const a = (await t.call('POST /wallet/charge_req', { currency: 3, chain: 'TRC20', amount: '250', account: voucher }, { token: bea })).message;
  const b = (await t.call('POST /wallet/charge_req', { currency: 3, chain: 'TRC20', amount: '40', account: voucher }, { token: bea })).message;
  const listed = await ops('deposits');
  expect(listed.lines).toHaveLength(2);
  expect(listed.lines[0]).toMatch(new RegExp(`^#${a.id}  bea\\.ops@example\\.com  250 \\(currency 3, TRC20\\)`));
  expect(await ops('approve-deposit', String(a.id))).toEqual({ code: 0, lines: [`deposit #${a.id} approved and credited`] });
  expect(await ops('approve-deposit', String(a.id))).toEqual({ code: 1, lines: [`refused: deposit ${a.id} was already reviewed`] });
  expect(await ops('reject-deposit', String(b.id), 'Amount', 'does', 'not', 'match')).toEqual({ code: 0, lines: [`deposit #${b.id} rejected`] });
  expect((await t.call('POST /wallet/detail', { currency: 3, type: 'change' }, { token: bea })).message.change_balance).toBe('250');
  expect((await t.call('GET /recharge/log', { stat: 2 }, { token: bea })).message.data[0].reason).toBe('Amount does not match');
});

test('withdrawals: listed, and a decision on an unknown one is refused', async () => {
  expect(await ops('withdrawals')).toEqual({ code: 0, lines: ['no withdrawals under review'] });
  expect(await ops('pay-withdrawal', '999')).toEqual({ code: 1, lines: ['refused: no withdrawal 999'] });
  expect(await ops('reject-withdrawal', '999', 'Sanctioned', 'address')).toEqual({ code: 1, lines: ['refused: no withdrawal 999'] });
  expect((await ops('reject-withdrawal', '999')).code).toBe(2);
});

test('identity: listed with what was submitted, approved once, rejected with a reason the user sees', async () => {
  expect(await ops('identity')).toEqual({ code: 0, lines: ['no identity submissions under review'] });
  expect((await t.call('POST /sms_send', { area_code: '+44', mobile: '7700900123' }, { token: bea })).type).toBe('ok');
  const code = await t.lastCode('+44 7700900123');
  expect((await t.call('POST /safe/mobile', { area_code: '+44', mobile: '7700900123', code }, { token: bea })).type).toBe('ok');
  const basic = { real_type: 1, id_type: 0, name: 'Bea Ops', card_id: 'AB-123456', address: '1 Test Street London' };
  expect((await t.call('POST /user/real', basic, { token: bea })).type).toBe('ok');
  const listed = await ops('identity');
  expect(listed.lines).toHaveLength(1);
  const id = Number(/^#(\d+) /.exec(listed.lines[0])![1]);
  expect(listed.lines[0]).toMatch(new RegExp(`^#${id}  bea\\.ops@example\\.com  Lv1 \\(now Lv0\\)  id_card AB-123456  Bea Ops  address: 1 Test Street London  \\d{4}-`));
  expect(await ops('approve-identity', String(id))).toEqual({ code: 0, lines: [`identity submission #${id} approved`] });
  expect(await ops('approve-identity', String(id))).toEqual({ code: 1, lines: [`refused: identity submission ${id} was already reviewed`] });
  expect((await t.call('GET /real/state', {}, { token: bea })).message).toMatchObject({ real_state: 2, real_level: 1 });

  const pics = { front_pic: voucher, reverse_pic: voucher, hand_pic: voucher };
  expect((await t.call('POST /user/real', { real_type: 2, ...pics }, { token: bea })).type).toBe('ok');
  const lv2 = await ops('identity');
  const id2 = Number(/^#(\d+) /.exec(lv2.lines[0])![1]);
  expect(lv2.lines[0]).toContain(`Lv2 (now Lv1)  front ${voucher}  back ${voucher}  holding ${voucher}`);
  expect((await ops('reject-identity', String(id2))).code).toBe(2);
  expect(await ops('reject-identity', String(id2), 'Photos', 'are', 'blurred')).toEqual({ code: 0, lines: [`identity submission #${id2} rejected`] });
  expect((await t.call('GET /real/state', {}, { token: bea })).message).toMatchObject({ real_state: 3, real_level: 1, reason: 'Photos are blurred' });
  expect(await ops('reject-identity', '999', 'No', 'such')).toEqual({ code: 1, lines: ['refused: no identity submission 999'] });
  expect(await ops('identity')).toEqual({ code: 0, lines: ['no identity submissions under review'] });
  expect((await ops('approve-identity')).code).toBe(2);
  expect((await ops('approve-identity', '5', 'extra')).code).toBe(2);
});

test('wrong usage prints the usage; without the token or from elsewhere the routes do not exist', async () => {
  const wrong = await ops('approve-deposit');
  expect(wrong.code).toBe(2);
  expect(wrong.lines[0]).toMatch(/^usage: npm run ops -- .*approve-deposit <id> \| reject-deposit <id> <reason\.\.\.>/);
  expect((await ops('reject-deposit', '5')).code).toBe(2);
  expect((await ops('approve-deposit', '0')).code).toBe(2);
  expect((await ops('approve-deposit', '5', 'extra')).code).toBe(2);
  expect((await ops('launch-rockets')).code).toBe(2);
  const run = { method: 'POST' as const, url: '/ops/run', payload: { command: 'deposits', args: [] } };
  expect((await t.app.inject(run)).statusCode).toBe(404);
  expect((await t.app.inject({ ...run, headers: { [OPS_TOKEN_HEADER]: 'f'.repeat(64) } })).statusCode).toBe(404);
  const fromAfar = await t.app.inject({ ...run, remoteAddress: '203.0.113.9', headers: { [OPS_TOKEN_HEADER]: t.app.services.opsToken } });
  expect(fromAfar.statusCode).toBe(404);
  expect((await t.app.inject({ ...run, headers: { [OPS_TOKEN_HEADER]: t.app.services.opsToken } })).statusCode).toBe(200);
});

test('without a command: the usage and one line per command of every area, from the server', async () => {
  const listed = await ops();
  expect(listed.code).toBe(2);
  const names = listed.lines.slice(1).map((l) => l.trim().split(/\s+/)[0]);
  expect(names).toEqual(expect.arrayContaining(['deposits', 'approve-deposit', 'withdrawals', 'identity', 'config-status', 'reload-config', 'reconcile']));
  expect(listed.lines.find((l) => l.trim().startsWith('reject-withdrawal'))).toMatch(/reject-withdrawal <id> <reason\.\.\.>\s+refuse a withdrawal; the amount is unfrozen/);
});

test('reconcile: every balance of the demo database equals its postings', async () => {
  const result = await ops('reconcile');
  expect(result.code).toBe(0);
  expect(result.lines).toEqual([expect.stringMatching(/^\d+ accounts, \d+ entries: every balance equals its postings, every entry balances, every frozen amount is held$/)]);
  expect(Number(/^(\d+) accounts/.exec(result.lines[0])![1])).toBeGreaterThan(0);
});
