/**
 * The lock order. Every transaction that moves a user's money, or decides on something of theirs under review,
 * takes its row locks in this order, so two such transactions never wait on each other in a cycle (PostgreSQL
 * would abort one with "deadlock detected"):
 *
 *   1. the users' rows, by ascending id, FOR NO KEY UPDATE (`inUserTransaction`, first thing in the
 *      transaction): one money transaction per user at a time, so whatever it reads first (the 24-hour sum of
 *      withdrawals, the number of saved addresses, a status) cannot change before it writes;
 *   2. the record decided on: a deposit, withdrawal or identity submission under review (FOR UPDATE), then
 *      the ledger hold a step captures or releases (holds.ts, FOR UPDATE);
 *   3. the idempotency key's row (`withIdempotency` inserts it);
 *   4. ledger accounts: created in (owner, currency, type) order and locked in id order, by `post()`, once per
 *      transaction (a second post() could lock a lower id after a higher one).
 *
 * NO KEY UPDATE, not UPDATE, on users: inserting any row that references a user (an idempotency key, a ledger
 * account, a withdrawal, a deposit) takes FOR KEY SHARE on the user's row through the foreign key. FOR UPDATE
 * conflicts with that share lock, so two requests that had each inserted their key and then asked for the user
 * row FOR UPDATE waited on each other; FOR NO KEY UPDATE does not conflict with it (the id never changes).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db';

/** Step 1: the users' rows, in id order (a no-op for rows this transaction already holds). */
export async function lockUsers(trx: Transaction<DB>, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await trx.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
}

/** A transaction that holds `userId`'s row from its first statement: the helper every money path starts with. */
export function inUserTransaction<T>(db: Kysely<DB>, userId: number, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockUsers(trx, [userId]);
    return fn(trx);
  });
}
