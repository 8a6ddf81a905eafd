/**
 * SPEC 5: "a payment password must be set before trading". Checked by every order, stake and position;
 * the earn products ask for it typed.
 */
import type { Kysely } from 'kysely';
import type { Services } from '../../context';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { verifyPayPassword } from '../auth';

/** Whether the user has set a payment password (the earn forms gate on it). */
export async function hasPayPassword(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.pay_password_hash);
}

export async function requirePayPassword(db: Kysely<DB>, userId: number): Promise<void> {
  if (!(await hasPayPassword(db, userId))) throw new ApiError('error.set_pay_password_first');
}

/**
 * The payment password before money is locked (lock mining, investments, subscriptions, contract orders): one
 * must be set, and when it is typed it must be right (its tries are limited: auth/payPassword.ts). Whether it
 * must be typed is the form's rule (the platform's app sends none; our forms require it, and the server
 * enforces a form on its endpoint).
 */
export async function checkPayPassword(services: Pick<Services, 'db' | 'throttle'>, userId: number, typed: string | undefined): Promise<void> {
  const row = await services.db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  if (!row?.pay_password_hash) throw new ApiError('error.set_pay_password_first');
  if (typed !== undefined) await verifyPayPassword(services.throttle, userId, typed, row.pay_password_hash);
}
