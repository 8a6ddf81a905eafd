/**
 * SPEC 5: "a payment password must be set before trading". Checked by every order, stake and position;
 * the earn products ask for it typed.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { verifyPassword } from '../auth';

/** Whether the user has set a payment password (the earn forms gate on it). */
export async function hasPayPassword(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.pay_password_hash);
}

export async function requirePayPassword(db: Kysely<DB>, userId: number): Promise<void> {
  if (!(await hasPayPassword(db, userId))) throw new ApiError('error.set_pay_password_first');
}

/** The payment password typed before money is locked (lock mining, investments, subscriptions). */
export async function checkPayPassword(db: Kysely<DB>, userId: number, typed: string): Promise<void> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  if (!row?.pay_password_hash) throw new ApiError('error.set_pay_password_first');
  if (!(await verifyPassword(typed, row.pay_password_hash))) throw new ApiError('api.pay_password.wrong');
}
