/**
 * How long a session lasts: it ends after `session_idle_minutes` without a use (idle timeout) and
 * `session_lifetime_days` after its login whatever its use (lifetime). Operator settings, rows of
 * site_config (shared by every node, changed without a restart: `update site_config set value = '30' where
 * key = 'session_idle_minutes';`). A value that is not a whole number within its bounds is ignored and the
 * default applies, so a typo never makes sessions endless.
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db';
import type { LiveSession } from './tokens';
import { DAY_MS, MINUTE_MS } from '../../shared/domain/time';

export const SESSION_SETTINGS = {
  /** A week unused: a phone in use stays signed in, one left in a drawer or lost asks again. */
  session_idle_minutes: { default: 7 * 24 * 60, min: 5, max: 90 * 24 * 60, unitMs: MINUTE_MS },
  /** A month at most: a new login with the password at least monthly, as NIST SP 800-63B asks at AAL1. */
  session_lifetime_days: { default: 30, min: 1, max: 365, unitMs: DAY_MS },
} as const;

type SettingKey = keyof typeof SESSION_SETTINGS;

export interface SessionPolicy { idleMs: number; lifetimeMs: number }

function settingMs(rows: ReadonlyArray<{ key: string; value: string }>, key: SettingKey): number {
  const rule = SESSION_SETTINGS[key];
  const text = rows.find((r) => r.key === key)?.value.trim() ?? '';
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  return (n >= rule.min && n <= rule.max ? n : rule.default) * rule.unitMs;
}

/** The policy of these site_config rows. */
export function sessionPolicy(rows: ReadonlyArray<{ key: string; value: string }>): SessionPolicy {
  return { idleMs: settingMs(rows, 'session_idle_minutes'), lifetimeMs: settingMs(rows, 'session_lifetime_days') };
}

/** When the session ends unless it is used again. */
export function sessionEnd(s: Pick<LiveSession, 'createdAt' | 'lastUsedAt'>, policy: SessionPolicy): Date {
  return new Date(Math.min(s.createdAt.getTime() + policy.lifetimeMs, s.lastUsedAt.getTime() + policy.idleMs));
}

export const hasEnded = (s: Pick<LiveSession, 'createdAt' | 'lastUsedAt'>, policy: SessionPolicy, at: Date): boolean =>
  sessionEnd(s, policy).getTime() <= at.getTime();

/** The same rule over auth_tokens rows (the expiry job). */
export function endedByPolicy(policy: SessionPolicy, at: Date) {
  return (eb: ExpressionBuilder<DB, 'auth_tokens'>): Expression<SqlBool> => eb.or([
    eb('created_at', '<=', sql<Date>`${new Date(at.getTime() - policy.lifetimeMs)}::timestamptz`),
    eb('last_used_at', '<=', sql<Date>`${new Date(at.getTime() - policy.idleMs)}::timestamptz`),
  ]);
}
