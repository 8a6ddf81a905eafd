/**
 * The real-time connection (SPEC 4, DESIGN "Real time"): socket.io at the site root, websocket then
 * polling, reconnect delay 1000-5000 ms, connection timeout 20000 ms. The `auth` always says that this app
 * subscribes to the market rooms it shows (SUBSCRIBER_AUTH: the server then never sends it every pair's
 * feed, as it does to the platform's app); a logged-in socket adds `token`. On login/logout the socket
 * reconnects with the new token (listeners are kept). When the server ends the session's socket (a logout
 * or password reset elsewhere), it reconnects without a token, so public prices keep flowing; the next API
 * call finds the session gone.
 */
import { io, type Socket } from 'socket.io-client';
import { SUBSCRIBER_AUTH } from '../../shared/contract/events';
import { attachConfigEvents } from '../platform/configuration';
import { attachLivePatches } from './live';
import { attachPrivateEvents } from './privateEvents';
import { attachRooms } from './rooms';
import { appState } from './store';

export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  /** A WebSocket the browser refuses (a Content-Security-Policy older than CSP 3) falls back to long-polling. */
  tryAllTransports: true,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const;

let socket: Socket | null = null;
let socketToken = '';
let unsubscribe: (() => void) | null = null;

function authFor(token: string): typeof SUBSCRIBER_AUTH & { token?: string } {
  return token ? { ...SUBSCRIBER_AUTH, token } : { ...SUBSCRIBER_AUTH };
}

/** Connects once (idempotent) and follows token changes in the app state. */
export function connectSocket(url?: string): Socket {
  if (socket) return socket;
  socketToken = appState.get().token;
  const opts = { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: authFor(socketToken) };
  socket = url ? io(url, opts) : io(opts);
  attachRooms(socket);
  attachPrivateEvents(socket);
  attachLivePatches(socket);
  attachConfigEvents(socket);
  socket.on('disconnect', (reason: string) => {
    // socket.io does not reconnect after the server's own disconnect.
    if (reason === 'io server disconnect' && socket) {
      socket.auth = authFor('');
      socket.connect();
    }
  });
  unsubscribe = appState.subscribe(() => {
    const { token } = appState.get();
    if (token !== socketToken) reconnectWithToken(token);
  });
  return socket;
}

function reconnectWithToken(token: string): void {
  socketToken = token;
  if (!socket) return;
  socket.auth = authFor(token);
  socket.disconnect();
  socket.connect();
}

export function getSocket(): Socket | null {
  return socket;
}

export function disconnectSocket(): void {
  unsubscribe?.();
  unsubscribe = null;
  socket?.disconnect();
  socket = null;
  socketToken = '';
}
