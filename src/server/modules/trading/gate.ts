/**
 * SPEC 5: "a payment password must be set before trading". Checked by every order, stake and position;
 * the earn products ask for it typed.
 */
import type { CachedReads } from '../../cachedReads';
import { ApiError } from '../../errors';
import { verifyPassword } from '../auth';

/** Whether the user has set a payment password (the earn forms gate on it). */
export async function hasPayPassword(cached: CachedReads, userId: number): Promise<boolean> {
  return Boolean((await cached.user(userId))?.pay_password_hash);
}

export async function requirePayPassword(cached: CachedReads, userId: number): Promise<void> {
  if (!(await hasPayPassword(cached, userId))) throw new ApiError('error.set_pay_password_first');
}

/** The payment password typed before money is locked (lock mining, investments, subscriptions). */
export async function checkPayPassword(cached: CachedReads, userId: number, typed: string): Promise<void> {
  const row = await cached.user(userId);
  if (!row?.pay_password_hash) throw new ApiError('error.set_pay_password_first');
  if (!(await verifyPassword(typed, row.pay_password_hash))) throw new ApiError('api.pay_password.wrong');
}
