/**
 * Test harness: a real app on a real database. PGlite in memory by default; with DATABASE_URL each app
 * works in its own random schema (dropped on close), so suites run in parallel and repeat cleanly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { runOps } from '../../scripts/ops';
import { writeOpsFile } from '../../src/server/ops/http';
import { buildApp, type AppOptions } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db';
import { copyConfiguration } from '../../src/server/configuration/files';
import type { ConfigStore } from '../../src/server/configuration/store';
import { answerOf, endpointKey, type Envelope } from '../../src/shared/contract';
import { checkResponse } from '../../src/server/responses';

jest.setTimeout(30_000);

export interface LogLine { level: number; msg: string; [key: string]: unknown }

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  logs: LogLine[];
  /**
   * One request as the app sends it; the envelope answered (a confirming endpoint's record as `message`, its
   * text as `confirmation`: see below).
   */
  call<T = any>(endpoint: string, data?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T> & { message: any; data?: any; confirmation?: string }>;
  /** Registers (code from the outbox) and logs in; returns the token. */
  signUp(email: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  /** The latest code sent to an address (from the outbox table). */
  lastCode(address: string): Promise<string>;
  /** Moves the app's clock forward (codes, rate limits). */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Send a JSON body instead of form-encoded. */
  json?: boolean;
  /** The client's address. By default each call comes from another one, so the per-address limits of
   * throttle/ count only where a test names an address. */
  ip?: string;
}

let lastClient = 0;
/** A new documentation-range address (198.18.0.0/15) per call. */
const nextClient = () => { lastClient += 1; return `198.18.${(lastClient >> 8) & 255}.${lastClient & 255}`; };

export const DEMO_PASSWORD = 'demo-password-1';

const TEMPLATE_DIR = path.join(os.tmpdir(), 'trading-app-test-db');
/** Whether the suites run on PostgreSQL (DATABASE_URL) rather than PGlite in memory. */
export const ON_PG = Boolean(process.env.DATABASE_URL);

/** A database of its own for apps that share it (two nodes, a restart): PGlite in memory, or a fresh schema. */
export function openTestDatabase(): Promise<Database> {
  return openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, isolatedSchema: ON_PG, memory: !ON_PG, pgliteTemplateDir: TEMPLATE_DIR });
}

export function formEncode(data: Record<string, unknown>): string {
  return Object.entries(data).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
}

/** Every `ok` answer a test receives matches its endpoint's response schema. */
function expectContractAnswer(app: FastifyInstance, endpoint: string, message: unknown): void {
  const spec = app.services.areas.flatMap((a) => a.endpoints).find((s) => endpointKey(s) === endpoint);
  if (!spec) throw new Error(`the test called ${endpoint}, which no area serves`);
  const wrong = checkResponse(spec, message);
  if (wrong) throw new Error(`${endpoint} answered outside its response schema: ${wrong}\n${JSON.stringify(message).slice(0, 500)}`);
}

export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  const logs: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write(line: string) { logs.push(JSON.parse(line) as LogLine); } });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  let offset = 0;
  const app = await buildApp({
    dataDir,
    distDir: path.join(dataDir, 'dist'),
    logger,
    databaseUrl,
    memory: !databaseUrl,
    isolatedSchema: Boolean(databaseUrl),
    pgliteTemplateDir: TEMPLATE_DIR,
    seed: { demoPassword: DEMO_PASSWORD },
    watchConfig: false,
    now: () => new Date(Date.now() + offset),
    // Suites send thousands of requests through app.inject from one address; tests/server/throttle.test.ts
    // runs the shipped limits.
    limits: { 'requestsPerClient': { max: 1_000_000, windowMs: 60_000 } },
    ...options,
  });

  const call: TestApp['call'] = async (endpoint, data = {}, opts = {}) => {
    const [method, url] = endpoint.split(' ') as ['GET' | 'POST', string];
    const remoteAddress = opts.ip ?? nextClient();
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = opts.token;
    const res = method === 'GET'
      ? await app.inject({ method, url: `/api${url}`, query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])), headers, remoteAddress })
      : opts.json
        ? await app.inject({ method, url: `/api${url}`, payload: data as object, headers, remoteAddress })
        : await app.inject({ method, url: `/api${url}`, payload: formEncode(data), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, remoteAddress });
    // 429 is a throttled request: an envelope too, with Retry-After.
    expect(res.statusCode).toBe(res.headers['retry-after'] ? 429 : 200);
    const body = res.json() as Envelope & { data?: unknown };
    if (body.type !== 'ok') return body as Envelope & { message: any };
    expectContractAnswer(app, endpoint, answerOf(body));
    // A confirming endpoint (`confirm`) answers its text in `message` and its record in `data`: the record is
    // what the app and the tests read, so it is `message` here and the text `confirmation`.
    if ('data' in body && 'message' in body) return { type: 'ok', message: body.data, confirmation: body.message } as Envelope & { message: any };
    return body as Envelope & { message: any; data?: any };
  };

  const lastCode = async (address: string): Promise<string> => {
    const row = await app.services.db.selectFrom('outbox').select('code').where('recipient', '=', address).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!row?.code) throw new Error(`no code sent to ${address}`);
    return row.code;
  };

  const signUp: TestApp['signUp'] = async (email, password = 'secret-pass', extra = {}) => {
    const sent = await call('POST /sms_mail', { user_string: email, scene: 'register' });
    expect(sent.type).toBe('ok');
    const code = await lastCode(email.toLowerCase());
    const reg = await call('POST /user/register', { user_string: email, code, password, re_password: password, ...extra });
    expect(reg).toEqual({ type: 'ok', message: expect.any(String), confirmation: expect.any(String) });
    const login = await call('POST /user/login', { user_string: email, password });
    expect(login.type).toBe('ok');
    return login.message as string;
  };

  return {
    app, dataDir, logs, call, signUp, lastCode,
    advance(ms) { offset += ms; },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body with one file field (and optional text fields). */
export function multipart(file: { name?: string; filename: string; type: string; data: Buffer }, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A copy of the repository's configuration folders (screens/, schemas/, i18n/) to change in a test. */
export function copyConfig(): string {
  return copyConfiguration(fs.mkdtempSync(path.join(os.tmpdir(), 'config-')));
}

/** An app serving its own copy of the configuration (`configDir`, to edit); `reload` applies the edits, `close` removes the copy. */
export async function createConfiguredTestApp(options: Partial<AppOptions> = {}): Promise<TestApp & { configDir: string; reload(): ReturnType<ConfigStore['reload']> }> {
  const configDir = copyConfig();
  const t = await createTestApp({ ...options, configDir });
  return {
    ...t,
    configDir,
    reload: () => t.app.services.configuration.reload('test'),
    async close() {
      await t.close();
      fs.rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** Rewrites one JSON file of a configuration folder. */
export function editJson(dir: string, rel: string, edit: (json: any) => void): void {
  const file = path.join(dir, rel);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(json);
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Makes `npm run ops` reach this app (it listens on a free port and writes DATA_DIR/ops.json); returns a
 * runner of one command that expects it to succeed and answers its lines.
 */
export async function opsFor(t: TestApp): Promise<(...args: string[]) => Promise<string[]>> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  writeOpsFile(t.dataDir, `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, t.app.services.opsToken);
  return async (...args) => {
    const lines: string[] = [];
    expect(await runOps(args, t.dataDir, (l) => lines.push(l))).toBe(0);
    return lines;
  };
}
