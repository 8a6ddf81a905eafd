/** SPEC 5: "a payment password must be set before trading". Checked by every order, stake and position. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { ApiError } from '../../errors';

export async function requirePayPassword(db: Kysely<DB>, userId: number): Promise<void> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  if (!row?.pay_password_hash) throw new ApiError('error.set_pay_password_first');
}
