/**
 * The only place that talks HTTP (DESIGN "The request contract", SPEC 7 and 8).
 * - endpoint "METHOD /path" (a bare "/path" means POST), base `/api` (setApiBase)
 * - form-encoded body for POST (JSON when a value is an object or array), query string for GET
 * - every request carries `lang`; headers Authorization (stored token) and accept-language (BCP 47)
 * - 60 s timeout; the loading indicator appears only after 800 ms
 * - `type == "ok"` or `code == 1` resolves with `message`; 999 clears the user and goes to login after
 *   1200 ms; 998 goes to the real-name page after 1200 ms; any other type toasts and rejects (ApiError)
 */
import { BCP47 } from '../../shared/i18n/languages';
import { translate } from '../i18n/intl';
import { hideLoading, showLoading, toast } from '../shell/feedback';
import { LOGIN_ROUTE, REAL_NAME_ROUTE, navigateTo } from '../shell/navigation';
import { appState, clearUser } from '../state/store';

export const REQUEST_TIMEOUT_MS = 60_000;
export const LOADING_DELAY_MS = 800;
export const REDIRECT_DELAY_MS = 1200;

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
  constructor(type: ApiErrorType, message: string, extra: { status?: number; code?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.status = extra.status;
    this.code = extra.code;
  }
}

export interface RequestOptions {
  /** Show the loading indicator if the call takes longer than 800 ms (default true). */
  loading?: boolean;
  /** Do not toast failures of type "error"/HTTP (999 and 998 are always shown). */
  silent?: boolean;
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
  const { token, lang } = appState.get();
  const headers: Record<string, string> = { 'accept-language': BCP47[lang] ?? 'en' };
  if (token) headers.Authorization = token;
  return headers;
}

let redirectPending = false;

function scheduleRedirect(path: string): void {
  if (redirectPending) return;
  redirectPending = true;
  setTimeout(() => {
    redirectPending = false;
    navigateTo(path);
  }, REDIRECT_DELAY_MS);
}

/** Test hook. */
export function resetRequestState(): void {
  redirectPending = false;
}

function networkMessage(key: string): string {
  try {
    return translate(key);
  } catch {
    return key;
  }
}

interface Envelope { type?: unknown; code?: unknown; message?: unknown }

function handleEnvelope<T>(body: Envelope, silent: boolean): T {
  const type = body.type == null ? '' : String(body.type);
  // eslint-disable-next-line eqeqeq
  if (type === 'ok' || body.code == 1) return body.message as T;
  const message = typeof body.message === 'string' ? body.message : '';
  const code = typeof body.code === 'number' ? body.code : undefined;
  if (type === '999') {
    toast(message);
    clearUser();
    scheduleRedirect(LOGIN_ROUTE);
  } else if (type === '998') {
    toast(message);
    scheduleRedirect(REAL_NAME_ROUTE);
  } else if (!silent) {
    toast(message);
  }
  throw new ApiError(type || 'error', message, { code });
}

async function send<T>(url: string, init: RequestInit, options: RequestOptions): Promise<T> {
  const { loading = true, silent = false } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timeout = setTimeout(() => { timedOut = true; controller.abort(); }, REQUEST_TIMEOUT_MS);
  let loadingShown = false;
  const loadingTimer = loading
    ? setTimeout(() => { loadingShown = true; showLoading(); }, LOADING_DELAY_MS)
    : undefined;
  try {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: controller.signal });
    } catch (err) {
      const type = timedOut ? 'timeout' : 'network';
      const message = networkMessage(timedOut ? 'common.timeout' : 'common.network_error');
      if (!silent) toast(message);
      throw new ApiError(type, message, { status: 0 });
    }
    if (res.status !== 200) {
      const message = networkMessage('common.network_error');
      if (!silent) toast(message);
      throw new ApiError('http', message, { status: res.status });
    }
    let body: Envelope;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      const message = networkMessage(timedOut ? 'common.timeout' : 'common.network_error');
      if (!silent) toast(message);
      throw new ApiError(timedOut ? 'timeout' : 'parse', message, { status: res.status });
    }
    if (body === null || typeof body !== 'object') {
      const message = networkMessage('common.network_error');
      if (!silent) toast(message);
      throw new ApiError('parse', message, { status: res.status });
    }
    return handleEnvelope<T>(body, silent);
  } finally {
    clearTimeout(timeout);
    clearTimeout(loadingTimer);
    if (loadingShown) hideLoading();
  }
}

/** Calls an endpoint ("POST /user/login") and resolves with the envelope's `message`. */
export function request<T = unknown>(endpoint: string, data: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  const { method, path } = parseEndpoint(endpoint);
  const payload: Record<string, unknown> = { ...data, lang: appState.get().lang };
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
  return send<T>(url, init, options);
}

/** Uploads one file (multipart field `file`) to POST /upload; resolves with its URL. */
export function upload(file: Blob, options: RequestOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('lang', appState.get().lang);
  return send<string>(`${apiBase}/upload`, { method: 'POST', headers: commonHeaders(), body: form, credentials: 'same-origin' }, options);
}

/** SWR fetcher for keys `[endpoint, params]` (or a bare endpoint): no loading overlay, no toast. */
export function swrFetcher<T = unknown>(key: string | readonly [string, Record<string, unknown>?]): Promise<T> {
  const [endpoint, params] = typeof key === 'string' ? [key, undefined] : key;
  return request<T>(endpoint, params ?? {}, { loading: false, silent: true });
}
