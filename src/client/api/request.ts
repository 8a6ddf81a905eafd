/**
 * The only place that talks HTTP (DESIGN "The request contract", SPEC 7 and 8).
 * - endpoint "METHOD /path" (a bare "/path" means POST), base `/api` (setApiBase)
 * - form-encoded body for POST (JSON when a value is an object or array), query string for GET
 * - every request carries `lang`; headers Authorization (stored token) and accept-language (BCP 47)
 * - 60 s timeout
 * - `type == "ok"` or `code == 1` resolves with `message` (or the top-level `data` of an answer that travels there); anything else rejects (ApiError)
 * What the user sees of a call (the loading indicator, failure toasts, the redirects of 999 and 998) is
 * the shell's: this module emits `requestEvents` (./events) and knows no app state; the shell hands it
 * the token, language and texts each call needs (setRequestContext).
 */
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { offeredLanguages } from '../platform/appConfig';
import type { EndpointKey, RequestOf, ResponseOf } from '../../shared/contract';
import { answerOf } from '../../shared/contract/types';
import { requestEvents } from './events';

export const REQUEST_TIMEOUT_MS = 60_000;

/** What a call needs from the rest of the app. */
export interface RequestContext {
  /** The stored login token ('' when logged out), sent as Authorization. */
  token(): string;
  /** The interface language: sent as `lang`, and its BCP 47 tag as accept-language. */
  lang(): Language;
  /** A message in that language (the network and timeout failures' texts). */
  translate(key: string): string;
}

let context: RequestContext = { token: () => '', lang: () => DEFAULT_LANGUAGE, translate: (key) => key };

export function setRequestContext(next: RequestContext): void {
  context = next;
}

let apiBase = '/api';

export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

export type ApiErrorType = string; // the envelope's type ("error", "999", "998", ...) or "http" | "network" | "timeout" | "parse"

export class ApiError extends Error {
  readonly type: ApiErrorType;
  readonly status?: number;
  readonly code?: number;
  /** The request field the server's refusal is about (the envelope's `field`), when it names one. */
  readonly field?: string;
  constructor(type: ApiErrorType, message: string, extra: { status?: number; code?: number; field?: string } = {}) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.status = extra.status;
    this.code = extra.code;
    this.field = extra.field;
  }
}

export interface RequestOptions {
  /** Whether the loading indicator may show while the call runs (default true). */
  loading?: boolean;
  /** Failures of type "error"/HTTP are not to be shown (999 and 998 always are). */
  silent?: boolean;
  /**
   * false: the caller shows this call's failure itself (a form, beside its fields); unlike `silent`, the call
   * is still the user's own (what was fetched ahead is asked again after it).
   */
  showFailure?: boolean;
  /**
   * For endpoints that move money (`idempotent` in the contract): one key per user action, reused when the
   * same action is sent again, so a retry after a lost answer cannot move the money twice.
   */
  idempotencyKey?: string;
}

/** A new random Idempotency-Key (128 bits as hex; getRandomValues works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function parseEndpoint(endpoint: string): { method: 'GET' | 'POST'; path: string } {
  const m = /^\s*(GET|POST)\s+(\S+)\s*$/i.exec(endpoint);
  if (m) return { method: m[1].toUpperCase() as 'GET' | 'POST', path: m[2] };
  return { method: 'POST', path: endpoint.trim() };
}

function isNested(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !(v instanceof Date);
}

function fieldValue(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (isNested(v)) return JSON.stringify(v);
  return String(v);
}

function formParams(data: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    params.append(k, fieldValue(v));
  }
  return params;
}

function commonHeaders(): Record<string, string> {
  const token = context.token();
  const headers: Record<string, string> = { 'accept-language': offeredLanguages().tag(context.lang()) };
  if (token) headers.Authorization = token;
  return headers;
}

function networkMessage(key: string): string {
  try {
    return context.translate(key);
  } catch {
    return key;
  }
}

/** Tells the shell about a failure, then rejects with it. */
function fail(error: ApiError, silent: boolean): never {
  requestEvents.emit('failed', { error, silent });
  throw error;
}

interface Envelope { type?: unknown; code?: unknown; message?: unknown; data?: unknown; field?: unknown }

function handleEnvelope<T>(body: Envelope, silent: boolean): T {
  const type = body.type == null ? '' : String(body.type);
  // eslint-disable-next-line eqeqeq
  if (type === 'ok' || body.code == 1) return answerOf(body) as T;
  const message = typeof body.message === 'string' ? body.message : '';
  const code = typeof body.code === 'number' ? body.code : undefined;
  const field = typeof body.field === 'string' && body.field ? body.field : undefined;
  const error = new ApiError(type || 'error', message, { code, field });
  if (type === '999') requestEvents.emit('sessionExpired', { message });
  else if (type === '998') requestEvents.emit('verificationNeeded', { message });
  else return fail(error, silent);
  throw error;
}

/** Pairs each call's loadingStarted with its loadingStopped. */
let lastCallId = 0;

