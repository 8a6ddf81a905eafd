/** The operator CLI against a running server: deposits listed, approved once, rejected with a reason; the door is closed to others. */
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
  const a = (await t.call('POST /wallet/charge_req', { currency: 100, chain: 'TRC20', amount: '250', voucher }, { token: bea })).message;
  const b = (await t.call('POST /wallet/charge_req', { currency: 100, chain: 'TRC20', amount: '40', voucher }, { token: bea })).message;
  const listed = await ops('deposits');
  expect(listed.lines).toHaveLength(2);
  expect(listed.lines[0]).toMatch(new RegExp(`^#${a.id}  bea\\.ops@example\\.com  250 \\(currency 100, TRC20\\)`));
  expect(await ops('approve-deposit', String(a.id))).toEqual({ code: 0, lines: [`deposit #${a.id} approved and credited`] });
  expect(await ops('approve-deposit', String(a.id))).toEqual({ code: 1, lines: [`refused: deposit ${a.id} was already reviewed`] });
  expect(await ops('reject-deposit', String(b.id), 'Amount', 'does', 'not', 'match')).toEqual({ code: 0, lines: [`deposit #${b.id} rejected`] });
  expect((await t.call('POST /wallet/detail', { currency: 100, type: 'change' }, { token: bea })).message.available).toBe('250');
  expect((await t.call('GET /recharge/log', { stat: 2 }, { token: bea })).message.data[0].reason).toBe('Amount does not match');
});

test('withdrawals: listed, and a decision on an unknown one is refused', async () => {
  expect(await ops('withdrawals')).toEqual({ code: 0, lines: ['no withdrawals under review'] });
  expect(await ops('pay-withdrawal', '999')).toEqual({ code: 1, lines: ['refused: no withdrawal 999'] });
  expect(await ops('reject-withdrawal', '999', 'Sanctioned', 'address')).toEqual({ code: 1, lines: ['refused: no withdrawal 999'] });
  expect((await ops('reject-withdrawal', '999')).code).toBe(2);
});

test('wrong usage prints the usage; without the token or from elsewhere the routes do not exist', async () => {
  expect((await ops('approve-deposit')).code).toBe(2);
  expect((await ops('reject-deposit', '5')).code).toBe(2);
  expect((await ops('launch-rockets')).code).toBe(2);
  expect((await t.app.inject({ method: 'GET', url: '/ops/deposits' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/ops/deposits', headers: { [OPS_TOKEN_HEADER]: 'f'.repeat(64) } })).statusCode).toBe(404);
  const fromAfar = await t.app.inject({ method: 'GET', url: '/ops/deposits', remoteAddress: '203.0.113.9', headers: { [OPS_TOKEN_HEADER]: t.app.services.opsToken } });
  expect(fromAfar.statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/ops/deposits', headers: { [OPS_TOKEN_HEADER]: t.app.services.opsToken } })).statusCode).toBe(200);
});
