/**
 * Sessions on the socket end with their tokens: logout and password reset disconnect the sockets the revoked
 * tokens authenticated, and a reconnection with a revoked token stays anonymous.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { userRoom } from '../../src/server/realtime';
import { attachSessions } from '../../src/server/realtime/sessions';
import { attachCluster } from '../../src/server/realtime/cluster';
import { appAuth, listen, SocketClients, type Transport } from './sockets';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let url: string;
const clients = new SocketClients();
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
}, 60_000);
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
});

const closeAll = () => clients.closeAll();
/** Our app's socket, logged in with `token`. */
const open = (base: string, token: string, transports?: Transport[]): Socket => clients.open(base, appAuth(token), transports);

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));
const connected = (s: Socket) => new Promise<void>((resolve, reject) => { s.once('connect', () => resolve()); s.once('connect_error', reject); });
const session = (s: Socket) => new Promise<{ user_id: number }>((resolve, reject) => { s.once('session', resolve); s.once('connect_error', reject); });
const disconnected = (s: Socket) => new Promise<string>((resolve) => { s.once('disconnect', resolve); });
const inRoom = async (userId: number) => (await t.app.services.realtime.io.in(userRoom(userId)).fetchSockets()).length;
const login = async (email: string, password = 'secret-pass') => (await t.call('POST /user/login', { user_string: email, password })).message as string;

test('logout disconnects the sockets of that token only; no balance event reaches them afterwards', async () => {
  const token = await t.signUp('logout.socket@example.com');
  const otherDevice = await login('logout.socket@example.com');
  const s = open(url, token);
  const other = open(url, otherDevice);
  const { user_id: userId } = await session(s);
  await session(other);
  const balances: string[] = [];
  s.on('balance', () => balances.push('balance'));

  const gone = disconnected(s);
  expect((await t.call('GET /user/logout', {}, { token })).type).toBe('ok');
  expect(await gone).toBe('io server disconnect');

  t.app.services.tell(userId, 'balance');
  await settle();
  expect(balances).toEqual([]);
  expect(other.connected).toBe(true);
  expect(await inRoom(userId)).toBe(1);
});

test('reconnecting with a revoked token connects anonymously and joins no user room', async () => {
  const token = await t.signUp('reconnect.socket@example.com');
  const s = open(url, token);
  const { user_id: userId } = await session(s);
  const gone = disconnected(s);
  await t.call('GET /user/logout', {}, { token });
  await gone;

  const sessions: unknown[] = [];
  s.on('session', (data) => sessions.push(data));
  const back = connected(s);
  s.connect(); // the same auth, as socket.io-client reconnects
  await back;
  await settle();
  expect(sessions).toEqual([]);
  expect(await inRoom(userId)).toBe(0);
  expect(s.connected).toBe(true);
});

test('a password reset disconnects all the user\'s sockets, on every transport', async () => {
  const email = 'reset.socket@example.com';
  const first = await t.signUp(email);
  const second = await login(email);
  const ws = open(url, first);
  const polling = open(url, second, ['polling']);
  const { user_id: userId } = await session(ws);
  await session(polling);
  expect(await inRoom(userId)).toBe(2);

  t.advance(61_000); // past the resend interval of the registration code
  expect((await t.call('POST /sms_mail', { user_string: email, scene: 'forget' })).type).toBe('ok');
  const code = await t.lastCode(email);
  const gone = Promise.all([disconnected(ws), disconnected(polling)]);
  const reset = await t.call('POST /user/forget', { user_string: email, code, password: 'new-password', re_password: 'new-password' });
  expect(reset.type).toBe('ok');
  expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
  expect(await inRoom(userId)).toBe(0);
  await closeAll(); // the polling client's last request ends while the app is up
  await settle(200);
});

test('a token revoked while its socket is being checked is checked again before the socket joins', async () => {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', transports: ['websocket'] });
  let live = true;
  let checks = 0;
  let firstCheckRead!: () => void;
  const firstCheckHasRead = new Promise<void>((resolve) => { firstCheckRead = resolve; });
  let finishFirstCheck!: () => void;
  const firstCheckMayFinish = new Promise<void>((resolve) => { finishFirstCheck = resolve; });
  const log = pino({ level: 'silent' });
  const sessions = attachSessions(io, attachCluster(io, log), {
    log,
    async resolveToken() {
      checks++;
      const userId = live ? 7 : undefined;
      if (checks === 1) { firstCheckRead(); await firstCheckMayFinish; } // read before the revocation, answers after
      return userId;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const s = open(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'a-token-being-revoked-now');
    await connected(s);
    await firstCheckHasRead;
    live = false;
    await sessions.disconnectUser(7);
    finishFirstCheck();
    await settle();
    expect(checks).toBe(2);
    expect(await io.in(userRoom(7)).fetchSockets()).toHaveLength(0);
  } finally {
    await closeAll();
    await new Promise<void>((resolve) => { io.close(() => resolve()); });
  }
});
