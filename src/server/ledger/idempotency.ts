/**
 * Idempotent money movements: with a key, the first run stores its answer in the same transaction as its
 * postings; a repeat (even a concurrent one, which waits on the user's row) gets that answer without moving
 * anything, and the same key with a different request is refused (IdempotencyKeyReused). Without a key the
 * work simply runs. Either way it runs in the user's transaction (locks.ts: the user's row first, then the
 * key). Plain values in, so a job can use it as well as a request.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db';
import { IdempotencyKeyReused } from './errors';
import { inUserTransaction } from './locks';

export interface IdempotencyClaim {
  key: string;
  /** What the key was used for (`"POST /wallet/out"`) and a hash of the request: a repeat must match both. */
  endpoint: string;
  requestHash: string;
}

export interface Outcome<T> { repeat: boolean; value: T }

export async function withIdempotency<T>(
  db: Kysely<DB>, userId: number, claim: IdempotencyClaim | undefined, fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<Outcome<T>> {
  return inUserTransaction(db, userId, async (trx) => {
    if (!claim) return { repeat: false, value: await fn(trx) };
    const { key, endpoint, requestHash } = claim;
    const claimed = await trx.insertInto('idempotency_keys')
      .values({ user_id: userId, key, endpoint, request_hash: requestHash, response: '' })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key').executeTakeFirst();
    if (claimed) {
      const value = await fn(trx);
      await trx.updateTable('idempotency_keys').set({ response: JSON.stringify(value ?? null) })
        .where('user_id', '=', userId).where('key', '=', key).execute();
      return { repeat: false, value };
    }
    // Committed: whoever inserted it held the user's row, which this transaction holds now.
    const first = await trx.selectFrom('idempotency_keys').select(['endpoint', 'request_hash', 'response'])
      .where('user_id', '=', userId).where('key', '=', key).executeTakeFirstOrThrow();
    if (first.endpoint !== endpoint || first.request_hash !== requestHash) throw new IdempotencyKeyReused();
    return { repeat: true, value: JSON.parse(first.response) as T };
  });
}
