/**
 * Catalogue-driven fuzzing through the real app. For every endpoint of ENDPOINTS, without a token, with a
 * valid one and (auth endpoints) with a garbage one: each request field in turn takes each value of a fixed
 * hostile list (wrong JSON types, empty, huge, control and bidi characters, malformed numbers), form-encoded
 * (the query string for GET) and as JSON, the other fields valid; then empty and garbage bodies. Every answer
 * is the envelope below HTTP 500 and no error is logged. Integer fields take only plain decimal text, and
 * no text field takes a control or bidi character.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ENDPOINTS, type EndpointKey, type EndpointSpec } from '../../src/shared/contract';
import { ENDPOINT_KEYS, fieldSamples, fieldsOf, NO_LIMITS, schemaError, uploadImage, validRequest, type Input } from './catalogueRequests';
import { createTestApp, type LogLine, type TestApp } from './helpers';

jest.setTimeout(60_000);

const EMAIL = 'fuzz@example.com';
const PASSWORD = 'secret-pass';
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const BATCH = 16;
const USDT = 3;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ENVELOPE_TYPES = ['ok', 'error', '999', '998'];
/**
 * These endpoints end sessions (the one they are called with, or one named by its id): each of their valid-token
 * requests gets a new session of another account, so the sessions they end are never the suite's.
 */
const ENDS_SESSION: ReadonlySet<EndpointKey> = new Set<EndpointKey>(['GET /user/logout', 'POST /user/sessions/end', 'POST /user/sessions/end_others']);
const ENDER_EMAIL = 'fuzz.sessions@example.com';

interface Hostile {
  label: string;
  /** As text (form field, query parameter); an array is sent as the key repeated. Absent: JSON only. */
  text?: string | string[];
  /** The raw JSON token. */
  json: string;
  /** A control or bidi character: refused in every text field. */
  control?: boolean;
  /** Text that is not a plain decimal: refused in every integer field. */
  notDecimal?: boolean;
}

const CONTROL_TEXTS = ['a\u0000b', 'a\nb', '\u001b[31m', 'a\u202eb', '\u2066x'];
const NUMBER_TEXTS = ['-1', '0', '1e18', '1e400', '99999999999999999999', '0x10', '1.0000000000000000000001', 'NaN', 'Infinity', '-0'];
const PLAIN_DECIMAL = /^-?\d+$/;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

const HOSTILE: Hostile[] = [
  { label: 'object', text: '{"a":1}', json: '{"a":1}' },
  { label: 'array', text: ['a', 'b'], json: '["a","b"]' },
  { label: 'number', text: '42', json: '42' },
  { label: 'boolean', text: 'true', json: 'true' },
  { label: 'null', text: 'null', json: 'null' },
  { label: 'empty', text: '', json: '""' },
  { label: 'huge', text: 'a'.repeat(100_000), json: JSON.stringify('a'.repeat(100_000)) },
  ...CONTROL_TEXTS.map((s) => ({ label: JSON.stringify(s), text: s, json: JSON.stringify(s), control: true })),
  ...NUMBER_TEXTS.map((n) => ({ label: `"${n}"`, text: n, json: JSON.stringify(n), notDecimal: !PLAIN_DECIMAL.test(n) })),
  // As JSON numbers, where the spelling is one (JSON.parse makes 1e400 Infinity -> null, 1.00…01 one).
  ...NUMBER_TEXTS.filter((n) => JSON_NUMBER.test(n)).map((n) => ({ label: `${n} (JSON number)`, json: n })),
];

interface Garbage { label: string; payload?: string | Buffer; type?: string; headers?: Record<string, string> }

