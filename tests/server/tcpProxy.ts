/**
 * A TCP proxy on loopback in front of a server (PostgreSQL, Redis), that a test can cut: every connection
 * through it ends at once and new ones are refused, as when the server goes down; `restore` serves again
 * on the same port.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      open.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => { open.delete(from); to.destroy(); });
      from.pipe(to);
    }
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const stop = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of open) socket.destroy();
  });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return { port, cut: stop, restore: () => listen(port), close: stop };
}

/** A proxy in front of the server a URL names (postgres://…, redis://…), and the same URL through the proxy. */
export async function proxied(url: string): Promise<{ proxy: TcpProxy; url: string }> {
  const parsed = new URL(url);
  const proxy = await tcpProxy({ host: parsed.hostname, port: Number(parsed.port || (parsed.protocol === 'redis:' ? 6379 : 5432)) });
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return { proxy, url: parsed.toString() };
}
