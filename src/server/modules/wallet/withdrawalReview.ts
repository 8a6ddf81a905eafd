/**
 * The review of withdrawals (the operator's commands): list those under review, pay one out (its hold is captured: the
 * amount minus the fee to the outside world, the fee to the platform) or reject it with a reason (the
 * hold is released). Each in one transaction with the status; a withdrawal is reviewed once.
 */
import type { Kysely } from 'kysely';
import { WITHDRAWAL_STATUS } from '../../../shared/contract/withdraw';
import { D } from '../../../shared/format/decimal';
import { OpsError } from '../../area';
import type { DB } from '../../db';
import { capture, inUserTransaction, release, type Leg } from '../../ledger';
import { currencyById } from '../../kernel';
import { postMessage } from '../messages';

export async function pendingWithdrawals(db: Kysely<DB>) {
  const rows = await db.selectFrom('withdrawals as w').innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.user_id', 'u.username', 'w.currency_id', 'w.chain', 'w.address', 'w.destination', 'w.payee', 'w.amount', 'w.fee', 'w.created_at'])
    .where('w.status', '=', WITHDRAWAL_STATUS.review).orderBy('w.id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), amount: new D(r.amount).toFixed(), fee: new D(r.fee).toFixed() }));
}

/** Read before locking anything: the user's row comes before the withdrawal's in the lock order (ledger/locks.ts). */
async function ownerOf(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db.selectFrom('withdrawals').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new OpsError(`no withdrawal ${id}`);
  return row.user_id;
}

async function review(db: Kysely<DB>, id: number, now: Date, decide: 'pay' | 'reject', reason = ''): Promise<void> {
  await inUserTransaction(db, await ownerOf(db, id), async (trx) => {
    const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (w.status !== WITHDRAWAL_STATUS.review) throw new OpsError(`withdrawal ${id} was already reviewed`);
    const amount = new D(w.amount);
    const fee = new D(w.fee);
    const held = { cause: 'withdraw.freeze', ref: `withdraw:${id}` } as const;
    if (decide === 'pay') {
      const legs: Leg[] = [{ account: { platform: 'outside', currency: w.currency_id }, amount: amount.minus(fee).toFixed() }];
      if (fee.gt(0)) legs.push({ account: { platform: 'fees', currency: w.currency_id }, amount: fee.toFixed() });
      await capture(trx, held, { cause: 'withdraw.pay', legs });
    } else {
      await release(trx, held, { cause: 'withdraw.unfreeze' });
    }
    await trx.updateTable('withdrawals').set({ status: decide === 'pay' ? WITHDRAWAL_STATUS.paid : WITHDRAWAL_STATUS.rejected, reason, reviewed_at: now }).where('id', '=', id).execute();
    const what = { amount: amount.toFixed(), currency: currencyById(w.currency_id).name };
    await postMessage(trx, w.user_id, decide === 'pay' ? 'withdrawal_paid' : 'withdrawal_rejected', decide === 'pay' ? what : { ...what, reason }, now);
  });
}

export const payWithdrawal = (db: Kysely<DB>, id: number, now = new Date()) => review(db, id, now, 'pay');

export async function rejectWithdrawal(db: Kysely<DB>, id: number, reason: string, now = new Date()): Promise<void> {
  if (!reason.trim()) throw new OpsError('a rejection needs a reason');
  await review(db, id, now, 'reject', reason.trim());
}
