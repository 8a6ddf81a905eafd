/**
 * What a user's balances must be: the balances seen after setup plus the effect of every money request the
 * server acknowledged since, as its answer states it. Compared with POST /wallet/list after each restart, a
 * lost acknowledged request (or one applied twice) shows as a difference.
 */
import type { ResponseOf } from '../../src/shared/contract';
import { ACCOUNT_NAMES } from '../../src/shared/contract/wallet';
import { D, type Decimal } from '../../src/shared/format/decimal';

export type Bucket = 'available' | 'frozen' | 'locked';
export const BUCKETS: readonly Bucket[] = ['available', 'frozen', 'locked'];

export interface Change { account: string; currency: number; bucket: Bucket; amount: Decimal }

const keyOf = (account: string, currency: number, bucket: Bucket) => `${account} currency ${currency} ${bucket}`;

export class Balances {
  private readonly amounts = new Map<string, Decimal>();

  static fromWalletList(list: ResponseOf<'POST /wallet/list'>): Balances {
    const balances = new Balances();
    for (const account of ACCOUNT_NAMES) {
      for (const b of list[`${account}_wallet`].balance as Array<Record<string, string> & { currency: number }>) {
        const amounts: Record<Bucket, string> = { available: b[`${account}_balance`], frozen: b.frozen, locked: b.locked };
        for (const bucket of BUCKETS) balances.apply({ account, currency: b.currency, bucket, amount: new D(amounts[bucket]) });
      }
    }
    return balances;
  }

  get(account: string, currency: number, bucket: Bucket = 'available'): Decimal {
    return this.amounts.get(keyOf(account, currency, bucket)) ?? new D(0);
  }

  apply(change: Change): void {
    const key = keyOf(change.account, change.currency, change.bucket);
    const total = this.get(change.account, change.currency, change.bucket).plus(change.amount);
    if (total.eq(0)) this.amounts.delete(key);
    else this.amounts.set(key, total);
  }

  /** Every balance that differs from `found`: `change currency 3 available: expected 1, found 2`. */
  differences(found: Balances): string[] {
    const keys = new Set([...this.amounts.keys(), ...found.amounts.keys()]);
    const out: string[] = [];
    for (const key of [...keys].sort()) {
      const expected = this.amounts.get(key) ?? new D(0);
      const actual = found.amounts.get(key) ?? new D(0);
      if (!expected.eq(actual)) out.push(`${key}: expected ${expected.toFixed()}, found ${actual.toFixed()} (${actual.minus(expected).toFixed()})`);
    }
    return out;
  }
}
