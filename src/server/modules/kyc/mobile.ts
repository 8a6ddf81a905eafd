/**
 * Binding a mobile number to the logged-in account (SPEC 6: email and phone must be bound before identity
 * verification). POST /sms_send texts a code for the `bind_mobile` scene through the code machinery of
 * /sms_mail (same validity, resend interval and hourly limit per number); POST /safe/mobile checks it and
 * binds the number. A number bound to another account is refused; a bound number is not replaced here.
 */
import { BIND_MOBILE_SCENE } from '../../../shared/contract/kyc';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { clientAddress } from '../../throttle/plugin';
import { checkCode, findUserIdByAddress, isUniqueViolation, normaliseAreaCode, resolveAddress, sendCode, type Address } from '../auth';

async function mobileAddress(ctx: RequestContext, areaCode: string): Promise<Address> {
  return resolveAddress(ctx.services.db, { user_string: String(ctx.input.mobile), type: 'mobile', area_code: areaCode });
}

/** Refuses when the user already has a number or the number belongs to someone else. */
async function assertBindable(ctx: RequestContext, addr: Address): Promise<void> {
  const userId = requireUser(ctx).id;
  const me = await ctx.services.db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  const owner = await findUserIdByAddress(ctx.services.db, addr);
  if (owner !== undefined && owner !== userId) throw new ApiError('api.mobile.taken');
  if (me.mobile) throw new ApiError('api.mobile.already_bound');
}

/**
 * The area code of a bind_mobile code still valid for these digits (the latest), for clients that send
 * only `mobile` and `code` as SPEC 7 lists them.
 */
async function pendingAreaCode(ctx: RequestContext, digits: string): Promise<string | undefined> {
  const row = await ctx.services.db.selectFrom('verification_codes').select('address')
    .where('scene', '=', BIND_MOBILE_SCENE).where('used_at', 'is', null).where('expires_at', '>', ctx.services.now())
    .where('address', 'like', `+% ${digits}`)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? normaliseAreaCode(row.address.split(' ')[0]) : undefined;
}

export const mobileHandlers: Handlers = {
  'POST /sms_send': async (ctx) => {
    const addr = await mobileAddress(ctx, String(ctx.input.area_code));
    await assertBindable(ctx, addr);
    await ctx.services.throttle.hit('codesPerClient', clientAddress(ctx.req));
    await sendCode(ctx.services, ctx.lang, addr, BIND_MOBILE_SCENE);
    return ctx.t('api.code.sent');
  },

  'POST /safe/mobile': async (ctx) => {
    const user = requireUser(ctx);
    const { db, now } = ctx.services;
    const digits = String(ctx.input.mobile);
    const areaCode = ctx.input.area_code !== undefined ? String(ctx.input.area_code) : await pendingAreaCode(ctx, digits);
    if (areaCode === undefined) throw new ApiError('api.code.invalid');
    const addr = await mobileAddress(ctx, areaCode);
    await assertBindable(ctx, addr);
    const code = String(ctx.input.code);
    const at = now();
    // Checked outside the transaction first so that a wrong try is counted (a rollback would undo it).
    await checkCode(db, at, addr, BIND_MOBILE_SCENE, code, false);
    try {
      await db.transaction().execute(async (trx) => {
        await checkCode(trx, at, addr, BIND_MOBILE_SCENE, code, true);
        const res = await trx.updateTable('users').set({ mobile: addr.mobile!, area_code: addr.areaCode!, updated_at: at })
          .where('id', '=', user.id).where('mobile', 'is', null).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new ApiError('api.mobile.already_bound');
      });
      ctx.services.cached.usersChanged(user.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError('api.mobile.taken');
      throw err;
    }
    return ctx.t('api.mobile.bound');
  },
};
