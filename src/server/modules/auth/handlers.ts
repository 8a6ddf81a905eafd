/** Accounts: verification codes, registration, login, logout, password reset. */
import type { InputOf } from '../../../shared/contract';
import { DEFAULT_CODE_SCENE, FORGET_CODE_SCENES } from '../../../shared/contract/auth';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { oneAtATime } from '../../throttle/oneAtATime';
import { clientAddress } from '../../throttle/plugin';
import { checkCode, resolveAddress, sendCode } from './codes';
import { loginDelayMs, wait } from './loginDelay';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';
import { issueToken, revokeAllTokens, revokeToken } from '../../sessions';
import { defaultNickname, findUserForLogin, findUserIdByAddress, isUniqueViolation, uniqueInvitationCode } from './users';
import { grantCoupons } from '../coupon';

function assertPasswords(input: { password: string; re_password: string }): void {
  if (input.password !== input.re_password) throw new ApiError('error.passwords_inconsistent').about('re_password');
}

/**
 * A code for a scene. A register code goes to an existing account too: the platform's forgotten-password page
 * asks for its code with scene 'register' (registering with it is refused, as the account exists).
 */
async function smsMail(ctx: RequestContext<InputOf<'POST /sms_mail'>>): Promise<string> {
  const { db } = ctx.services;
  const addr = await resolveAddress(db, ctx.input);
  await ctx.services.throttle.hit('codesPerClient', clientAddress(ctx.req));
  const scene = String(ctx.input.scene ?? DEFAULT_CODE_SCENE);
  if (scene === 'forget' && (await findUserIdByAddress(db, addr)) === undefined) throw new ApiError('api.account.not_found');
  await sendCode(ctx.services, ctx.lang, addr, scene);
  return ctx.t('api.code.sent');
}

async function checkEmail(ctx: RequestContext<InputOf<'POST /user/check_email'>>): Promise<string> {
  const { db, now } = ctx.services;
  const addr = await resolveAddress(db, ctx.input);
  await ctx.services.throttle.hit('codeChecksPerClient', clientAddress(ctx.req));
  await checkCode(db, now(), addr, String(ctx.input.scene ?? DEFAULT_CODE_SCENE), String(ctx.input.email_code), false);
  return ctx.t('api.code.valid');
}

async function register(ctx: RequestContext<InputOf<'POST /user/register'>>): Promise<string> {
  const { db, now } = ctx.services;
  const { input } = ctx;
  assertPasswords(input);
  await ctx.services.throttle.hit('registrationsPerClient', clientAddress(ctx.req));
  const addr = await resolveAddress(db, input);
  if ((await findUserIdByAddress(db, addr)) !== undefined) throw new ApiError('api.account.exists').about('user_string');
  let parentId: number | null = null;
  const invite = (input.extension_code ?? '').trim().toUpperCase();
  if (invite) {
    const parent = await db.selectFrom('users').select('id').where('extension_code', '=', invite).executeTakeFirst();
    if (!parent) throw new ApiError('api.invite.unknown').about('extension_code');
    parentId = parent.id;
  }
  const at = now();
  // Checked outside the transaction first so that a wrong try is counted (a rollback would undo it).
  await ctx.services.throttle.hit('codeChecksPerClient', clientAddress(ctx.req));
  await checkCode(db, at, addr, 'register', input.code, false);
  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await db.transaction().execute(async (trx) => {
      await checkCode(trx, at, addr, 'register', input.code, true);
      const created = await trx.insertInto('users').values({
        username: addr.email ?? addr.mobile!,
        email: addr.email ?? null,
        mobile: addr.mobile ?? null,
        area_code: addr.areaCode ?? null,
        nickname: defaultNickname(),
        password_hash: passwordHash,
        extension_code: await uniqueInvitationCode(trx),
        parent_id: parentId,
      }).returning('id').executeTakeFirstOrThrow();
      await grantCoupons(trx, ctx.services.configuration.current.coupons.coupons, created.id, 'registration', at);
      return created.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('api.account.exists').about('user_string');
    throw err;
  }
  // Registered is logged in: the session token, as login answers it (the `confirm` text stays the message).
  return issueToken(db, userId, { at, userAgent: ctx.req.headers['user-agent'] ?? '', clientIp: ctx.req.ip });
}

async function forget(ctx: RequestContext<InputOf<'POST /user/forget'>>): Promise<string> {
  const { db, now } = ctx.services;
  const { input } = ctx;
  assertPasswords(input);
  const addr = await resolveAddress(db, input);
  const userId = await findUserIdByAddress(db, addr);
  if (userId === undefined) throw new ApiError('api.account.not_found');
  const at = now();
  await ctx.services.throttle.hit('codeChecksPerClient', clientAddress(ctx.req));
  await checkCode(db, at, addr, FORGET_CODE_SCENES, input.code, false);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await checkCode(trx, at, addr, FORGET_CODE_SCENES, input.code, true);
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
    await revokeAllTokens(trx, userId, at);
  });
  ctx.services.cached.sessionsChanged();
  ctx.services.cached.usersChanged(userId);
  await ctx.services.realtime.disconnectUser(userId);
  return ctx.t('api.password_reset');
}

/** Logins of one (account, address) pair run one at a time on a node, so a burst cannot pass the pair's check together. */
const pairQueue = oneAtATime();

/**
 * Wrong passwords are counted per (account, client address) pair, per account and per address, each in one
 * atomic step after the check, and only wrong ones: a right password is never refused because of what others
 * typed. A pair past its limit waits for its window (that address only); an address past its own limit too.
 * An account guessed at from many addresses is slowed down for everyone instead (loginDelay.ts). The account
 * is the user's id, or what was typed when no account matches, so the limits tell nothing about which exist.
 */
async function login(ctx: RequestContext<InputOf<'POST /user/login'>>): Promise<string> {
  const { db, throttle } = ctx.services;
  const client = clientAddress(ctx.req);
  await throttle.check('wrongPasswordsPerClient', client);
  const user = await findUserForLogin(db, ctx.input.user_string);
  const account = user ? `user:${user.id}` : ctx.input.user_string.trim().toLowerCase();
  const pair = `${client} ${account}`;
  return pairQueue(pair, async () => {
    await throttle.check('wrongPasswordsPerAccountClient', pair);
    await wait(loginDelayMs(await throttle.count('wrongPasswordsPerAccount', account), throttle.limits['wrongPasswordsPerAccount'].max));
    const ok = await verifyPassword(ctx.input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) {
      await Promise.all([
        throttle.record('wrongPasswordsPerAccountClient', pair),
        throttle.record('wrongPasswordsPerAccount', account),
        throttle.record('wrongPasswordsPerClient', client),
      ]);
      throw new ApiError('api.login_failed');
    }
    await throttle.clear('wrongPasswordsPerAccountClient', pair);
    return issueToken(db, user.id, { at: ctx.services.now(), userAgent: ctx.req.headers['user-agent'] ?? '', clientIp: ctx.req.ip });
  });
}

async function logout(ctx: RequestContext): Promise<string> {
  await revokeToken(ctx.services.db, requireUser(ctx).tokenHash, ctx.services.now());
  ctx.services.cached.sessionsChanged();
  await ctx.services.realtime.disconnectUser(requireUser(ctx).id, requireUser(ctx).tokenHash);
  return ctx.t('api.logout_success');
}

export const authHandlers: Handlers = {
  'POST /sms_mail': smsMail,
  'POST /user/check_email': checkEmail,
  'POST /user/register': register,
  'POST /user/forget': forget,
  'POST /user/login': login,
  'GET /user/logout': logout,
};
