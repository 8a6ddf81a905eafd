/**
 * PGlite on a worker thread: the database's WebAssembly runs beside the event loop instead of on it, so
 * while a query runs the server still accepts connections and answers what needs no query (cached reads,
 * the market, files). The calls are PGlite's own (query, exec, listen, close) sent as messages to
 * pgliteWorker.ts; the Database keeps its one-query-at-a-time mutex on this side (db/index.ts).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { backoffMs } from '../backoff';
import { DatabaseUnavailable } from './unavailable';

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
 * jest): the hook is loaded first in the new thread, which jest's transform does not reach (under npm start
 * the thread inherits `-r` as well; loading the hook twice is harmless).
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

/**
 * One worker thread with PGlite open: calls answered by id, notices handed to `onNotice`. A thread that ends
 * other than by `stop()` is told to `onDeath`.
 */
class PgliteWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private lastId = 0;
  private ended: Error | undefined;
  private stopping = false;

  /** A worker with PGlite open on `dir`, ready. */
  static async start(dir: string, options: PGliteOptions, onNotice: (channel: string, payload: string) => void, onDeath: (err: Error) => void): Promise<PgliteWorker> {
    const started = new PgliteWorker(dir, options, onNotice, onDeath);
    await new Promise<void>((resolve, reject) => {
      const onReady = (reply: ThreadReply) => {
        if (!('ready' in reply)) return;
        started.worker.off('message', onReady);
        if (reply.ready) resolve(); else reject(asError(reply.error, 'PGlite did not open'));
      };
      started.worker.on('message', onReady);
      started.worker.once('exit', (code) => reject(new Error(`the PGlite thread ended before it was ready (exit code ${code})`)));
    }).catch(async (err: unknown) => {
      started.stopping = true;
      await started.worker.terminate();
      throw err;
    });
    return started;
  }

  private constructor(dir: string, options: PGliteOptions, onNotice: (channel: string, payload: string) => void, onDeath: (err: Error) => void) {
    this.worker = new Worker(BOOTSTRAP, { eval: true, workerData: { dir, options, entry: ENTRY, hook: HOOK } });
    this.worker.on('message', (reply: ThreadReply) => {
      if ('notice' in reply) onNotice(reply.notice, reply.payload);
      else if ('id' in reply) this.answer(reply.id, reply.result, reply.error);
    });
    this.worker.on('error', (err) => this.end(err));
    this.worker.on('exit', (code) => {
      this.end(new Error(`the PGlite thread ended (exit code ${code})`));
      if (!this.stopping) onDeath(this.ended!);
    });
  }

  private answer(id: number, result: unknown, error: Record<string, unknown> | undefined): void {
    const call = this.pending.get(id);
    this.pending.delete(id);
    if (error) call?.reject(asError(error, 'query failed'));
    else call?.resolve(result);
  }

  /** The thread is gone: every call waiting, and every later one, fails as unavailable. */
  private end(err: Error): void {
    this.ended ??= new DatabaseUnavailable(`the embedded database is not running: ${err.message}`, { cause: err });
    for (const call of this.pending.values()) call.reject(this.ended);
    this.pending.clear();
  }

  call<T>(op: Op): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...op, id });
    });
  }

  /** Closes PGlite (its data written) and ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    try {
      if (!this.ended) await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** What a PgliteThread needs to start its thread again after it died. */
export interface Restarts {
  log: Logger;
  /** Runs `fn` while no query runs (the Database's mutex): no transaction spans two threads. */
  exclusive(fn: () => Promise<void>): Promise<void>;
}

/**
 * PGlite on a thread of its own, started again when the thread dies (backing off while that fails): the
 * calls waiting and those made meanwhile fail with DatabaseUnavailable, channels are listened to again, and
 * `onLife` hears when notices stop and resume.
 */
export class PgliteThread implements PgliteLike {
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly life = new Set<(live: boolean) => void>();
  /** Set from a death until the thread runs again (a thread that dies while it starts is started again once). */
  private restarting = false;
  closed = false;
  readonly waitReady = Promise.resolve();

  /** PGlite on `dir`, ready. */
  static async open(dir: string, options: PGliteOptions, restarts: Restarts): Promise<PgliteThread> {
    const thread = new PgliteThread(dir, options, restarts);
    thread.current = await thread.startWorker();
    return thread;
  }

  private current!: PgliteWorker;

  private constructor(private readonly dir: string, private readonly options: PGliteOptions, private readonly restarts: Restarts) {}

  private startWorker(): Promise<PgliteWorker> {
    return PgliteWorker.start(this.dir, this.options, this.notify, (err) => this.died(err));
  }

  private readonly notify = (channel: string, payload: string): void => {
    for (const onNotice of this.listeners.get(channel) ?? []) onNotice(payload);
  };

  /** Tells `fn` when notices stop (the thread died) and resume (it runs again); returns the way to stop telling. */
  onLife(fn: (live: boolean) => void): () => void {
    this.life.add(fn);
    return () => this.life.delete(fn);
  }

  private died(err: Error): void {
    if (this.closed || this.restarting) return;
    this.restarting = true;
    this.restarts.log.error({ err }, 'the embedded database\'s thread ended: starting it again (queries fail meanwhile)');
    for (const fn of this.life) fn(false);
    this.restartLater(1);
  }

  private restartLater(attempt: number): void {
    const timer = setTimeout(() => {
      this.restarts.exclusive(async () => {
        if (this.closed) return;
        await this.current.stop().catch(() => undefined); // one that started and then failed here
        this.current = await this.startWorker();
        for (const channel of this.listeners.keys()) await this.current.call({ op: 'listen', channel });
      }).then(() => {
        this.restarting = false;
        if (this.closed) return;
        this.restarts.log.info({ attempt }, 'the embedded database\'s thread runs again');
        for (const fn of this.life) fn(true);
      }, (err: unknown) => {
        this.restarts.log.error({ err, attempt }, 'the embedded database\'s thread could not start again: trying later');
        this.restartLater(attempt + 1);
      });
    }, backoffMs(attempt, 100, 10_000));
    timer.unref();
  }

  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.current.call({ op: 'query', sql, params });
  }

  exec(sql: string): Promise<unknown> {
    return this.current.call({ op: 'exec', sql });
  }

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.current.call({ op: 'listen', channel });
    }
    callbacks.add(onNotice);
    const mine = callbacks;
    return async () => {
      mine.delete(onNotice);
      if (mine.size || this.listeners.get(channel) !== mine) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.current.call({ op: 'unlisten', channel });
    };
  }

  /**
   * Closes PGlite and opens the same data on a new thread, listening as before: the memory the old
   * thread's WebAssembly grew to (it never shrinks) is given back. Only while nothing else is asked (the
   * Database's mutex).
   */
  async renew(): Promise<void> {
    await this.current.stop();
    this.current = await this.startWorker();
    for (const channel of this.listeners.keys()) await this.current.call({ op: 'listen', channel });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.current.stop();
  }
}
