/** The logged-in user's profile. */
import { REAL_LEVELS, REAL_STATES } from '../../../shared/contract/kyc';
import { oneOf } from '../../../shared/contract/common';
import type { ResponseOf } from '../../../shared/contract';
import type { Kysely } from 'kysely';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { publishUpload, requireOwnUpload } from '../upload';
import { notifyOf } from '../messages';

export async function userInfo(ctx: RequestContext): Promise<ResponseOf<'GET /user/info'>> {
  const u = await ctx.services.cached.user(requireUser(ctx).id);
  if (!u) throw new ApiError('api.login_first', {}, '999');
  return {
    id: u.id,
    account_number: u.username,
    email: u.email,
    phone: u.mobile,
    area_code: u.area_code,
    nickname: u.nickname,
    head_portrait: u.head_portrait,
    signature: u.signature,
    extension_code: u.extension_code,
    score: u.credit_score,
    level: u.vip_level,
    real_state: oneOf(REAL_STATES, u.real_state),
    real_level: oneOf(REAL_LEVELS, u.real_level),
    has_pay_password: Boolean(u.pay_password_hash),
    created_at: new Date(u.created_at).toISOString(),
    notify: notifyOf(u.muted_messages),
  };
}

async function update(ctx: RequestContext, values: { nickname?: string; signature?: string; head_portrait?: string }, db: Kysely<DB> = ctx.services.db): Promise<string> {
  await db.updateTable('users').set({ ...values, updated_at: ctx.services.now() }).where('id', '=', requireUser(ctx).id).execute();
  ctx.services.cached.usersChanged(requireUser(ctx).id);
  return ctx.t('api.saved');
}

/** An avatar is one of the user's uploads, shown to anyone from now on. */
async function saveWithAvatar(ctx: RequestContext, values: { nickname?: string; signature?: string }, avatar: string | undefined): Promise<string> {
  if (avatar === undefined) return update(ctx, values);
  const url = avatar.trim();
  const name = await requireOwnUpload(ctx, url);
  return ctx.services.db.transaction().execute(async (trx) => {
    const saved = await update(ctx, { ...values, head_portrait: url }, trx);
    await publishUpload(trx, name);
    return saved;
  });
}

export const userHandlers: Handlers = {
  'GET /user/info': userInfo,
  'POST /user/editNickname': (ctx) => update(ctx, { nickname: String(ctx.input.nickname) }),
  'POST /user/editSignature': (ctx) => update(ctx, { signature: String(ctx.input.signature).trim() }),
  'POST /user/uploadHeadPortrait': (ctx) => saveWithAvatar(ctx, {}, String(ctx.input.head_portrait)),
  // The personal-info page's one Save: what is sent changes, what is not is kept.
  'POST /user/profile': async (ctx) => {
    const { nickname, signature, head_portrait: avatar } = ctx.input as { nickname: string; signature?: string; head_portrait?: string };
    const current = (await ctx.services.cached.user(requireUser(ctx).id))?.head_portrait;
    const newAvatar = avatar === undefined || avatar.trim() === '' || avatar.trim() === current ? undefined : avatar;
    return saveWithAvatar(ctx, { nickname, ...(signature === undefined ? {} : { signature: signature.trim() }) }, newAvatar);
  },
};
