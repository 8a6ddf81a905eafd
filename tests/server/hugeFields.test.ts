/**
 * A megabyte in any text field costs next to nothing: every string field of every request gets a
 * 1,000,000-character value (as JSON, under Fastify's 1 MiB body limit, so it reaches validation; GET in
 * the query string), once plain letters and once spaces ending in a control character (the input that made
 * a backtracking pattern stall the server). Each answer is a refusal in the envelope. It comes fast because
 * maxLength runs before any pattern; the slowest answers are printed, not asserted (a timed test fails on a
 * busy machine; speed belongs in `npm run bench`).
 */
import type { LightMyRequestResponse } from 'fastify';
import { ENDPOINTS, type EndpointKey } from '../../src/shared/contract';
import { ENDPOINT_KEYS, fieldSamples, fieldsOf, NO_LIMITS, uploadImage, validRequest, type Input } from './catalogueRequests';
import { createTestApp, type TestApp } from './helpers';

const MEGA = 1_000_000;
const HUGE_VALUES = [
  { label: 'letters', value: 'a'.repeat(MEGA) },
  { label: 'spaces then \\u0001', value: `${' '.repeat(MEGA - 1)}\u0001` },
];
let t: TestApp;
let token: string;
let samples: Input;
const timings: Array<{ what: string; ms: number }> = [];

beforeAll(async () => {
  t = await createTestApp({ limits: NO_LIMITS });
  token = await t.signUp('huge@example.com');
  samples = fieldSamples(await uploadImage(t, token));
}, 60_000);
afterAll(async () => {
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5).map(({ what, ms }) => `${ms.toFixed(1)} ms ${what}`);
  console.log(`hugeFields: ${timings.length} requests; slowest:\n${slowest.join('\n')}`);
  await t?.close();
});

const textFieldsOf = (key: EndpointKey) => fieldsOf(ENDPOINTS[key]).filter((f) => f.types.includes('string')).map((f) => f.name);
const WITH_TEXT = ENDPOINT_KEYS.filter((key) => textFieldsOf(key).length > 0);

async function send(key: EndpointKey, input: Input): Promise<{ res: LightMyRequestResponse; ms: number }> {
  const spec = ENDPOINTS[key];
  const headers: Record<string, string> = spec.auth ? { authorization: token } : {};
  const started = performance.now();
  const res = spec.method === 'GET'
    ? await t.app.inject({ method: 'GET', url: `/api${spec.path}?${new URLSearchParams(input as Record<string, string>)}`, headers })
    : await t.app.inject({ method: 'POST', url: `/api${spec.path}`, payload: JSON.stringify(input), headers: { ...headers, 'content-type': 'application/json' } });
  return { res, ms: performance.now() - started };
}

test.each(WITH_TEXT)('%s: a megabyte in each text field is refused in the envelope', async (key) => {
  const base = validRequest(ENDPOINTS[key], samples);
  const answers: Array<[string, string, unknown, boolean]> = [];
  for (const field of textFieldsOf(key)) {
    for (const { label, value } of HUGE_VALUES) {
      const { res, ms } = await send(key, { ...base, [field]: value });
      const what = `${key} ${field}=${label}`;
      timings.push({ what, ms });
      const body = res.json() as { type?: unknown; message?: unknown };
      const envelope = Object.keys(body).sort().join() === 'message,type' && typeof body.message === 'string' && body.message !== '';
      answers.push([what, res.statusCode < 500 ? 'below 500' : `HTTP ${res.statusCode}`, body.type, envelope]);
    }
  }
  expect(answers.filter(([, status, type, envelope]) => status !== 'below 500' || type !== 'error' || !envelope)).toEqual([]);
});