async function send<T>(url: string, init: RequestInit, options: RequestOptions): Promise<T> {
  const { loading = true, silent: quietRead = false, showFailure = true } = options;
  // A call the user makes (not a widget's quiet read) may change what was fetched ahead: ask again after it.
  if (!quietRead) prefetched.clear();
  const silent = quietRead || !showFailure;
  const controller = new AbortController();
  let timedOut = false;
  const timeout = setTimeout(() => { timedOut = true; controller.abort(); }, REQUEST_TIMEOUT_MS);
  const id = ++lastCallId;
  if (loading) requestEvents.emit('loadingStarted', { id });
  try {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: controller.signal });
    } catch {
      const message = networkMessage(timedOut ? 'common.timeout' : 'common.network_error');
      return fail(new ApiError(timedOut ? 'timeout' : 'network', message, { status: 0 }), silent);
    }
    // 429 (too many attempts) carries an envelope whose message says when to try again.
    if (res.status !== 200 && res.status !== 429) {
      return fail(new ApiError('http', networkMessage('common.network_error'), { status: res.status }), silent);
    }
    let body: Envelope;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      const message = networkMessage(timedOut ? 'common.timeout' : 'common.network_error');
      return fail(new ApiError(timedOut ? 'timeout' : 'parse', message, { status: res.status }), silent);
    }
    if (body === null || typeof body !== 'object') {
      return fail(new ApiError('parse', networkMessage('common.network_error'), { status: res.status }), silent);
    }
    return handleEnvelope<T>(body, silent);
  } finally {
    clearTimeout(timeout);
    if (loading) requestEvents.emit('loadingStopped', { id });
  }
}

/**
 * Calls an endpoint of the catalogue ("POST /user/login") with what its request schema takes, and resolves
 * with the envelope's `message` as its response schema types it. An unknown key does not compile.
 */
export function request<K extends EndpointKey>(endpoint: K, data: RequestOf<K>, options: RequestOptions = {}): Promise<ResponseOf<K>> {
  return requestByName(endpoint, data as Record<string, unknown>, options) as Promise<ResponseOf<K>>;
}

/**
 * Calls an endpoint named by the configuration (a screen's source, a form's submit): the name is data,
 * checked against the catalogue by the configuration lint, so the answer is unknown to the compiler.
 */
export function requestByName(endpoint: string, data: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<unknown> {
  const { method, path } = parseEndpoint(endpoint);
  const payload: Record<string, unknown> = { ...data, lang: context.lang() };
  const headers = commonHeaders();
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let url = `${apiBase}${path}`;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (method === 'GET') {
    const qs = formParams(payload).toString();
    url += (url.includes('?') ? '&' : '?') + qs;
  } else if (Object.values(data).some(isNested)) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(payload);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    init.body = formParams(payload).toString();
  }
  return send<unknown>(url, init, options);
}

/** Uploads one file (multipart field `file`) to POST /upload; resolves with its URL. */
export function upload(file: Blob, options: RequestOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('lang', context.lang());
  return send<string>(`${apiBase}/upload`, { method: 'POST', headers: commonHeaders(), body: form, credentials: 'same-origin' }, options);
}

export type SourceKey = string | readonly [string, Record<string, unknown>?];

/**
 * How long an answer fetched ahead waits for its widget: long enough for a slow phone to fetch the screen's
 * code, short enough that it is no older than what SWR itself would reuse. After that the widget asks again.
 */
export const PREFETCH_TTL_MS = 5_000;
/** A key asked for again within this time keeps its request: the opening screen is asked for by main.tsx, then by its route. */
const SAME_OPENING_MS = 1_000;
const prefetched = new Map<string, { answer: Promise<unknown>; at: number; arrived?: { message: unknown } }>();

function fetchSource(key: SourceKey): Promise<unknown> {
  const [endpoint, params] = typeof key === 'string' ? [key, undefined] : key;
  return requestByName(endpoint, params ?? {}, { loading: false, silent: true });
}

/**
 * Starts the requests `swrFetcher` will soon be asked for by the screen being opened (its widgets' code is
 * still on the way). Answers held for anything else are dropped: they were for a screen left. The first
 * `swrFetcher` call for a key within PREFETCH_TTL_MS takes its answer. Returns the answers on the way, by
 * `JSON.stringify(key)`.
 */
export function prefetch(keys: readonly SourceKey[]): Map<string, Promise<unknown>> {
  const now = Date.now();
  const wanted = new Map(keys.map((key) => [JSON.stringify(key), key]));
  const answers = new Map<string, Promise<unknown>>();
  for (const id of prefetched.keys()) if (!wanted.has(id)) prefetched.delete(id);
  for (const [id, key] of wanted) {
    const held = prefetched.get(id);
    if (held && now - held.at < SAME_OPENING_MS) {
      answers.set(id, held.answer);
      continue;
    }
    const answer = fetchSource(key);
    const entry: { answer: Promise<unknown>; at: number; arrived?: { message: unknown } } = { answer, at: now };
    answer.then((message) => { entry.arrived = { message }; }, () => undefined); // a failure is the taker's to report; one never taken is dropped
    prefetched.set(id, entry);
    answers.set(id, answer);
  }
  return answers;
}

/**
 * The answer fetched ahead for `key` if it has already arrived (and is still fresh), without taking it: a
 * widget starts from it (SWR `fallbackData`) instead of drawing a loading state for one frame.
 */
export function prefetchedAnswer(key: SourceKey): { message: unknown } | undefined {
  const early = prefetched.size ? prefetched.get(JSON.stringify(key)) : undefined;
  return early && Date.now() - early.at < PREFETCH_TTL_MS ? early.arrived : undefined;
}

/** SWR fetcher for keys `[endpoint, params]` (or a bare endpoint) named by the configuration: no loading overlay, no toast. */
export function swrFetcher(key: SourceKey): Promise<unknown> {
  const id = prefetched.size ? JSON.stringify(key) : '';
  const early = prefetched.get(id);
  if (early) {
    prefetched.delete(id);
    if (Date.now() - early.at < PREFETCH_TTL_MS) return early.answer;
  }
  return fetchSource(key);
}