const GARBAGE_BODIES: Garbage[] = [
  { label: 'no body' },
  { label: 'empty JSON', payload: '', type: JSON_TYPE },
  { label: 'empty form', payload: '', type: FORM },
  { label: 'broken JSON', payload: '{"a": ', type: JSON_TYPE },
  { label: 'JSON array', payload: '[1,2,3]', type: JSON_TYPE },
  { label: 'JSON string', payload: '"hello"', type: JSON_TYPE },
  { label: 'JSON null', payload: 'null', type: JSON_TYPE },
  { label: 'JSON number', payload: '1e400', type: JSON_TYPE },
  { label: 'deeply nested JSON', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, type: JSON_TYPE },
  { label: 'prototype keys', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}', type: JSON_TYPE },
  { label: 'invalid UTF-8 in JSON', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), type: JSON_TYPE },
  { label: 'UTF-16 JSON', payload: '{}', type: 'application/json; charset=utf-16' },
  { label: 'JSON labelled as form', payload: '{"a":1}', type: FORM },
  { label: 'malformed percent escapes', payload: 'a=%zz&%=1&b', type: FORM },
  { label: 'bracket keys', payload: 'a[b]=1&a[c][d]=2&__proto__[x]=1', type: FORM },
  { label: 'plain text', payload: 'hello', type: 'text/plain' },
  { label: 'XML', payload: '<a/>', type: 'application/xml' },
  { label: 'binary', payload: Buffer.from([0, 1, 2, 255, 254]), type: 'application/octet-stream' },
  { label: 'bad multipart', payload: '--x\r\nnonsense', type: 'multipart/form-data; boundary=x' },
  { label: 'multipart without boundary', payload: 'x', type: 'multipart/form-data' },
  { label: 'odd Accept-Language', headers: { 'accept-language': 'xx-INVALID;q=abc,*;q=2,' } },
];

const GARBAGE_QUERIES = [
  '', '?', '?&&&=&==', '?%zz=%zz&%', '?a[b]=1&a[c][d]=2', '?__proto__=x&constructor[prototype]=y', '?lang=%00%0a%1b',
  `?lang=${'x'.repeat(100_000)}`,
];

type TokenKind = 'no token' | 'valid token' | 'garbage token';
const GARBAGE_TOKEN = 'Bearer not-a-session-token-000000000000';

interface Case {
  what: string;
  token: TokenKind;
  request: InjectOptions & { headers: Record<string, string> };
  /** The answer's type when the rules decide it (refused input, or no valid session). */
  expectType?: string;
}

let t: TestApp;
let token: string;
let samples: Input;

beforeAll(async () => {
  t = await createTestApp({ limits: NO_LIMITS });
  token = await t.signUp(EMAIL, PASSWORD);
  await t.signUp(ENDER_EMAIL, PASSWORD);
  samples = fieldSamples(await uploadImage(t, token));
}, 60_000);
afterAll(async () => { await t?.close(); });

function tokensFor(spec: EndpointSpec): TokenKind[] {
  return spec.auth ? ['no token', 'valid token', 'garbage token'] : ['no token', 'valid token'];
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function urlEncoded(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return params.toString();
}

/** The JSON text of `base` with `field` set to a raw token (so 1e400 or -0 travel as written). */
function jsonWith(base: Input, field: string, raw: string): string {
  const rest = JSON.stringify(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field)));
  return `{${JSON.stringify(field)}:${raw}${rest === '{}' ? '' : ','}${rest.slice(1)}`;
}

function textRequest(spec: EndpointSpec, fields: Record<string, string | string[]>): Case['request'] {
  const encoded = urlEncoded(fields);
  return spec.method === 'GET'
    ? { method: 'GET', url: `/api${spec.path}${encoded ? `?${encoded}` : ''}`, headers: {} }
    : { method: 'POST', url: `/api${spec.path}`, payload: encoded, headers: { 'content-type': FORM } };
}

function jsonRequest(spec: EndpointSpec, body: string): Case['request'] {
  return { method: 'POST', url: `/api${spec.path}`, payload: body, headers: { 'content-type': JSON_TYPE } };
}

const textFields = (input: Input) => Object.fromEntries(Object.entries(input).map(([k, v]) => [k, asText(v)]));

