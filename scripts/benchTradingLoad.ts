/**
 * The load generator of benchTrading.ts, run as its own process so it never shares the server's event loop:
 * autocannon with one logged-in user per connection. Reads its task as JSON from argv[2], prints the result
 * as one JSON line.
 */
import autocannon from 'autocannon';

interface Task { url: string; method: 'GET' | 'POST'; path: string; bodies: string[]; tokens: string[]; connections: number; seconds: number }

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2]) as Task;
  let next = 0;
  const result = await autocannon({
    url: task.url,
    connections: task.connections,
    duration: task.seconds,
    requests: task.bodies.map((body) => ({
      method: task.method, path: task.path, body: task.method === 'POST' ? body : undefined,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })),
    setupClient(client) {
      const token = task.tokens[next++ % Math.max(1, task.tokens.length)];
      if (token) client.setHeaders({ 'content-type': 'application/x-www-form-urlencoded', authorization: token });
    },
  });
  console.log(JSON.stringify({
    requestsPerS: result.requests.average, p99: result.latency.p99, errors: result.errors, timeouts: result.timeouts,
    non2xx: result.non2xx, total: result.requests.total,
  }));
}

main().catch((err: unknown) => { console.error(err); process.exit(1); });
