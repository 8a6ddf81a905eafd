/**
 * Checking a typed payment password. Only wrong ones are counted (the rule `wrongPayPasswordsPerAccount`), so
 * a right password is never refused because of other requests. The checks of one account run one at a time on
 * each node, so a wrong one is counted before the next is checked: however many arrive together, a node
 * computes no hash past the limit, and several nodes at most one each beyond it. Past the limit the account
 * is told when to try again, and no hash is computed. A right password starts the count again, and so does
 * setting a new one (which takes a code sent to the account's email).
 */
import type { Kysely } from 'kysely';
import type { Services } from '../../context';
import type { DB } from '../../db';
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

/**
 * Whether the user has set a payment password (SPEC 5: "a payment password must be set before trading"; the earn
 * forms gate on it).
 */
export async function hasPayPassword(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.pay_password_hash);
}

export async function requirePayPassword(db: Kysely<DB>, userId: number): Promise<void> {
  if (!(await hasPayPassword(db, userId))) throw new ApiError('error.set_pay_password_first');
}

/**
 * The payment password before money is locked (lock mining, investments, subscriptions, contract orders): one
 * must be set, and when it is typed it must be right (its tries are limited: `verifyPayPassword`). Whether it
 * must be typed is the form's rule (the platform's app sends none; our forms require it, and the server
 * enforces a form on its endpoint).
 */
export async function checkPayPassword(services: Pick<Services, 'db' | 'throttle'>, userId: number, typed: string | undefined): Promise<void> {
  const row = await services.db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  if (!row?.pay_password_hash) throw new ApiError('error.set_pay_password_first');
  if (typed !== undefined) await verifyPayPassword(services.throttle, userId, typed, row.pay_password_hash);
}
