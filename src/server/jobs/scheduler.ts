/**
 * The scheduler: every run of a job is a row of `job_runs` (name, key, due time, done). A tick adds the
 * recurring jobs' runs that have come due, then runs the due rows oldest first, a few of each job at a time
 * so that one job's backlog does not hold back the others. Each run has its own transaction that also marks
 * it done, so a run happens once even across restarts. With several nodes on PostgreSQL, one leader (a
 * session advisory lock) ticks at a time, and each row is locked while it runs. A failed run is logged,
 * tried again later (backing off), and holds back the later runs of its job, which keep order.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Services } from '../context';
import type { Database, DB } from '../db';
import type { Cadence, JobDefinition } from './types';
import { MINUTE_MS } from '../../shared/domain/time';

/** Runs added per recurring job per tick at most (a long downtime catches up over several ticks). */
const CATCH_UP_BATCH = 500;
const PER_JOB_BATCH = 20;
const MAX_BACKOFF_MS = 30 * MINUTE_MS;

export interface TickResult { ran: number; failed: number; leader: boolean }

/** The scheduler as /health tells it: whether it ticks, whether its last pass led, and when that ended. */
export interface SchedulerStatus {
  running: boolean;
  leader: boolean;
  lastPassAt?: Date;
  /** The last pass could not finish (the database unreachable): the next tick tries again. */
  failing: boolean;
}

