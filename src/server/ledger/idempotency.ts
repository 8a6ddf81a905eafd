/**
 * Idempotent money movements: with a key, the first run stores its answer in the same transaction as its
 * postings; a repeat (even a concurrent one, which waits on the key's row) gets that answer without moving
 * anything, and the same key with a different request is refused (IdempotencyKeyReused). Without a key the
 * work simply runs in a transaction. Plain values in, so a job can use it as well as a request.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db';
import { IdempotencyKeyReused } from './errors';

export interface IdempotencyClaim {
  userId: number;
  key: string;
  /** What the key was used for (`"POST /wallet/out"`) and a hash of the request: a repeat must match both. */
  endpoint: string;
  requestHash: string;
}

export interface Outcome<T> { repeat: boolean; value: T }

export async function withIdempotency<T>(db: Kysely<DB>, claim: IdempotencyClaim | undefined, fn: (trx: Transaction<DB>) => Promise<T>): Promise<Outcome<T>> {
  if (!claim) return { repeat: false, value: await db.transaction().execute(fn) };
  const { userId, key, endpoint, requestHash } = claim;
  const outcome = await db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('idempotency_keys')
      .values({ user_id: userId, key, endpoint, request_hash: requestHash, response: '' })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key').executeTakeFirst();
    if (!claimed) return { repeat: true as const };
    const result = await fn(trx);
    await trx.updateTable('idempotency_keys').set({ response: JSON.stringify(result ?? null) })
      .where('user_id', '=', userId).where('key', '=', key).execute();
    return { repeat: false as const, result };
  });
  if (!outcome.repeat) return { repeat: false, value: outcome.result };
  const first = await db.selectFrom('idempotency_keys').select(['endpoint', 'request_hash', 'response'])
    .where('user_id', '=', userId).where('key', '=', key).executeTakeFirstOrThrow();
  if (first.endpoint !== endpoint || first.request_hash !== requestHash) throw new IdempotencyKeyReused();
  return { repeat: true, value: JSON.parse(first.response) as T };
}
