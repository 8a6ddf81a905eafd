/**
 * PGlite on a worker thread: the database's WebAssembly runs beside the event loop instead of on it, so
 * while a query runs the server still accepts connections and answers what needs no query (cached reads,
 * the market, files). The calls are PGlite's own (query, exec, listen, close) sent as messages to
 * pgliteWorker.ts; the Database keeps its one-query-at-a-time mutex on this side (db/index.ts).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';

/** What the Database uses of PGlite: PGlite itself (in memory, tests) or a PgliteThread. */
export interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
  readonly waitReady: Promise<void>;
}

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type ThreadReply =
  | { id: number; result?: unknown; error?: Record<string, unknown> }
  | { notice: string; payload: string }
  | { ready: boolean; error?: Record<string, unknown> };

type Op = DistributiveOmit<ThreadRequest, 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The worker runs the TypeScript source when this module is TypeScript itself (npm start's require hook,
 * jest): the hook is loaded first in the new thread, which shares neither jest's transform nor a -r flag.
 */
const ENTRY = path.join(__dirname, `pgliteWorker${path.extname(__filename)}`);
const HOOK = path.resolve(__dirname, '../../../scripts/typescript-hook.cjs');
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
if (workerData.entry.endsWith('.ts')) require(workerData.hook);
require(workerData.entry);`;

function asError(fields: Record<string, unknown> | undefined, fallback: string): Error {
  const err = new Error(String(fields?.message ?? fallback));
  return Object.assign(err, fields, { stack: err.stack });
}

export class PgliteThread implements PgliteLike {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private lastId = 0;
  private ended: Error | undefined;
  closed = false;
  readonly waitReady: Promise<void>;

  /** PGlite on `dir`, ready. */
  static async open(dir: string, options: PGliteOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(dir, options);
    try {
      await thread.waitReady;
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  private constructor(dir: string, options: PGliteOptions) {
    this.worker = new Worker(BOOTSTRAP, { eval: true, workerData: { dir, options, entry: ENTRY, hook: HOOK } });
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (reply: ThreadReply) => {
        if (!('ready' in reply)) return;
        this.worker.off('message', onReady);
        if (reply.ready) resolve(); else reject(asError(reply.error, 'PGlite did not open'));
      };
      this.worker.on('message', onReady);
      this.worker.once('exit', (code) => reject(new Error(`the PGlite thread ended before it was ready (exit code ${code})`)));
    });
    this.waitReady.catch(() => undefined); // the opener reports it
    this.worker.on('message', (reply: ThreadReply) => this.receive(reply));
    this.worker.on('error', (err) => this.end(err));
    this.worker.on('exit', (code) => this.end(new Error(`the PGlite thread ended (exit code ${code})`)));
  }

  private receive(reply: ThreadReply): void {
    if ('notice' in reply) {
      for (const onNotice of this.listeners.get(reply.notice) ?? []) onNotice(reply.payload);
    } else if ('id' in reply) {
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error) call?.reject(asError(reply.error, 'query failed'));
      else call?.resolve(reply.result);
    }
  }

  /** The thread is gone: every call waiting, and every later one, fails with `err`. */
  private end(err: Error): void {
    this.ended ??= err;
    for (const call of this.pending.values()) call.reject(this.ended);
    this.pending.clear();
  }

  private call<T>(op: Op): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...op, id });
    });
  }

  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.call({ op: 'query', sql, params });
  }

  exec(sql: string): Promise<unknown> {
    return this.call({ op: 'exec', sql });
  }

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.call({ op: 'listen', channel });
    }
    callbacks.add(onNotice);
    const mine = callbacks;
    return async () => {
      mine.delete(onNotice);
      if (mine.size || this.listeners.get(channel) !== mine) return;
      this.listeners.delete(channel);
      if (!this.ended) await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.ended) await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
