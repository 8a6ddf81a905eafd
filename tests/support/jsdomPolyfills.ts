/**
 * What jsdom lacks and browsers have: TextEncoder/TextDecoder (react-router, qrcode), structuredClone
 * (@rjsf on change) and the Fetch API's Request (the data router wraps each navigation in one; it reads
 * url, method, signal).
 */
import { TextDecoder, TextEncoder } from 'node:util';
import v8 from 'node:v8';

const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;
if (!g.structuredClone) g.structuredClone = (v: unknown) => v8.deserialize(v8.serialize(v));
if (!g.Request) {
  g.Request = class Request {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly body: unknown;
    constructor(input: string | URL | { url: string }, init: { method?: string; signal?: AbortSignal; body?: unknown } = {}) {
      this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.body = init.body ?? null;
    }
  };
}
