/**
 * Checking a typed payment password. Only wrong ones are counted (the rule `wrongPayPasswordsPerAccount`), so
 * a right password is never refused because of other requests. The checks of one account run one at a time on
 * each node, so a wrong one is counted before the next is checked: however many arrive together, a node
 * computes no hash past the limit, and several nodes at most one each beyond it. Past the limit the account
 * is told when to try again, and no hash is computed. A right password starts the count again, and so does
 * setting a new one (which takes a code sent to the account's email).
 */
import { ApiError } from '../../errors';
import type { Throttle } from '../../throttle';
import { oneAtATime } from '../../throttle/oneAtATime';
import { verifyPassword } from './passwords';

const checks = oneAtATime();

export function verifyPayPassword(throttle: Throttle, userId: number, typed: string, hash: string): Promise<void> {
  const account = String(userId);
  return checks(account, async () => {
    await throttle.check('wrongPayPasswordsPerAccount', account);
    if (!(await verifyPassword(typed, hash))) {
      await throttle.record('wrongPayPasswordsPerAccount', account);
      throw new ApiError('api.pay_password.wrong');
    }
    await clearPayPasswordTries(throttle, userId);
  });
}

export function clearPayPasswordTries(throttle: Throttle, userId: number): Promise<void> {
  return throttle.clear('wrongPayPasswordsPerAccount', String(userId));
}
