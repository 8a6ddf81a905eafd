import { io } from 'socket.io-client';
import { connectSocket, disconnectSocket, getSocket } from '../../../src/client/state/socket';
import { appState, clearUser, setToken } from '../../../src/client/state/store';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ auth: undefined as unknown, connect: jest.fn(), disconnect: jest.fn(), on: jest.fn() })),
}));

const ioMock = io as unknown as jest.Mock;

interface MockSocket { auth: unknown; connect: jest.Mock; disconnect: jest.Mock; on: jest.Mock }
/** Connects, and answers the mock socket io() returned. */
function connectMock(): MockSocket {
  connectSocket();
  return ioMock.mock.results[0].value as MockSocket;
}

beforeEach(() => {
  disconnectSocket();
  localStorage.clear();
  appState.reset();
  ioMock.mockClear();
});

test('connects to the site root with websocket then polling (also when the websocket is refused), reconnect 1000-5000 ms, timeout 20000, as a subscriber of rooms', () => {
  connectSocket();
  expect(ioMock).toHaveBeenCalledTimes(1);
  const opts = ioMock.mock.calls[0][0];
  expect(opts).toMatchObject({
    path: '/socket.io', transports: ['websocket', 'polling'], tryAllTransports: true, reconnection: true,
    reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20000,
  });
  expect(opts.auth).toEqual({ subscribes: true }); // never the platform's feed of every pair
  connectSocket();
  expect(ioMock).toHaveBeenCalledTimes(1);
});

test('sends auth.token when logged in', () => {
  setToken('tok');
  connectSocket('https://example.com');
  expect(ioMock.mock.calls[0][0]).toBe('https://example.com');
  expect(ioMock.mock.calls[0][1].auth).toEqual({ subscribes: true, token: 'tok' });
});

test('reconnects with the new token on login and without it on logout', () => {
  const socket = connectMock();
  setToken('new');
  expect(socket.auth).toEqual({ subscribes: true, token: 'new' });
  expect(socket.disconnect).toHaveBeenCalledTimes(1);
  expect(socket.connect).toHaveBeenCalledTimes(1);
  appState.set({ siteName: 'unrelated change' });
  expect(socket.connect).toHaveBeenCalledTimes(1);
  clearUser();
  expect(socket.auth).toEqual({ subscribes: true });
  expect(socket.connect).toHaveBeenCalledTimes(2);
  expect(getSocket()).toBe(socket);
});

test('when the server ends the session (a logout elsewhere), it reconnects without the token', () => {
  setToken('revoked');
  const socket = connectMock();
  const disconnected = (reason: string) => socket.on.mock.calls.filter(([event]) => event === 'disconnect').forEach(([, fn]) => (fn as (r: string) => void)(reason));
  disconnected('transport close'); // a network drop: socket.io reconnects by itself, with the same token
  expect(socket.connect).not.toHaveBeenCalled();
  disconnected('io server disconnect');
  expect(socket.auth).toEqual({ subscribes: true });
  expect(socket.connect).toHaveBeenCalledTimes(1);
});
