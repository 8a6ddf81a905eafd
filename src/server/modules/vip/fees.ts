/** What a user's VIP level takes off their trading fees: the trade paths ask before placing. */
import { vipDiscounts } from '../../../shared/domain/vip';
import type { Services } from '../../context';

export async function feeDiscountsOf(services: Services, user: number): Promise<{ spot: string; contract: string }> {
  const row = await services.db.selectFrom('users').select('vip_level').where('id', '=', user).executeTakeFirstOrThrow();
  return vipDiscounts(row.vip_level, services.configuration.current.vip.levels);
}
