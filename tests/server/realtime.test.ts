import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { userRoom } from '../../src/server/realtime';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await Promise.all(sockets.map((s) => new Promise<void>((resolve) => {
    if (!s.connected) { s.close(); resolve(); return; }
    s.once('disconnect', () => resolve());
    s.close();
  })));
  await new Promise((r) => setTimeout(r, 50));
  await t?.close();
});

function open(auth?: Record<string, string>, transports: Array<'websocket' | 'polling'> = ['websocket']): Socket {
  const s = connect(url, { path: '/socket.io', transports, auth, reconnection: false, timeout: 5000 });
  sockets.push(s);
  return s;
}

test('a socket with a token joins its user room and receives private events', async () => {
  const token = await t.signUp('socket@example.com');
  const info = (await t.call('GET /user/info', {}, { token })).message;
  const s = open({ token });
  const session = await new Promise<{ user_id: number }>((resolve, reject) => {
    s.on('session', resolve);
    s.on('connect_error', reject);
  });
  expect(session).toEqual({ user_id: info.id });
  const inRoom = await t.app.services.realtime.io.in(userRoom(info.id)).fetchSockets();
  expect(inRoom).toHaveLength(1);
  const got = new Promise((resolve) => s.on('balance', resolve));
  t.app.services.realtime.toUser(info.id, 'balance', { currency: 'USDT' });
  await expect(got).resolves.toEqual({ currency: 'USDT' });
});

test('polling works; without a token or with a revoked one no private room is joined', async () => {
  const anon = open(undefined, ['polling']);
  await new Promise<void>((resolve, reject) => { anon.on('connect', () => resolve()); anon.on('connect_error', reject); });
  const token = await t.signUp('revoked@example.com');
  await t.call('GET /user/logout', {}, { token });
  const revoked = open({ token });
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
