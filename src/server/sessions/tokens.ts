/** Session tokens: 32 random bytes (base64url) given to the client; only their sha256 is stored. */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db';

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

/** What is kept of the device a session logged in from (the User-Agent is cut to this many characters). */
const USER_AGENT_KEPT = 400;

export async function issueToken(db: Kysely<DB>, userId: number, from: { at: Date; userAgent: string; clientIp: string }): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insertInto('auth_tokens').values({
    token_hash: sha256(token), user_id: userId, created_at: from.at, last_used_at: from.at,
    user_agent: from.userAgent.slice(0, USER_AGENT_KEPT), client_ip: from.clientIp,
  }).execute();
  return token;
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

/** A session not revoked, by its token's hash (whether it has run out is the caller's: policy.ts). */
export interface LiveSession { userId: number; createdAt: Date; lastUsedAt: Date }

export async function sessionOfTokenHash(db: Kysely<DB>, tokenHash: string): Promise<LiveSession | undefined> {
  const row = await db.selectFrom('auth_tokens').select(['user_id', 'created_at', 'last_used_at'])
    .where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return row && { userId: row.user_id, createdAt: new Date(row.created_at), lastUsedAt: new Date(row.last_used_at) };
}

/** A session's use is recorded at most once per this, by any node. */
export const USE_RECORDED_EVERY_MS = 60_000;

/** Records a use at `at`, unless one was recorded less than USE_RECORDED_EVERY_MS before (by any node). */
export async function recordUse(db: Kysely<DB>, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ last_used_at: at })
    .where('token_hash', '=', tokenHash).where('revoked_at', 'is', null)
    .where('last_used_at', '<=', sql<Date>`${new Date(at.getTime() - USE_RECORDED_EVERY_MS)}::timestamptz`).execute();
}

export async function revokeToken(db: Kysely<DB>, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function revokeAllTokens(db: Kysely<DB>, userId: number, at: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
