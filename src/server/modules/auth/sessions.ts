/**
 * The user's device list: the live sessions, ending one or all the others (each one guarded statement), and
 * the job that ends the sessions past their idle timeout or lifetime (sessions/policy.ts). An ended session's
 * token stops at once on every node (the revocation is announced to their memory) and its sockets are
 * disconnected.
 */
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import type { JobDefinition } from '../../jobs/types';
import { deviceOf } from './deviceName';
import { endedByPolicy, hasEnded, sessionPolicy } from '../../sessions';
import { MINUTE_MS } from '../../kernel';

/** The newest sessions the list shows (every login makes one; they end within the lifetime). */
const LISTED = 100;

function deviceName(ctx: RequestContext, userAgent: string): string {
  const { browser, os } = deviceOf(userAgent);
  if (!os) return browser ?? ctx.t('api.session.unknown_device');
  return ctx.t('api.session.device', { browser: browser ?? ctx.t('api.session.app'), os });
}

/** After sessions are revoked: this node forgets them at once, and their sockets close. */
async function ended(ctx: RequestContext, userId: number, tokenHashes: readonly string[]): Promise<void> {
  ctx.services.cached.sessionsChanged();
  for (const hash of tokenHashes) await ctx.services.realtime.disconnectUser(userId, hash);
}

export const sessionHandlers: Handlers = {
  'POST /user/sessions': async (ctx) => {
    const user = requireUser(ctx);
    const at = ctx.services.now();
    const policy = sessionPolicy(await ctx.services.cached.siteConfig());
    const rows = await ctx.services.db.selectFrom('auth_tokens')
      .select(['id', 'token_hash', 'user_agent', 'client_ip', 'created_at', 'last_used_at'])
      .where('user_id', '=', user.id).where('revoked_at', 'is', null)
      .orderBy('last_used_at', 'desc').orderBy('id', 'desc').limit(LISTED).execute();
    return rows
      .map((r) => ({ ...r, createdAt: new Date(r.created_at), lastUsedAt: new Date(r.last_used_at), current: r.token_hash === user.tokenHash }))
      .filter((r) => r.current || !hasEnded(r, policy, at))
      .sort((a, b) => Number(b.current) - Number(a.current))
      .map((r) => ({
        id: r.id, device: deviceName(ctx, r.user_agent), ip: r.client_ip,
        created_at: r.createdAt.toISOString(), last_used_at: (r.current ? at : r.lastUsedAt).toISOString(), current: r.current,
      }));
  },

  'POST /user/sessions/end': async (ctx) => {
    const user = requireUser(ctx);
    const row = await ctx.services.db.updateTable('auth_tokens').set({ revoked_at: ctx.services.now() })
      .where('id', '=', ctx.input.id).where('user_id', '=', user.id).where('revoked_at', 'is', null)
      .returning('token_hash').executeTakeFirst();
    if (!row) throw new ApiError('api.session.not_found');
    await ended(ctx, user.id, [row.token_hash]);
    return ctx.t(row.token_hash === user.tokenHash ? 'api.logout_success' : 'sessions.ended');
  },

  'POST /user/sessions/end_others': async (ctx) => {
    const user = requireUser(ctx);
    const rows = await ctx.services.db.updateTable('auth_tokens').set({ revoked_at: ctx.services.now() })
      .where('user_id', '=', user.id).where('revoked_at', 'is', null).where('token_hash', '<>', user.tokenHash)
      .returning('token_hash').execute();
    await ended(ctx, user.id, rows.map((r) => r.token_hash));
    return ctx.t('sessions.others_ended');
  },
};

/**
 * Requests already refuse an ended session by the clock; this job records the end (the device lists of every
 * node and the table agree) and disconnects the session's sockets, once a minute.
 */
export const endSessionsJob: JobDefinition = {
  name: 'auth.end_sessions',
  every: { everyMs: MINUTE_MS, catchUp: 'latest' },
  async run({ trx, now, services, afterCommit }) {
    const policy = sessionPolicy(await trx.selectFrom('site_config').select(['key', 'value']).execute());
    const rows = await trx.updateTable('auth_tokens').set({ revoked_at: now })
      .where('revoked_at', 'is', null).where(endedByPolicy(policy, now))
      .returning(['user_id', 'token_hash']).execute();
    if (rows.length === 0) return;
    afterCommit(() => {
      services.cached.sessionsChanged();
      for (const r of rows) void services.realtime.disconnectUser(r.user_id, r.token_hash);
    });
  },
};
