/**
 * The platform's own app as a client of our server (issue 20): what `calls.json` (a copy of
 * `../shared/seed-api/calls.json`) records of its transport, done the same way. Every request carries
 * `lang` (overwriting any in the payload), the raw token in `Authorization` ('' when logged out, never
 * "Bearer") and `Content-Type: application/x-www-form-urlencoded`, on GET too; GET data is merged into the
 * path's own query; POST values are `encodeURIComponent`ed as they are. The upload is multipart at the site
 * root's `/upload`. And what its screens read of an answer: `message.list[].title`, `data[].time`, …
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface SeedCall {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  sends: Record<string, unknown>;
  reads: string[];
  screens: string[];
  notes?: string;
  unused_by_its_screens?: boolean;
}

export const SEED_CALLS = (JSON.parse(fs.readFileSync(path.join(__dirname, 'calls.json'), 'utf8')) as { calls: SeedCall[] }).calls;

/** The stored language the app sends as `lang` (its default). */
export const SEED_LANG = 'en';

/** What the app sends for a value: null and undefined as '' in a query, undefined as 'undefined' in a body. */
function queryValue(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function bodyValue(v: unknown): string {
  return v === undefined ? 'undefined' : String(v);
}

/** uni.request on H5: the path's own `?k=` parsed, data keys written over it, `lang` last. */
export function seedUrl(route: string, data: Record<string, unknown>): string {
  const [bare, query = ''] = route.split('?');
  const params = new Map<string, string>();
  for (const part of query.split('&').filter(Boolean)) {
    const [k, v = ''] = part.split('=');
    params.set(decodeURIComponent(k), decodeURIComponent(v));
  }
  for (const [k, v] of Object.entries({ ...data, lang: SEED_LANG })) params.set(k, queryValue(v));
  const qs = [...params].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `/api${bare}${qs ? `?${qs}` : ''}`;
}

export function seedBody(data: Record<string, unknown>): string {
  return Object.entries({ ...data, lang: SEED_LANG }).map(([k, v]) => `${k}=${encodeURIComponent(bodyValue(v))}`).join('&');
}

export interface SeedAnswer { status: number; body: Record<string, unknown> }

/** One call as the app sends it. */
export async function seedRequest(app: FastifyInstance, method: 'GET' | 'POST', route: string, data: Record<string, unknown>, token: string): Promise<SeedAnswer> {
  const headers = { authorization: token, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': SEED_LANG };
  const res = method === 'GET'
    ? await app.inject({ method, url: seedUrl(route, data), headers })
    : await app.inject({ method, url: `/api${route}`, headers, payload: seedBody(data) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** The upload as the app sends it: multipart field `file` to the site root's /upload, with the raw token. */
export async function seedUpload(app: FastifyInstance, file: Buffer, token: string): Promise<SeedAnswer> {
  const boundary = '----seedapp7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="voucher.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST', url: '/upload', payload,
    headers: { authorization: token, 'accept-language': SEED_LANG, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** SPEC 8 as the app applies it: HTTP 200, and `type == 'ok'` or `code == 1`. */
export function accepted(answer: SeedAnswer): boolean {
  // eslint-disable-next-line eqeqeq
  return answer.status === 200 && (answer.body.type === 'ok' || answer.body.code == 1);
}

type Segment = { key: string } | { index: number } | { each: true };

function segments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d*\])*)$/.exec(part);
    if (!m) throw new Error(`cannot read the path ${path}`);
    if (m[1]) out.push({ key: m[1] });
    for (const b of m[2].match(/\[\d*\]/g) ?? []) out.push(b === '[]' ? { each: true } : { index: Number(b.slice(1, -1)) });
  }
  return out;
}

/**
 * Whether the field a screen reads is in the answer: every step resolves (`[]`: a non-empty array, each of
 * whose elements has the rest), and the value is not undefined (null is a value: "none yet").
 */
export function readsPresent(body: unknown, path: string): boolean {
  let values: unknown[] = [body];
  for (const seg of segments(path)) {
    const next: unknown[] = [];
    for (const v of values) {
      if ('each' in seg) {
        if (!Array.isArray(v) || v.length === 0) return false;
        next.push(...v);
      } else if ('index' in seg) {
        if (!Array.isArray(v) || seg.index >= v.length) return false;
        next.push(v[seg.index]);
      } else {
        if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, seg.key)) return false;
        const value = (v as Record<string, unknown>)[seg.key];
        if (value === undefined) return false;
        next.push(value);
      }
    }
    values = next;
  }
  return values.length > 0;
}