export class Scheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TickResult> | undefined;
  private last: { at: Date; leader: boolean } | undefined;
  private failing = false;

  constructor(
    private readonly database: Database,
    private readonly services: () => Services,
    jobs: readonly JobDefinition[],
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {
    for (const job of jobs) {
      if (this.jobs.has(job.name)) throw new Error(`two jobs named ${job.name}`);
      this.jobs.set(job.name, job);
    }
  }

  get names(): string[] { return [...this.jobs.keys()]; }

  /** Schedules a one-off run (in the caller's transaction, so it exists exactly when what made it due does). */
  async schedule(db: Kysely<DB>, name: string, key: string, due: Date): Promise<void> {
    if (!this.jobs.has(name)) throw new Error(`no job ${name}`);
    await db.insertInto('job_runs').values({ name, key, due_at: due })
      .onConflict((oc) => oc.columns(['name', 'key']).doNothing()).execute();
  }

  /**
   * Ticks every `intervalMs` until stop(). A pass that cannot finish (the database unreachable) is logged
   * once until one does; what it left due runs at the next pass that can.
   */
  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().then(() => {
        if (this.failing) this.log.info('jobs run again');
        this.failing = false;
      }, (err: unknown) => {
        if (!this.failing) this.log.error({ err }, 'a pass of the jobs failed: the next tick tries again');
        this.failing = true;
      });
    }, intervalMs);
    this.timer.unref();
  }

  get status(): SchedulerStatus {
    return { running: this.timer !== undefined, leader: this.last?.leader ?? false, lastPassAt: this.last?.at, failing: this.failing };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass; overlapping calls share the pass in progress. */
  tick(): Promise<TickResult> {
    this.running ??= this.lead().then((result) => {
      this.last = { at: this.now(), leader: result.leader };
      return result;
    }).finally(() => { this.running = undefined; });
    return this.running;
  }

  /**
   * A pass that reads the time after this call: one in progress (which read it before, e.g. before a test
   * clock moved) is let finish first, instead of being shared.
   */
  async tickFromNow(): Promise<TickResult> {
    await this.running?.catch(() => undefined);
    return this.tick();
  }

  private async lead(): Promise<TickResult> {
    const { db, kind } = this.database;
    if (kind === 'pglite') return this.pass(); // one process holds the database: it is the only node
    return db.connection().execute(async (conn) => {
      const key = sql`hashtext(current_schema() || ':jobs')`;
      const { rows } = await sql<{ leader: boolean }>`select pg_try_advisory_lock(${key}) as leader`.execute(conn);
      if (!rows[0]?.leader) return { ran: 0, failed: 0, leader: false };
      try {
        return await this.pass();
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(conn);
      }
    });
  }

  private async pass(): Promise<TickResult> {
    const now = this.now();
    for (const job of this.jobs.values()) if (job.every) await this.addDueRuns(job.name, job.every, now);
    const held = new Set<string>();
    const result: TickResult = { ran: 0, failed: 0, leader: true };
    // Batches of at most PER_JOB_BATCH runs of each job until nothing due is left: a backlog of one job
    // (thousands of settlements after a burst of orders) does not hold back the others (the fills every second).
    for (;;) {
      const due = await this.dueRuns(now, held);
      let progressed = false;
      for (const row of due) {
        if (row.retry_at && new Date(row.retry_at) > now) held.add(row.name); // backing off: its later runs wait too
        if (held.has(row.name)) { progressed = true; continue; }
        const job = this.jobs.get(row.name);
        if (!job) {
          held.add(row.name);
          progressed = true;
          this.log.error({ job: row.name }, 'a due run names no job: left pending');
          continue;
        }
        const outcome = await this.runOne(job, { id: row.id, key: row.key, due: new Date(row.due_at) }, now);
        if (outcome === 'ran') { result.ran++; progressed = true; }
        if (outcome === 'failed') { result.failed++; held.add(row.name); progressed = true; }
      }
      if (!progressed) return result;
    }
  }

  /** The oldest due runs, at most PER_JOB_BATCH of each job, none of the jobs `held` back. */
  private dueRuns(now: Date, held: ReadonlySet<string>) {
    return this.database.db
      .selectFrom((eb) => {
        let pending = eb.selectFrom('job_runs').select(['id', 'name', 'key', 'due_at', 'retry_at'])
          .select(sql<number>`row_number() over (partition by name order by due_at, id)`.as('nth'))
          .where('done_at', 'is', null).where('due_at', '<=', now);
        if (held.size) pending = pending.where('name', 'not in', [...held]);
        return pending.as('pending');
      })
      .select(['id', 'name', 'key', 'due_at', 'retry_at'])
      .where('nth', '<=', PER_JOB_BATCH)
      .orderBy('due_at').orderBy('id').execute();
  }

  /** Adds the runs of a recurring job due by `now` after its latest one (or the latest due, the first time). */
  private async addDueRuns(name: string, every: Cadence, now: Date): Promise<void> {
    const offset = every.offsetMs ?? 0;
    const latestDue = Math.floor((now.getTime() - offset) / every.everyMs) * every.everyMs + offset;
    const last = await this.database.db.selectFrom('job_runs').select(sql<Date | string | null>`max(due_at)`.as('due'))
      .where('name', '=', name).executeTakeFirst();
    const lastDue = last?.due ? new Date(last.due).getTime() : undefined;
    let first = lastDue === undefined || every.catchUp === 'latest' ? latestDue : lastDue + every.everyMs;
    if (lastDue !== undefined && first <= lastDue) return;
    first = Math.max(first, latestDue - (CATCH_UP_BATCH - 1) * every.everyMs);
    const values = [];
    for (let t = first; t <= latestDue; t += every.everyMs) values.push({ name, key: new Date(t).toISOString(), due_at: new Date(t) });
    if (values.length) {
      await this.database.db.insertInto('job_runs').values(values).onConflict((oc) => oc.columns(['name', 'key']).doNothing()).execute();
    }
  }

  /** `taken`: another node holds the row. */
  private async runOne(job: JobDefinition, row: { id: string | number; key: string; due: Date }, now: Date): Promise<'ran' | 'taken' | 'failed'> {
    const after: Array<() => void> = [];
    try {
      const ran = await this.database.db.transaction().execute(async (trx) => {
        const mine = await trx.selectFrom('job_runs').select('id').where('id', '=', row.id).where('done_at', 'is', null)
          .forUpdate().skipLocked().executeTakeFirst();
        if (!mine) return false;
        await job.run({ trx, services: this.services(), now, key: row.key, due: row.due, afterCommit: (fn) => after.push(fn) });
        await trx.updateTable('job_runs').set({ done_at: now, attempts: sql`attempts + 1`, retry_at: null, last_error: null })
          .where('id', '=', row.id).execute();
        return true;
      });
      if (!ran) return 'taken';
      for (const fn of after) fn();
      return 'ran';
    } catch (err) {
      this.log.error({ err, job: job.name, key: row.key }, 'job run failed: it will be tried again');
      await this.database.db.updateTable('job_runs')
        .set({
          attempts: sql`attempts + 1`,
          retry_at: sql`${now}::timestamptz + least(interval '1 second' * power(2, attempts), interval '1 millisecond' * ${MAX_BACKOFF_MS})`,
          last_error: String(err instanceof Error ? err.message : err).slice(0, 1000),
        })
        .where('id', '=', row.id).execute()
        .catch((e: unknown) => this.log.error({ err: e }, 'could not record the failed run'));
      return 'failed';
    }
  }
}
