/**
 * Checking a typed payment password. Tries are counted per account before the hash is computed, in one
 * atomic step (the rule `payPasswordTriesPerAccount`), so however many arrive together, on however many nodes,
 * no more than the limit are checked; past it the account is told when to try again, and no hash is computed.
 * A right password starts the count again, and so does setting a new one (which takes a code sent to the
 * account's email).
 */
import { ApiError } from '../../errors';
import type { Throttle } from '../../throttle';
import { verifyPassword } from './passwords';

export async function verifyPayPassword(throttle: Throttle, userId: number, typed: string, hash: string): Promise<void> {
  await throttle.hit('payPasswordTriesPerAccount', String(userId));
  if (!(await verifyPassword(typed, hash))) throw new ApiError('api.pay_password.wrong');
  await clearPayPasswordTries(throttle, userId);
}

export function clearPayPasswordTries(throttle: Throttle, userId: number): Promise<void> {
  return throttle.clear('payPasswordTriesPerAccount', String(userId));
}
