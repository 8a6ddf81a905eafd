/**
 * A recharge as the referral rebate counts it: money a user brought onto the platform (a deposit approved, a
 * bought order paid), valued in USDT when it was credited. Recorded in the transaction of the credit, once per
 * deposit or order (`ref` is unique and repeats the credit's ledger ref).
 */
import type { Transaction } from 'kysely';
import { D, type DecimalInput } from '../../../shared/format/decimal';
import type { DB } from '../../db';

export async function recordRecharge(trx: Transaction<DB>, user: number, ref: string, usdtValue: DecimalInput, at: Date): Promise<void> {
  const value = new D(usdtValue);
  if (value.lte(0)) return;
  await trx.insertInto('recharges').values({ user_id: user, ref, usdt_value: value.toFixed(), credited_at: at }).execute();
}
