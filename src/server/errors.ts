import type { MessageValues } from './i18n';
import { AmountOutOfRange, HoldResolved, IdempotencyKeyReused, InsufficientBalance } from './ledger/errors';

/**
 * A failure the client should show: answered as `{ type, message: t(key, values) }` with HTTP 200.
 * `type` is "error" by default, "999" for a missing/invalid session, "998" when identity verification is needed.
 * A refusal about one request field names it (`.about(field)`): the envelope then carries `field`, an extra
 * the platform's app ignores, by which a form shows the reason beside that field.
 */
export class ApiError extends Error {
  /** The request field the refusal is about, if one. */
  field?: string;

  constructor(
    readonly key: string,
    readonly values: MessageValues = {},
    readonly type: 'error' | '999' | '998' = 'error',
    /** Further keys tried before `key` (the first that exists wins). */
    readonly preferred: string[] = [],
  ) {
    super(key);
    this.name = 'ApiError';
  }

  /** Names the request field the refusal is about; returns this error. */
  about(field: string): this {
    this.field = field;
    return this;
  }
}

/** The ledger's business refusals, as the customer reads them (its other errors are bugs: a 500 in the log). */
export function asApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof InsufficientBalance) return new ApiError('error.insufficient_balance');
  if (err instanceof IdempotencyKeyReused) return new ApiError('api.idempotency.reused');
  if (err instanceof AmountOutOfRange) return new ApiError('api.amount_too_large');
  if (err instanceof HoldResolved) return new ApiError('api.hold.resolved');
  return undefined;
}
