/**
 * The load generator of benchApi.ts, run as its own process so it never shares the server's event loop:
 * autocannon, each connection logged in as a user of its own when tokens are given (the `authorization`
 * header), sending Accept-Encoding as a browser does. Reads its task as JSON from argv[2], prints the result
 * as one JSON line.
 */
import autocannon from 'autocannon';

export interface LoadTask {
  url: string; method: 'GET' | 'POST'; path: string; bodies: string[]; tokens: string[]; connections: number; seconds: number;
}
/** `notOk`: answers with HTTP 200 whose envelope is not `{"type":"ok"...` (compressed answers are not read). */
export interface LoadResult { requestsPerS: number; p99: number; errors: number; timeouts: number; non2xx: number; notOk: number; total: number }

/** The headers of every request: those of a browser's fetch, a form body for POST. */
export function loadHeaders(method: 'GET' | 'POST', token?: string): Record<string, string> {
  return {
    'accept-encoding': 'gzip, deflate, br, zstd',
    ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...(token ? { authorization: token } : {}),
  };
}

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2]) as LoadTask;
  let next = 0;
  let notOk = 0;
  const onResponse = (status: number, body: string, _context: object, headers?: Record<string, string | string[] | undefined>) => {
    if (status !== 200 || body.startsWith('{"type":"ok"')) return;
    if (!Object.keys(headers ?? {}).some((k) => k.toLowerCase() === 'content-encoding')) notOk++;
  };
  // Each connection's requests carry its own token (client.setHeaders would set it on the first request only).
  const requests = (token?: string) => task.bodies.map((body) => ({
    method: task.method, path: task.path, body: task.method === 'POST' ? body : undefined, headers: loadHeaders(task.method, token), onResponse,
  }));
  const result = await autocannon({
    url: task.url,
    connections: task.connections,
    duration: task.seconds,
    requests: requests(),
    setupClient(client) {
      const token = task.tokens[next++ % Math.max(1, task.tokens.length)];
      if (token) client.setRequests(requests(token));
    },
  });
  const out: LoadResult = {
    requestsPerS: result.requests.average, p99: result.latency.p99, errors: result.errors, timeouts: result.timeouts,
    non2xx: result.non2xx, notOk, total: result.requests.total,
  };
  console.log(JSON.stringify(out));
}

if (require.main === module) main().catch((err: unknown) => { console.error(err); process.exit(1); });
