/** Session tokens: 32 random bytes (base64url) given to the client; only their sha256 is stored. */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db';

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

export async function issueToken(db: Kysely<DB>, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insertInto('auth_tokens').values({ token_hash: sha256(token), user_id: userId }).execute();
  return token;
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

export async function resolveToken(db: Kysely<DB>, token: string): Promise<{ id: number; tokenHash: string } | undefined> {
  const tokenHash = sha256(token);
  const id = await userOfTokenHash(db, tokenHash);
  return id === undefined ? undefined : { id, tokenHash };
}

/** The user of a live (not revoked) token, by the token's hash. */
export async function userOfTokenHash(db: Kysely<DB>, tokenHash: string): Promise<number | undefined> {
  const row = await db.selectFrom('auth_tokens').select(['user_id']).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return row?.user_id;
}

export async function revokeToken(db: Kysely<DB>, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function revokeAllTokens(db: Kysely<DB>, userId: number, at: Date): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