/** Each hostile value in each field (and `lang`), form-encoded (or in the query) and as JSON, with each kind of token. */
function fieldCases(spec: EndpointSpec, base: Input): Case[] {
  const cases: Case[] = [];
  for (const kind of tokensFor(spec)) {
    const unauthorised = spec.auth && kind !== 'valid token';
    // `lang` (any request may carry it) picks the language before anything else, token or not. Sent alone:
    // with the valid request it would carry every handler's full work for nothing the language changes.
    const language = kind === 'valid token' ? [{ name: 'lang', types: [] as string[] }] : [];
    for (const { name, types } of [...fieldsOf(spec), ...language]) {
      const rest = name === 'lang' ? {} : Object.fromEntries(Object.entries(base).filter(([k]) => k !== name));
      for (const value of HOSTILE) {
        const refused = (value.control && types.includes('string')) || (value.notDecimal && types.includes('integer') && !types.includes('string'));
        const expectType = unauthorised ? '999' : refused ? 'error' : undefined;
        if (value.text !== undefined) {
          cases.push({ what: `${kind}, ${spec.method === 'GET' ? 'query' : 'form'} ${name}=${value.label}`, token: kind, expectType,
            request: textRequest(spec, { ...textFields(rest), [name]: value.text }) });
        }
        if (spec.method === 'POST') {
          // A JSON number literal is no text: 1.0000000000000000000001 parses to 1, a valid id.
          cases.push({ what: `${kind}, JSON ${name}=${value.label}`, token: kind, expectType: value.text === undefined ? (unauthorised ? '999' : undefined) : expectType,
            request: jsonRequest(spec, jsonWith(rest, name, value.json)) });
        }
      }
    }
  }
  return cases;
}

/** The valid request itself, each of its fields repeated, and garbage bodies or queries. */
function bodyCases(spec: EndpointSpec, base: Input): Case[] {
  const cases: Case[] = [];
  const repeated = Object.fromEntries(Object.entries(textFields(base)).map(([k, v]) => [k, [v, v]]));
  for (const kind of tokensFor(spec)) {
    const unauthorised = spec.auth && kind !== 'valid token' ? '999' : undefined;
    cases.push({ what: `${kind}, the valid request`, token: kind, expectType: unauthorised, request: textRequest(spec, textFields(base)) });
    if (Object.keys(base).length) cases.push({ what: `${kind}, every field repeated`, token: kind, expectType: unauthorised, request: textRequest(spec, repeated) });
    if (spec.method === 'GET') {
      for (const query of GARBAGE_QUERIES) {
        cases.push({ what: `${kind}, query ${JSON.stringify(query.slice(0, 40))}`, token: kind, request: { method: 'GET', url: `/api${spec.path}${query}`, headers: {} } });
      }
      continue;
    }
    cases.push({ what: `${kind}, the valid request as JSON`, token: kind, expectType: unauthorised, request: jsonRequest(spec, JSON.stringify(base)) });
    for (const garbage of GARBAGE_BODIES) {
      const headers = { ...garbage.headers, ...(garbage.type ? { 'content-type': garbage.type } : {}) };
      cases.push({ what: `${kind}, ${garbage.label}`, token: kind, request: { method: 'POST', url: `/api${spec.path}`, payload: garbage.payload, headers } });
    }
  }
  return cases;
}

async function authorization(endpoint: EndpointKey, kind: TokenKind): Promise<Record<string, string>> {
  if (kind === 'no token') return {};
  if (kind === 'garbage token') return { authorization: GARBAGE_TOKEN };
  if (!ENDS_SESSION.has(endpoint)) return { authorization: token };
  return { authorization: (await t.call('POST /user/login', { user_string: ENDER_EMAIL, password: PASSWORD })).message as string };
}

