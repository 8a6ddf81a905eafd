/**
 * The API as the app calls it: form-encoded POSTs (query strings for GETs) under /api, the session token in
 * `authorization`, money requests with an `Idempotency-Key`. Every answer is the envelope
 * `{ type: 'ok' | 'error' | …, message }`, an ok one's message the answer as the app reads it; a
 * request that got no envelope (connection refused or reset, as when the server is killed) throws NoAnswer.
 *
 * Each client has its own address, sent as X-Forwarded-For (the server trusts it from 127.0.0.1 with
 * TRUST_PROXY), as if the clients were phones behind a reverse proxy: the server limits requests per address.
 */
import { answerOf, type EndpointKey, type Envelope, type ResponseOf } from '../../src/shared/contract';
import en from '../../i18n/en.json';

export type Fields = Record<string, string>;

export class NoAnswer extends Error {}

export interface CallOptions {
  token?: string;
  idempotencyKey?: string;
}

const TIMEOUT_MS = 20_000;

export class Api {
  constructor(private readonly baseUrl: string, private readonly clientAddress?: string) {}

  /** The same server, called from another client address. */
  from(clientAddress: string): Api {
    return new Api(this.baseUrl, clientAddress);
  }

  async call<K extends EndpointKey>(endpoint: K, fields: Fields = {}, options: CallOptions = {}): Promise<Envelope<ResponseOf<K>>> {
    const [method, route] = endpoint.split(' ') as ['GET' | 'POST', string];
    const query = new URLSearchParams(fields).toString();
    const headers = this.addressHeader();
    if (options.token) headers.authorization = options.token;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    const url = method === 'GET' && query ? `${this.baseUrl}/api${route}?${query}` : `${this.baseUrl}/api${route}`;
    return this.send<ResponseOf<K>>(url, { method, headers, body: method === 'POST' ? query : undefined });
  }

  /** POST /upload of one image; the answer's message is its URL. */
  async upload(token: string, png: Buffer): Promise<Envelope<string>> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'voucher.png');
    return this.send<string>(`${this.baseUrl}/api/upload`, { method: 'POST', headers: { ...this.addressHeader(), authorization: token }, body: form });
  }

  private addressHeader(): Record<string, string> {
    return this.clientAddress ? { 'x-forwarded-for': this.clientAddress } : {};
  }

  private async send<T>(url: string, init: RequestInit): Promise<Envelope<T>> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      text = await res.text();
    } catch (err) {
      throw new NoAnswer(describeFetchError(err));
    }
    if (res.status === 429) {
      throw new Error(`${init.method} ${url} answered HTTP 429 (too many requests from ${this.clientAddress ?? '127.0.0.1'}): `
        + 'the run went past the server\'s per-address request limit (src/server/throttle/limits.ts); try fewer --clients or a shorter --load-ms');
    }
    if (res.status !== 200) throw new Error(`${init.method} ${url} answered HTTP ${res.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as Envelope<T> & { data?: T };
    // As the app reads it: the record in `data` where the envelope's message is a confirmation text.
    return body.type === 'ok' ? { type: 'ok', message: answerOf(body) as T } : body;
  }
}

function describeFetchError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/** The envelope's error branch allows any type string, so `type === 'ok'` alone does not narrow it. */
export function isOk<T>(answer: Envelope<T>): answer is { type: 'ok'; message: T } {
  return answer.type === 'ok';
}

/** The server's "try again shortly": its database could not be reached (a connection of its was dropped). */
export function isUnavailable(answer: Envelope): boolean {
  return answer.type === 'error' && answer.message === en['api.unavailable'];
}

/** The message of an `ok` answer, or an error naming what failed. */
export function okMessage<T>(answer: Envelope<T>, what: string): T {
  if (!isOk(answer)) throw new Error(`${what} was refused: ${answer.type} ${JSON.stringify(answer.message)}`);
  return answer.message;
}

let addressesUsed = 0;

/**
 * A new client address, from the benchmarking range 198.18.0.0/15 (RFC 2544). Clients take a new one at each
 * restart, for the checks, and every few hundred requests, so the server's per-address request limit (600 a
 * minute) never decides what a run measures.
 */
export function freshClientAddress(): string {
  const n = ++addressesUsed;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
