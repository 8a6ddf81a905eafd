/**
 * Using a coupon: a fee discount on the user's next eligible trade (its product, a trade worth at least its
 * minimum), a deposit bonus on their next eligible recharge. The one soonest to expire is used first. Using it
 * is a guarded update (available -> used) in the transaction of the trade or credit, which holds the user's
 * row lock, and one ledger entry from the house paying what it gave: it gives once, whoever gets there first.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CouponDefinition } from '../../../shared/config/settings';
import { depositBonus, feeSaving } from '../../../shared/domain/coupon';
import { D, ROUND, type Decimal, type DecimalInput } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ACCOUNT_TYPES, post, type AccountRef } from '../../ledger';
import { currencyById } from '../../kernel';
import { USDT_ID } from '../../market/currencies';
import { postMessage } from '../messages';
import { grantCoupons, type CouponRow } from './held';

export type CouponProduct = 'spot' | 'contract';

/** A trade's fee as a coupon sees it: what it is worth in USDT, in the currency it is paid in. */
export interface TradeFee {
  user: number;
  product: CouponProduct;
  /** The trade's value (USDT), which the coupon's minimum is checked against. */
  value: DecimalInput;
  fee: DecimalInput;
  /** The currency the fee is paid in, and its price in USDT (1 for USDT; the fill price for a spot buy's coin). */
  currency: number;
  usdtPrice: DecimalInput;
  now: Date;
}

function eligible(db: Kysely<DB> | Transaction<DB>, t: TradeFee) {
  return db.selectFrom('user_coupons').selectAll()
    .where('user_id', '=', t.user).where('kind', '=', 'fee_discount').where('status', '=', 'available').where('expires_at', '>', t.now)
    .where('min', '<=', new D(t.value).toFixed()).where(sql<boolean>`(',' || products || ',') like ${`%,${t.product},%`}`)
    .orderBy('expires_at').orderBy('id').limit(1);
}

/** What the coupon takes off the fee, in the fee's currency (rounded down to its decimals). */
function savingOn(c: CouponRow, t: TradeFee): Decimal {
  const feeUsdt = new D(t.fee).times(t.usdtPrice);
  const saving = feeSaving({ rate: c.rate, amount: c.amount, max: c.max }, feeUsdt).div(t.usdtPrice).round(currencyById(t.currency).decimals, ROUND.down);
  return saving.gt(t.fee) ? new D(t.fee) : saving;
}

/** The coupon the user's next trade of this kind would use, and what it would save (the ticket's preview). */
export async function feeCouponPreview(db: Kysely<DB>, t: TradeFee): Promise<{ code: string; saving: string } | null> {
  if (new D(t.fee).lte(0)) return null;
  const c = await eligible(db, t).executeTakeFirst();
  const saving = c && savingOn(c, t);
  return c && saving!.gt(0) ? { code: c.code, saving: saving!.toFixed() } : null;
}

/**
 * Uses the user's eligible fee discount on a trade just charged (`ref` the trade's ledger ref): the house gives
 * back what it saves into `account`. Nothing when no coupon applies.
 */
export async function useFeeCoupon(trx: Transaction<DB>, t: TradeFee, ref: string, account: AccountRef): Promise<void> {
  if (new D(t.fee).lte(0)) return;
  const c = await eligible(trx, t).forUpdate().executeTakeFirst();
  if (!c) return;
  const saving = savingOn(c, t);
  if (saving.lte(0)) return;
  await spend(trx, c, { saving, currency: t.currency, ref, cause: 'coupon.fee', account, now: t.now });
}

async function spend(trx: Transaction<DB>, c: CouponRow, u: { saving: Decimal; currency: number; ref: string; cause: 'coupon.fee' | 'coupon.bonus'; account: AccountRef; now: Date }): Promise<boolean> {
  const used = await trx.updateTable('user_coupons')
    .set({ status: 'used', used_at: u.now, used_ref: u.ref, saving: u.saving.toFixed(), saving_currency: u.currency })
    .where('id', '=', c.id).where('status', '=', 'available').returning('id').executeTakeFirst();
  if (!used) return false;
  const entry = await post(trx, { cause: u.cause, ref: `coupon:${c.id}`, legs: [
    { account: { platform: 'house', currency: u.currency }, amount: u.saving.neg().toFixed() },
    { account: u.account, amount: u.saving.toFixed() },
  ] });
  await trx.updateTable('user_coupons').set({ entry_id: entry }).where('id', '=', c.id).execute();
  return true;
}

/**
 * A recharge credited (a deposit approved, a bought order paid; `usdtValue` its worth): the user's first grants
 * the coupons of `first_deposit`, and their eligible deposit bonus (one granted just now too) adds to it, into
 * their spot account, with a message. In the credit's transaction, after the recharge is recorded.
 */
export async function couponsOnRecharge(trx: Transaction<DB>, defined: readonly CouponDefinition[], user: number, ref: string, usdtValue: DecimalInput, now: Date): Promise<void> {
  const earlier = await trx.selectFrom('recharges').select('id').where('user_id', '=', user).where('ref', '<>', ref).limit(1).executeTakeFirst();
  if (!earlier) await grantCoupons(trx, defined, user, 'first_deposit', now);
  const c = await trx.selectFrom('user_coupons').selectAll()
    .where('user_id', '=', user).where('kind', '=', 'deposit_bonus').where('status', '=', 'available').where('expires_at', '>', now)
    .where('min', '<=', new D(usdtValue).toFixed()).orderBy('expires_at').orderBy('id').limit(1).forUpdate().executeTakeFirst();
  if (!c) return;
  const bonus = depositBonus({ rate: c.rate, amount: c.amount, max: c.max }, usdtValue).round(currencyById(USDT_ID).decimals, ROUND.down);
  if (bonus.lte(0)) return;
  const account = { user, currency: USDT_ID, type: ACCOUNT_TYPES.change };
  if (await spend(trx, c, { saving: bonus, currency: USDT_ID, ref, cause: 'coupon.bonus', account, now })) {
    await postMessage(trx, user, 'coupon_bonus', { code: c.code, amount: bonus.toFixed(), currency: currencyById(USDT_ID).name }, now);
  }
}