/** What is wrong with an answer, or undefined. */
function wrongAnswer(res: LightMyRequestResponse, expectType: string | undefined): string | undefined {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`;
  let body: unknown;
  try { body = JSON.parse(res.body); } catch { return `not JSON (HTTP ${res.statusCode}): ${res.body.slice(0, 300)}`; }
  const envelope = body as { type?: unknown; message?: unknown };
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  // An `ok` answer travels in `message`, or in `data` where the contract says so: alone (`answerIn`: the K-line)
  // or beside a confirmation text in `message` (`confirm`).
  const inData = envelope.type === 'ok' && keys.includes('data');
  // A refusal may name the request field it is about (`field`, an extra the app shows beside that field).
  const allowed = inData ? ['type', 'data', 'message', 'code'] : ['type', 'message', 'code', ...(envelope.type === 'ok' ? [] : ['field'])];
  const isEnvelope = keys.includes('type') && keys.includes(inData ? 'data' : 'message') && keys.every((k) => allowed.includes(k))
    && (!keys.includes('field') || typeof (body as { field?: unknown }).field === 'string')
    && ENVELOPE_TYPES.includes(envelope.type as string)
    && (envelope.type === 'ok' ? !inData || !keys.includes('message') || (typeof envelope.message === 'string' && envelope.message !== '')
      : typeof envelope.message === 'string' && envelope.message !== '');
  if (!isEnvelope) return `not the envelope (HTTP ${res.statusCode}): ${res.body.slice(0, 300)}`;
  if (expectType && envelope.type !== expectType) return `answered ${res.body.slice(0, 300)}, expected type "${expectType}"`;
  return undefined;
}

/** The message and the first frame of our own code, not the whole stack. */
function describeLog(line: LogLine): string {
  const err = line.err as { message?: string; stack?: string } | undefined;
  const frame = err?.stack?.split('\n').find((l) => l.includes('/src/server/'))?.trim();
  return `${line.msg}${err ? `: ${err.message} (${frame ?? 'no frame in src/server'})` : `: ${JSON.stringify(line).slice(0, 400)}`}`;
}

const errorsSince = (first: number) => t.logs.slice(first).filter((line) => line.level >= 50);

async function send(endpoint: EndpointKey, c: Case): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...c.request, headers: { ...c.request.headers, ...(await authorization(endpoint, c.token)) } });
}

/**
 * Sends the cases in small concurrent batches; returns every problem, each naming its request. When a batch
 * logs an error, its requests are sent again one by one to tell which one did.
 */
async function run(endpoint: EndpointKey, cases: Case[]): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < cases.length; i += BATCH) {
    const batch = cases.slice(i, i + BATCH);
    const firstLog = t.logs.length;
    const answers = await Promise.all(batch.map((c) => send(endpoint, c)));
    batch.forEach((c, j) => {
      const wrong = wrongAnswer(answers[j], c.expectType);
      if (wrong) problems.push(`${endpoint} ${c.what}: ${wrong}`);
    });
    if (!errorsSince(firstLog).length) continue;
    let found = false;
    for (const c of batch) {
      const first = t.logs.length;
      await send(endpoint, c);
      const errors = errorsSince(first);
      if (errors.length) problems.push(`${endpoint} ${c.what}: error logged: ${errors.map(describeLog).join('; ')}`);
      found ||= errors.length > 0;
    }
    if (!found) problems.push(`${endpoint}: an error was logged by one of [${batch.map((c) => c.what.slice(0, 80)).join(' | ')}]: ${errorsSince(firstLog).map(describeLog).join('; ')}`);
  }
  return problems;
}

let sent = 0;
afterAll(() => { console.log(`fuzz: ${sent} requests`); });

test('the valid request of every endpoint passes its schema (so each hostile field is judged alone)', () => {
  const invalid = ENDPOINT_KEYS.map((key) => [key, schemaError(ENDPOINTS[key], validRequest(ENDPOINTS[key], samples))] as const).filter(([, error]) => error);
  expect(invalid).toEqual([]);
});

test.each(ENDPOINT_KEYS)('%s: hostile fields, bodies and tokens get the envelope, below HTTP 500, with no error logged', async (key) => {
  const spec = ENDPOINTS[key];
  const base = validRequest(spec, samples);
  const cases = [...fieldCases(spec, base), ...bodyCases(spec, base)];
  sent += cases.length;
  expect(await run(key, cases)).toEqual([]);
});

test('POST /user/wallet/save: a refused request stores nothing, an accepted one stores one address', async () => {
  const spec = ENDPOINTS['POST /user/wallet/save'];
  const countAddresses = async () => Number((await t.app.services.db.selectFrom('wallet_addresses')
    .select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // A new address each time, so that only the hostile value can make the request fail (not "already saved").
  let saved = 0;
  const newAddress = () => `T${'A'.repeat(31)}${BASE58[Math.floor(saved / 58)]}${BASE58[saved++ % 58]}`;
  const valid = { ...validRequest(spec, samples), currency: USDT, name: 'Refusal check' };
  const outcomes = { ok: 0, error: 0 };
  for (const { name } of fieldsOf(spec)) {
    for (const value of HOSTILE) {
      const before = await countAddresses();
      const res = await t.app.inject({ ...jsonRequest(spec, jsonWith({ ...valid, address: newAddress() }, name, value.json)), headers: { 'content-type': JSON_TYPE, authorization: token } });
      const { type } = res.json() as { type: 'ok' | 'error' };
      outcomes[type] += 1;
      expect([name, value.label, type, await countAddresses() - before]).toEqual([name, value.label, type, type === 'ok' ? 1 : 0]);
    }
  }
  sent += outcomes.ok + outcomes.error;
  expect(outcomes.error).toBeGreaterThan(outcomes.ok);
});
