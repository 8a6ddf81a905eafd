/**
 * A load balancer on loopback in front of several nodes, without sticky sessions: each HTTP request and each
 * WebSocket upgrade goes to the next node in turn, with the client's address in X-Forwarded-For. `served`
 * lists the node (its URL) of each request and upgrade, in order.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';

export interface RoundRobinProxy {
  url: string;
  served: string[];
  close(): Promise<void>;
}

export async function roundRobinProxy(nodes: readonly string[]): Promise<RoundRobinProxy> {
  const served: string[] = [];
  const open = new Set<Socket>();
  const next = () => {
    const node = nodes[served.length % nodes.length];
    served.push(node);
    return new URL(node);
  };
  const forwardedFor = (req: http.IncomingMessage) => [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const server = http.createServer((req, res) => {
    const node = next();
    const upstream = http.request({
      host: node.hostname, port: node.port, method: req.method, path: req.url, agent: false,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const node = next();
    const upstream = net.connect(Number(node.port), node.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i].toLowerCase() !== 'x-forwarded-for') lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwardedFor(req)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => { client.destroy(); upstream.destroy(); });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    async close() {
      for (const socket of open) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
