/** What a job is: work due at a time, run once per due run, inside a transaction with the ledger. */
import type { Transaction } from 'kysely';
import type { Services } from '../context';
import type { DB } from '../db';

export interface JobRun {
  /** All database work of the run goes through it (on PGlite the run's transaction holds the only connection). */
  trx: Transaction<DB>;
  services: Services;
  /** The scheduler's clock when the run started (tests move it). */
  now: Date;
  /** What this run is for: a due time of a recurring job, an order id of a one-off one. */
  key: string;
  due: Date;
  /** Runs after the transaction commits (tell users over the socket, say). */
  afterCommit(fn: () => void): void;
}

/**
 * When a recurring job is due: every `everyMs` from the epoch, shifted by `offsetMs` (daily at 00:10 UTC is
 * `{ everyMs: DAY_MS, offsetMs: 10 * MINUTE_MS }`). After downtime, `catchUp: 'each'` runs every missed time in
 * order (a daily yield owes each day); `'latest'` runs only the latest missed one (a purge).
 */
export interface Cadence {
  everyMs: number;
  offsetMs?: number;
  catchUp: 'each' | 'latest';
}

export interface JobDefinition {
  /** Unique across areas: `<area>.<what>` (`ledger.reconcile`). */
  name: string;
  /** Recurring; without it the job runs only when a flow schedules it. */
  every?: Cadence;
  run(run: JobRun): Promise<void>;
}

