/**
 * A money-moving request (`idempotent` in the contract): its `Idempotency-Key` header and a hash of its
 * input become the ledger's idempotency claim; afterwards the user's open apps are told over their private
 * socket room (`balance`), so they refresh.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { BALANCE_EVENT } from '../shared/contract/events';
import { endpointKey } from '../shared/contract';
import { requireUser, type RequestContext } from './context';
import type { DB } from './db';
import { ApiError } from './errors';
import { withIdempotency, type IdempotencyClaim } from './ledger/idempotency';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

function requestHash(ctx: RequestContext): string {
  // The payment password is checked before the claim; it is not kept, not even hashed into it.
  const input = Object.fromEntries(Object.entries(ctx.input).filter(([k]) => k !== 'lang' && k !== 'pay_password').sort(([a], [b]) => a.localeCompare(b)));
  return crypto.createHash('sha256').update(`${endpointKey(ctx.endpoint)}\n${JSON.stringify(input)}`).digest('hex');
}

function claimOf(ctx: RequestContext): IdempotencyClaim | undefined {
  const header = ctx.req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw new ApiError('api.idempotency.invalid');
  return { key, endpoint: endpointKey(ctx.endpoint), requestHash: requestHash(ctx) };
}

/** `fn` in the user's money transaction (ledger/locks.ts: the user's row, then the key, then the accounts). */
export async function moneyTransaction<T>(ctx: RequestContext, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const user = requireUser(ctx);
  const { repeat, value } = await withIdempotency(ctx.services.db, user.id, claimOf(ctx), fn);
  if (!repeat) ctx.services.tell(user.id, BALANCE_EVENT);
  return value;
}
