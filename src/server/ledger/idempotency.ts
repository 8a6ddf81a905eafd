/**
 * Money-moving requests run in one database transaction, together with their idempotency record: with an
 * `Idempotency-Key` header, the first request stores its answer in the same transaction as its postings,
 * a repeat (even a concurrent one, which waits on the key's row) gets that answer without moving anything,
 * and the same key with a different request is refused. Without the header the request simply runs.
 * Afterwards the user's apps are told over their private socket room (`balance`), so they refresh.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { BALANCE_EVENT } from '../../shared/contract/events';
import type { RequestContext, Services } from '../context';
import { requireUser } from '../context';
import type { DB } from '../db';
import { ApiError } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

function requestHash(ctx: RequestContext): string {
  const input = Object.fromEntries(Object.entries(ctx.input).filter(([k]) => k !== 'lang').sort(([a], [b]) => a.localeCompare(b)));
  return crypto.createHash('sha256').update(`${ctx.endpoint.method} ${ctx.endpoint.path}\n${JSON.stringify(input)}`).digest('hex');
}

/** Tells the user's open apps (private socket room) that their balances or records changed. */
export function notifyBalances(services: Services, userId: number): void {
  services.realtime.toUser(userId, BALANCE_EVENT, {});
}

export async function moneyTransaction<T>(ctx: RequestContext, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const user = requireUser(ctx);
  const result = await idempotent(ctx, user.id, fn);
  if (!result.repeat) notifyBalances(ctx.services, user.id);
  return result.value;
}

async function idempotent<T>(ctx: RequestContext, userId: number, fn: (trx: Transaction<DB>) => Promise<T>): Promise<{ repeat: boolean; value: T }> {
  const user = { id: userId };
  const header = ctx.req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return { repeat: false, value: await ctx.services.db.transaction().execute(fn) };
  if (!KEY_PATTERN.test(key)) throw new ApiError('api.idempotency.invalid');
  const endpoint = `${ctx.endpoint.method} ${ctx.endpoint.path}`;
  const hash = requestHash(ctx);
  const outcome = await ctx.services.db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('idempotency_keys')
      .values({ user_id: user.id, key, endpoint, request_hash: hash, response: '' })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key').executeTakeFirst();
    if (!claimed) return { repeat: true as const };
    const result = await fn(trx);
    await trx.updateTable('idempotency_keys').set({ response: JSON.stringify(result ?? null) })
      .where('user_id', '=', user.id).where('key', '=', key).execute();
    return { repeat: false as const, result };
  });
  if (!outcome.repeat) return { repeat: false, value: outcome.result };
  const first = await ctx.services.db.selectFrom('idempotency_keys').select(['endpoint', 'request_hash', 'response'])
    .where('user_id', '=', user.id).where('key', '=', key).executeTakeFirstOrThrow();
  if (first.endpoint !== endpoint || first.request_hash !== hash) throw new ApiError('api.idempotency.reused');
  return { repeat: true, value: JSON.parse(first.response) as T };
}
