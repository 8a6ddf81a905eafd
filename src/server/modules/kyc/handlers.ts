/**
 * Identity verification (SPEC 4, 5, 6). The user binds email and phone, submits Lv1 (the document's
 * details), and once Lv1 is verified Lv2 (photos of the document's front and back, and one holding it where
 * the form asks for it). Each submission waits for an operator (review.ts): approved, users.real_level
 * becomes its level and real_state 2 (verified); rejected, real_state 3 (failed, with the reason) and the
 * level already reached stays. One submission under review at a time; while it is, real_state is 1
 * (verifying). GET /real/state also says each level's review status in the platform's codes.
 */
import type { InputOf } from '../../../shared/contract';
import { oneOf } from '../../../shared/contract/common';
import {
  ID_TYPE, type IdType, REAL_LEVELS, REAL_STATES, REVIEW_STATUS, type ReviewStatus, SUBMISSION_LEVELS, SUBMISSION_STATUS, SUBMISSION_STATUSES,
} from '../../../shared/contract/kyc';
import { WITHDRAW_LIMIT_BTC } from '../../../shared/contract/withdraw';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { isUniqueViolation } from '../auth';
import { requireOwnUpload } from '../upload';
import { maskMiddle, maskMobile } from '../../../shared/format/mask';

export const maskCardId = (cardId: string): string => (cardId.length >= 8 ? maskMiddle(cardId, 2, 4) : maskMiddle(cardId, 1, 2));

interface SubmissionRow {
  id: string | number; level: number; id_type: '' | IdType; name: string; card_id: string;
  status: number; reason: string; created_at: Date | string; reviewed_at: Date | string | null;
}

function submissionOut(r: SubmissionRow) {
  return {
    id: Number(r.id), level: oneOf(SUBMISSION_LEVELS, r.level), id_type: r.id_type ? ID_TYPE.code(r.id_type) : null, name: r.name,
    card_id: r.card_id ? maskCardId(r.card_id) : '', status: oneOf(SUBMISSION_STATUSES, r.status), reason: r.reason,
    created_at: new Date(r.created_at).toISOString(), reviewed_at: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  };
}

/** One level's review status: reached, else what its latest submission says (SPEC 4's order). */
function reviewStatus(level: 1 | 2, reached: number, latest: SubmissionRow | undefined): ReviewStatus {
  if (reached >= level) return 'verified';
  if (latest?.status === SUBMISSION_STATUS.review) return 'review';
  if (latest?.status === SUBMISSION_STATUS.rejected) return 'failed';
  return 'none';
}

async function realState(ctx: RequestContext) {
  const userId = requireUser(ctx).id;
  const { db } = ctx.services;
  const u = await db.selectFrom('users').select(['email', 'mobile', 'area_code', 'real_state', 'real_level'])
    .where('id', '=', userId).executeTakeFirst();
  if (!u) throw new ApiError('api.login_first', {}, '999');
  // The latest submission of each level.
  const rows = await db.selectFrom('identity_submissions')
    .select(['id', 'level', 'id_type', 'name', 'card_id', 'status', 'reason', 'created_at', 'reviewed_at'])
    .distinctOn('level').where('user_id', '=', userId).orderBy('level').orderBy('id', 'desc').execute();
  const ofLevel = (level: number) => rows.find((r) => r.level === level);
  const latest: SubmissionRow | undefined = [...rows].sort((a, b) => Number(b.id) - Number(a.id))[0];
  const level = oneOf(REAL_LEVELS, u.real_level);
  return {
    review_status: REVIEW_STATUS.code(reviewStatus(1, level, ofLevel(1))),
    advanced_review_status: REVIEW_STATUS.code(reviewStatus(2, level, ofLevel(2))),
    real_data: latest ? submissionOut(latest) : null,
    real_state: oneOf(REAL_STATES, u.real_state),
    real_level: level,
    level_pending: latest?.status === SUBMISSION_STATUS.review ? oneOf(SUBMISSION_LEVELS, latest.level) : null,
    reason: latest?.status === SUBMISSION_STATUS.rejected ? latest.reason : '',
    email_bound: Boolean(u.email),
    mobile_bound: Boolean(u.mobile),
    mobile: u.mobile ? maskMobile(u.mobile) : '',
    area_code: u.mobile ? u.area_code ?? '' : '',
    limits: {
      withdraw_btc_24h: level === 0 ? '0' : WITHDRAW_LIMIT_BTC[level],
      lv1_withdraw_btc_24h: WITHDRAW_LIMIT_BTC[1],
      lv2_withdraw_btc_24h: WITHDRAW_LIMIT_BTC[2],
    },
  };
}

const text = (v: unknown): string => String(v ?? '').trim();

/** The contract requires each level's fields; the address and the hand-held photo where the forms say so. */
async function submit(ctx: RequestContext<InputOf<'POST /user/real'>>): Promise<string> {
  const userId = requireUser(ctx).id;
  const { db, now } = ctx.services;
  const { input } = ctx;
  const level = input.real_type;
  const pics = level === 2 ? [input.front_pic, input.reverse_pic, input.hand_pic].map(text) : [];
  const values = level === 1
    ? { id_type: ID_TYPE.name(input.id_type!), name: text(input.name), card_id: text(input.card_id).toUpperCase(), address: text(input.address) }
    : { front_pic: pics[0], reverse_pic: pics[1], hand_pic: pics[2] };
  try {
    await db.transaction().execute(async (trx) => {
      const u = await trx.selectFrom('users').select(['email', 'mobile', 'real_level']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      if (!u.email) throw new ApiError('api.kyc.bind_email_first');
      if (!u.mobile) throw new ApiError('api.kyc.bind_mobile_first');
      const pending = await trx.selectFrom('identity_submissions').select('id').where('user_id', '=', userId).where('status', '=', SUBMISSION_STATUS.review).executeTakeFirst();
      if (pending) throw new ApiError('api.kyc.pending');
      if (u.real_level >= level) throw new ApiError('api.kyc.already_verified', { level: u.real_level });
      if (level === 2 && u.real_level < 1) throw new ApiError('api.kyc.lv1_first');
      // The photos of a Lv2 submission: images the user uploaded here.
      for (const url of pics.filter(Boolean)) await requireOwnUpload(ctx, url, { db: trx });
      await trx.insertInto('identity_submissions').values({ user_id: userId, level, ...values, created_at: now() }).execute();
      await trx.updateTable('users').set({ real_state: 1, updated_at: now() }).where('id', '=', userId).execute();
    });
    ctx.services.cached.usersChanged(userId);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('api.kyc.pending');
    throw err;
  }
  return ctx.t('api.kyc.submitted');
}

export const kycHandlers: Handlers = {
  'GET /real/state': realState,
  'POST /user/real': submit,
};
