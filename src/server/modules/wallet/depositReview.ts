/**
 * The review of deposits (the operator's commands): list those under review, approve one (the ledger moves
 * the amount from outside into the user's spot account, in the same transaction as the status) or reject
 * one with a reason. A deposit is reviewed once.
 */
import type { Kysely } from 'kysely';
import { DEPOSIT_STATUS } from '../../../shared/contract/wallet';
import { D } from '../../../shared/format/decimal';
import { OpsError } from '../../area';
import type { DB } from '../../db';
import { ACCOUNT_TYPES, inUserTransaction, post } from '../../ledger';
import { currencyById } from '../../kernel';
import type { Services } from '../../context';
import { usdtPriceOf } from '../financial';
import { postMessage } from '../messages';
import { couponsOnRecharge } from '../coupon';
import { recordRecharge } from '../referral';

export async function pendingDeposits(db: Kysely<DB>) {
  const rows = await db.selectFrom('deposits as d').innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'u.username', 'd.currency_id', 'd.chain', 'd.amount', 'd.voucher', 'd.created_at'])
    .where('d.status', '=', DEPOSIT_STATUS.review).orderBy('d.id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), amount: new D(r.amount).toFixed() }));
}

/** Read before locking anything: the user's row comes before the deposit's in the lock order (ledger/locks.ts). */
async function ownerOf(db: Kysely<DB>, id: number): Promise<{ user_id: number; currency_id: number }> {
  const row = await db.selectFrom('deposits').select(['user_id', 'currency_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new OpsError(`no deposit ${id}`);
  return row;
}

/** Credits the deposit; it counts as a recharge (the referral rebate) at its value in USDT at the last price. */
export async function approveDeposit(services: Services, id: number): Promise<void> {
  const { db } = services;
  const now = services.now();
  const owner = await ownerOf(db, id);
  const price = await usdtPriceOf(services, owner.currency_id);
  await inUserTransaction(db, owner.user_id, async (trx) => {
    const d = await trx.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (d.status !== DEPOSIT_STATUS.review) throw new OpsError(`deposit ${id} was already reviewed`);
    const amount = new D(d.amount).toFixed();
    const entry = await post(trx, {
      cause: 'deposit', ref: `deposit:${id}`,
      legs: [
        { account: { platform: 'outside', currency: d.currency_id }, amount: `-${amount}` },
        { account: { user: d.user_id, currency: d.currency_id, type: ACCOUNT_TYPES.change }, amount },
      ],
    });
    await trx.updateTable('deposits').set({ status: DEPOSIT_STATUS.approved, entry_id: entry, reviewed_at: now }).where('id', '=', id).execute();
    const value = new D(amount).times(price);
    await recordRecharge(trx, d.user_id, `deposit:${id}`, value, now);
    await couponsOnRecharge(trx, services.configuration.current.coupons.coupons, d.user_id, `deposit:${id}`, value, now);
    await postMessage(trx, d.user_id, 'deposit_approved', { amount, currency: currencyById(d.currency_id).name }, now);
  });
}

export async function rejectDeposit(db: Kysely<DB>, id: number, reason: string, now = new Date()): Promise<void> {
  if (!reason.trim()) throw new OpsError('a rejection needs a reason');
  await db.transaction().execute(async (trx) => {
    const d = await trx.updateTable('deposits').set({ status: DEPOSIT_STATUS.rejected, reason: reason.trim(), reviewed_at: now })
      .where('id', '=', id).where('status', '=', DEPOSIT_STATUS.review).returning(['user_id', 'amount', 'currency_id']).executeTakeFirst();
    if (!d) throw new OpsError(`no deposit ${id} under review`);
    await postMessage(trx, d.user_id, 'deposit_rejected', { amount: new D(d.amount).toFixed(), currency: currencyById(d.currency_id).name, reason: reason.trim() }, now);
  });
}
