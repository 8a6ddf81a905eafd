/**
 * A node stops promptly whatever its clients do: a phone whose network died mid-session never answers the
 * websocket's closing handshake, and the stop must not wait for it (the websocket library would wait 30 s).
 */
import http from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { listen } from './sockets';
import { createTestApp } from './helpers';

/** A websocket upgrade of socket.io's endpoint whose client then goes silent (reads and answers nothing). */
function silentWebsocket(url: string): Promise<NetSocket> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/socket.io/?EIO=4&transport=websocket`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    req.on('upgrade', (_res, socket) => { socket.pause(); resolve(socket); });
    req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

test('the server stops without waiting for a websocket client that never answers its close', async () => {
  const t = await createTestApp();
  const url = await listen(t);
  const silent = await silentWebsocket(url);
  const closed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
  silent.resume(); // reads again only to see the server end the connection; it never answers the close frame
  silent.on('data', () => undefined);
  await t.close();
  await closed;
  expect(silent.destroyed).toBe(true);
}, 10_000);
