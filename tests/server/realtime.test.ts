import type { Socket } from 'socket.io-client';
import { userRoom } from '../../src/server/realtime';
import { SECURITY_HEADERS } from '../../src/server/static';
import { OPS_TOKEN_HEADER } from '../../src/server/ops/http';
import { appAuth, listen, SocketClients, type Transport } from './sockets';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let url: string;
const clients = new SocketClients();
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
}, 60_000);
afterAll(async () => {
  await clients.closeAll();
  await new Promise((r) => setTimeout(r, 50));
  await t?.close();
});

const open = (auth?: Record<string, unknown>, transports?: Transport[]): Socket => clients.open(url, auth, transports);

test('a socket with a token joins its user room and receives private events', async () => {
  const token = await t.signUp('socket@example.com');
  const info = (await t.call('GET /user/info', {}, { token })).message;
  const s = open(appAuth(token));
  const session = await new Promise<{ user_id: number }>((resolve, reject) => {
    s.on('session', resolve);
    s.on('connect_error', reject);
  });
  expect(session).toEqual({ user_id: info.id });
  const inRoom = await t.app.services.realtime.io.in(userRoom(info.id)).fetchSockets();
  expect(inRoom).toHaveLength(1);
  const got = new Promise((resolve) => s.on('balance', resolve));
  t.app.services.tell(info.id, 'balance');
  const payload = await got as { refresh: string[] };
  expect(payload.refresh).toEqual(expect.arrayContaining(['POST /wallet/list', 'POST /wallet/legal_log', 'GET /user/withdraw/list', 'POST /wallet/get_info']));
  expect(payload.refresh).not.toContain('GET /real/state');
});

test('polling works; without a token or with a revoked one no private room is joined', async () => {
  const anon = open(undefined, ['polling']);
  await new Promise<void>((resolve, reject) => { anon.on('connect', () => resolve()); anon.on('connect_error', reject); });
  const token = await t.signUp('revoked@example.com');
  await t.call('GET /user/logout', {}, { token });
  const revoked = open(appAuth(token));
  await new Promise<void>((resolve) => revoked.on('connect', () => resolve()));
  await new Promise((r) => setTimeout(r, 100));
  const ids = (await t.app.services.realtime.io.fetchSockets()).filter((s) => s.data.userId !== undefined).map((s) => s.data.userId);
  expect(ids).toHaveLength(1);
  // Let the polling client finish its last request while the test environment is alive.
  await new Promise<void>((resolve) => { anon.io.engine.once('close', () => resolve()); anon.close(); });
  await new Promise((r) => setTimeout(r, 200));
});

test('HTTP and the API still work on the same port', async () => {
  const res = await fetch(`${url}/api/getSiteConfig`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect((await res.json()).type).toBe('ok');
});

test('engine.io\'s polling answers carry the security headers of the rest of the server', async () => {
  const expectSecurityHeaders = (res: Response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect([name, res.headers.get(name)]).toEqual([name, value]);
  };
  const handshake = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
  expect(handshake.status).toBe(200);
  expectSecurityHeaders(handshake);
  const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string }; // "0{...}": the open packet
  const sent = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '40' }); // connect to "/"
  expect(await sent.text()).toBe('ok');
  expectSecurityHeaders(sent);
  const polled = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
  expect(await polled.text()).toMatch(/^40/);
  expectSecurityHeaders(polled);
  await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '1' }); // close
});

test('money moved by the user or decided by the operator is announced in the private room', async () => {
  const token = await t.signUp('balance.events@example.com');
  const s = open(appAuth(token));
  await new Promise((resolve) => s.on('session', resolve));
  const events: string[] = [];
  s.on('balance', () => events.push('balance'));
  const { payload, headers } = multipart({ filename: 'voucher.png', type: 'image/png', data: PNG_1X1 });
  const voucher = (await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: token } })).json().message;
  const deposit = await t.call('POST /wallet/charge_req', { currency: 3, chain: 'TRC20', amount: '50', account: voucher }, { token });
  await new Promise((r) => setTimeout(r, 100));
  expect(events).toEqual(['balance']); // the deposit record is new
  const approved = await t.app.inject({
    method: 'POST', url: '/ops/run', headers: { [OPS_TOKEN_HEADER]: t.app.services.opsToken },
    payload: { command: 'approve-deposit', args: [String(deposit.message.id)] },
  });
  expect(approved.json()).toEqual({ lines: [`deposit #${deposit.message.id} approved and credited`] });
  await new Promise((r) => setTimeout(r, 100));
  expect(events).toEqual(['balance', 'balance']);
  await t.call('POST /wallet/change', { currency_id: 3, number: '10', from_field: 'change', to_field: 'lever' }, { token });
  await t.call('POST /wallet/change', { currency_id: 3, number: '99999', from_field: 'change', to_field: 'lever' }, { token }); // refused: no event
  await new Promise((r) => setTimeout(r, 100));
  expect(events).toEqual(['balance', 'balance', 'balance']);
});
