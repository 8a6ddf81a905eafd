/**
 * The reads every screen makes, served from memory (tableCache.ts): the session behind a token, the user's
 * row, the session policy (site_config) and the contract terms the quotes carry. Each is dropped when its
 * table (or row) changes, on every node; a handler that changed one also drops it here at once (`usersChanged`, `sessionsChanged`),
 * so the next request on this node never sees what it replaced.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AuthUser } from './context';
import type { DB } from './db';
import type { UsersTable } from './db/schema.generated';
import { hasEnded, recordUse, sessionOfTokenHash, sessionPolicy, sha256, USE_RECORDED_EVERY_MS } from './sessions';
import { tableCache, type TableChanges } from './tableCache';

/** However notices fare, nothing is served from memory longer than this. */
const MAX_AGE_MS = 60_000;

export interface CachedReads {
  /**
   * The user of a live session token: not revoked, nor past its idle timeout or lifetime (decided from the
   * clock on every request, so an ended session stops at once on every node). A use is recorded at most once
   * a minute per session.
   */
  session(token: string): Promise<AuthUser | undefined>;
  /**
   * As `session`, read from the table: for the socket's check, which a revocation told by another node may
   * reach before the change notice that would drop what this node kept.
   */
  freshSession(token: string): Promise<AuthUser | undefined>;
  /** After revoking tokens: this node stops trusting what it kept at once (the notice follows). */
  sessionsChanged(): void;
  /**
   * The user's row as shown (user/info). Checks that guard money (the payment password, identity levels)
   * read the table itself: a change made by SQL reaches this node a moment after it commits.
   */
  user(id: number): Promise<Selectable<UsersTable> | undefined>;
  /** After changing a user's row: this node drops it at once (the notice follows). */
  usersChanged(id: number): void;
  /** The site_config rows: the session policy (sessions/policy.ts). */
  siteConfig(): Promise<ReadonlyArray<{ key: string; value: string }>>;
  /** Every contract market's lot size and fee rate (the quotes carry them). */
  contractMarkets(): Promise<ReadonlyArray<{ symbol: string; lot_size: string; fee_rate: string }>>;
}

export function cachedReads(db: Kysely<DB>, changes: TableChanges, now: () => Date): CachedReads {
  const sessions = tableCache(changes, 'auth_tokens', (hash: string) => sessionOfTokenHash(db, hash), { maxEntries: 100_000, maxAgeMs: MAX_AGE_MS });
  const users = tableCache(changes, 'users', (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    { maxEntries: 100_000, maxAgeMs: MAX_AGE_MS, keyOfRow: Number });
  const site = tableCache(changes, 'site_config', () => db.selectFrom('site_config').select(['key', 'value']).execute(), { maxEntries: 1, maxAgeMs: MAX_AGE_MS });
  const contractMarkets = tableCache(changes, 'contract_markets', () => db.selectFrom('contract_markets').select(['symbol', 'lot_size', 'fee_rate']).execute(),
    { maxEntries: 1, maxAgeMs: MAX_AGE_MS });
  const reads: CachedReads = {
    async session(token) {
      const tokenHash = sha256(token);
      const at = now();
      const policy = sessionPolicy(await site.get(undefined));
      let session = await sessions.get(tokenHash);
      if (session && hasEnded(session, policy, at)) {
        // Another node may have recorded a later use: the table decides.
        sessions.forget(tokenHash);
        session = await sessions.get(tokenHash);
      }
      if (!session || hasEnded(session, policy, at)) return undefined;
      if (at.getTime() - session.lastUsedAt.getTime() >= USE_RECORDED_EVERY_MS) {
        session.lastUsedAt = at; // the requests meanwhile do not record it again
        await recordUse(db, tokenHash, at);
      }
      return { id: session.userId, tokenHash };
    },
    freshSession(token) {
      sessions.forget(sha256(token));
      return reads.session(token);
    },
    sessionsChanged: sessions.clear,
    user: (id) => users.get(id),
    usersChanged: (id) => users.forget(id),
    siteConfig: () => site.get(undefined),
    contractMarkets: () => contractMarkets.get(undefined),
  };
  return reads;
}
