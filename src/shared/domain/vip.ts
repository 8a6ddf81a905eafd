/**
 * VIP levels (SPEC 6): a user's level is the highest whose volume their trading of the window is above (at
 * least the level the operator granted); a level cuts the trading fee by its discount. The fee rate a trade
 * pays is the market's, less the discount, rounded down to the 8 decimals a fee rate is kept with.
 */
import { D, ROUND, type DecimalInput } from '../format/decimal';

export interface VipLevel { level: number; volume_above: string; spot_fee_discount: string; contract_fee_discount: string }

/** The level a volume reaches, never below `floor`. */
export function vipLevelFor(volume: DecimalInput, levels: readonly VipLevel[], floor = 0): number {
  const reached = levels.filter((l) => new D(volume).gt(l.volume_above)).reduce((top, l) => Math.max(top, l.level), 0);
  return Math.max(reached, floor);
}

/** The fee discounts of a level (none at level 0; a granted level above those configured gets the top one's). */
export function vipDiscounts(level: number, levels: readonly VipLevel[]): { spot: string; contract: string } {
  const own = [...levels].reverse().find((l) => l.level <= level);
  return own ? { spot: own.spot_fee_discount, contract: own.contract_fee_discount } : { spot: '0', contract: '0' };
}

export const FEE_RATE_DECIMALS = 8;

/** A market's fee rate less a discount. */
export function discountedFeeRate(rate: DecimalInput, discount: DecimalInput): string {
  return new D(rate).times(new D(1).minus(discount)).round(FEE_RATE_DECIMALS, ROUND.down).toFixed();
}
