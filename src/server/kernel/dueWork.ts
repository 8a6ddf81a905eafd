/**
 * The loop of the jobs that settle users' money (mining yields, dual payouts, IEO allocations and releases,
 * contract triggers and overnight fees):
 * the due rows' users locked first, in one order (ledger/locks.ts), then each row's step, and every user whose
 * money a step moved told `events` once the run's transaction has committed.
 */
import type { JobRun } from '../jobs/types';
import type { PrivateEvent } from '../../shared/contract/events';
import type { Services } from '../context';
import { lockUsers } from '../ledger';

/** Tells a user's open apps each of `events`: once what they announce has committed. */
export function tellUser(services: Pick<Services, 'tell'>, user: number, events: readonly PrivateEvent[]): void {
  for (const event of events) services.tell(user, event);
}

/** `step` returns whether it changed anything of the row's user (who is then told). */
export async function forEachDue<R extends { user_id: number }>(
  run: JobRun,
  due: readonly R[],
  step: (row: R) => Promise<unknown>,
  events: readonly PrivateEvent[],
): Promise<void> {
  await lockUsers(run.trx, due.map((row) => row.user_id));
  const told = new Set<number>();
  for (const row of due) if (await step(row)) told.add(row.user_id);
  run.afterCommit(() => {
    for (const user of told) tellUser(run.services, user, events);
  });
}
