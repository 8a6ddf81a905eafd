/**
 * Sessions: the tokens a login issues (only their sha256 is stored) and how long a session lasts. The
 * infrastructure (app.ts, static.ts, cachedReads.ts, realtime/) checks tokens here; the auth area issues,
 * revokes and ends them.
 */
export { endedByPolicy, hasEnded, SESSION_SETTINGS, sessionEnd, sessionPolicy, type SessionPolicy } from './policy';
export {
  issueToken, recordUse, revokeAllTokens, revokeToken, sessionOfTokenHash, sha256, tokenFromHeader, USE_RECORDED_EVERY_MS,
  type LiveSession,
} from './tokens';
