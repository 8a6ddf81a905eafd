/**
 * The referral rebate (SPEC 9): of each downline person whose recharges of one day add up to more than the
 * threshold, the person who invited them receives the first rate, that person's inviter the second, and so
 * on up the chain (5 %, 3 %, 2 %, 1 % over four levels: A receives of B, C, D and E; B of C, D, E and F). Each
 * share is rounded down to the paid currency's decimals; a share rounded to nothing is no share.
 */
import { D, ROUND } from '../format/decimal';

/** One downline person's recharges of the day, valued in USDT. */
export interface DayRecharge { user: number; usdt: string }

export interface RebateShare {
  receiver: number;
  from: number;
  /** 1: `from` was invited by `receiver`; 2: by someone `receiver` invited … */
  level: number;
  recharge: string;
  rate: string;
  amount: string;
}

export interface RebateTerms {
  rates: readonly string[];
  daily_recharge_above: string;
}

/** Every share the day's recharges pay: `parentOf` is who invited a user (undefined or null for nobody). */
export function rebateShares(
  recharges: readonly DayRecharge[], parentOf: (user: number) => number | null | undefined, terms: RebateTerms, decimals: number,
): RebateShare[] {
  const shares: RebateShare[] = [];
  for (const { user, usdt } of recharges) {
    if (!new D(usdt).gt(terms.daily_recharge_above)) continue;
    let receiver = parentOf(user);
    const seen = new Set([user]);
    for (let level = 1; level <= terms.rates.length && receiver != null && !seen.has(receiver); level++) {
      seen.add(receiver);
      const rate = terms.rates[level - 1];
      const amount = new D(usdt).times(rate).round(decimals, ROUND.down);
      if (amount.gt(0)) shares.push({ receiver, from: user, level, recharge: new D(usdt).toFixed(), rate, amount: amount.toFixed() });
      receiver = parentOf(receiver);
    }
  }
  return shares;
}

/** The shares by receiver with their total: what each person is paid for the day, once. */
export function rebatesByReceiver(shares: readonly RebateShare[]): Map<number, { amount: string; shares: RebateShare[] }> {
  const out = new Map<number, { amount: string; shares: RebateShare[] }>();
  for (const share of shares) {
    const prior = out.get(share.receiver) ?? { amount: '0', shares: [] };
    out.set(share.receiver, { amount: new D(prior.amount).plus(share.amount).toFixed(), shares: [...prior.shares, share] });
  }
  return out;
}
