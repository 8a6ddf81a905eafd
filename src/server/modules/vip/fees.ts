/**
 * What a user's VIP level takes off their trading fees: the tickets and the trade paths ask (the user's row as
 * kept in memory: a level changes once a day, and whoever changes it drops the kept row).
 */
import { vipDiscounts } from '../../../shared/domain/vip';
import type { Services } from '../../context';

export async function feeDiscountsOf(services: Services, user: number): Promise<{ spot: string; contract: string }> {
  const row = await services.cached.user(user);
  return vipDiscounts(row?.vip_level ?? 0, services.configuration.current.vip.levels);
}
