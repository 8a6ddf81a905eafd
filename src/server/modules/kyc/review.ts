/**
 * The review of identity verification (the operator's commands): list the submissions under review (with
 * everything submitted, the photos as /uploads/ paths), approve one (the user's real_level becomes its level,
 * real_state 2 verified) or reject one with a reason the user is shown (real_state 3 failed; the level already
 * reached stays). Each in one transaction with the user's row; a submission is reviewed once.
 */
import type { Kysely } from 'kysely';
import { SUBMISSION_STATUS } from '../../../shared/contract/kyc';
import { OpsError } from '../../area';
import type { DB } from '../../db';
import { inUserTransaction } from '../../ledger';
import { postMessage } from '../messages';

export const REJECT_REASON_MAX = 500;

export async function pendingIdentity(db: Kysely<DB>) {
  const rows = await db.selectFrom('identity_submissions as s').innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 'u.username', 'u.real_level', 's.level', 's.id_type', 's.name', 's.card_id', 's.address',
      's.front_pic', 's.reverse_pic', 's.hand_pic', 's.created_at'])
    .where('s.status', '=', SUBMISSION_STATUS.review).orderBy('s.id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Read before locking anything: the user's row comes before the submission's (ledger/locks.ts), as when submitting. */
async function ownerOf(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db.selectFrom('identity_submissions').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new OpsError(`no identity submission ${id}`);
  return row.user_id;
}

async function review(db: Kysely<DB>, id: number, now: Date, approve: boolean, reason = ''): Promise<void> {
  await inUserTransaction(db, await ownerOf(db, id), async (trx) => {
    const s = await trx.selectFrom('identity_submissions').select(['user_id', 'level', 'status']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (s.status !== SUBMISSION_STATUS.review) throw new OpsError(`identity submission ${id} was already reviewed`);
    await trx.updateTable('identity_submissions').set({ status: approve ? SUBMISSION_STATUS.approved : SUBMISSION_STATUS.rejected, reason, reviewed_at: now }).where('id', '=', id).execute();
    await postMessage(trx, s.user_id, approve ? 'identity_approved' : 'identity_rejected', approve ? { level: Number(s.level) } : { level: Number(s.level), reason }, now);
    const user = trx.updateTable('users').where('id', '=', s.user_id);
    if (approve) {
      await user.set((eb) => ({ real_level: eb.fn('greatest', [eb.ref('real_level'), eb.val(s.level)]), real_state: 2, updated_at: now })).execute();
    } else {
      await user.set({ real_state: 3, updated_at: now }).execute();
    }
  });
}

export async function approveIdentity(db: Kysely<DB>, id: number, now = new Date()): Promise<void> {
  await review(db, id, now, true);
}

export async function rejectIdentity(db: Kysely<DB>, id: number, reason: string, now = new Date()): Promise<void> {
  const why = reason.trim();
  if (!why) throw new OpsError('a rejection needs a reason');
  if ([...why].length > REJECT_REASON_MAX) throw new OpsError(`the reason is longer than ${REJECT_REASON_MAX} characters`);
  await review(db, id, now, false, why);
}
