/** socket.io clients of a test app listening on a free port, all closed together at the end. */
import type { AddressInfo } from 'node:net';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { SUBSCRIBER_AUTH } from '../../src/shared/contract/events';
import type { TestApp } from './helpers';

/** Listens on a free loopback port; answers the app's URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export type Transport = 'websocket' | 'polling';

/** The `auth` of our app's socket: it subscribes to rooms, and sends the token when logged in. */
export const appAuth = (token?: string): Record<string, unknown> => (token ? { ...SUBSCRIBER_AUTH, token } : { ...SUBSCRIBER_AUTH });

export class SocketClients {
  private readonly sockets: Socket[] = [];

  /** A client that does not reconnect by itself (a test reconnects on purpose). */
  open(url: string, auth?: Record<string, unknown>, transports: Transport[] = ['websocket']): Socket {
    return this.connect(url, { path: '/socket.io', transports, auth, reconnection: false, timeout: 5000 });
  }

  /** A client with the options given (closed with the others). */
  connect(url: string, options: Partial<ManagerOptions & SocketOptions>): Socket {
    const socket = connect(url, options);
    this.sockets.push(socket);
    return socket;
  }

  /** Closes every client opened so far, waiting for the connected ones to see their disconnect. */
  async closeAll(): Promise<void> {
    await Promise.all(this.sockets.splice(0).map((s) => new Promise<void>((resolve) => {
      if (!s.connected) { s.close(); resolve(); return; }
      s.once('disconnect', () => resolve());
      s.close();
    })));
  }
}
