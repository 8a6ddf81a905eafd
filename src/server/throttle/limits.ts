/**
 * How much one client, account or address may do, by rule name: at most `max` in `windowMs`. The
 * subject each rule counts is named where it is used (throttle/index.ts, the auth handlers).
 */
import { HOUR_MS, MINUTE_MS } from '../../shared/domain/time';

const MiB = 1024 * 1024;

export interface Limit {
  max: number;
  windowMs: number;
  /** The refusal's message key (default `api.throttled`); it is given `{minutes}` until the window ends. */
  message?: string;
}

export const LIMITS = {
  /** Every API request from one client address (the @fastify/rate-limit plugin). */
  'requestsPerClient': { max: 600, windowMs: MINUTE_MS },
  /**
   * Wrong passwords for one account from one client address (a correct login from there starts again): past
   * them, that address waits for the window to end; the owner elsewhere is not refused.
   */
  'wrongPasswordsPerAccountClient': { max: 5, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong passwords for one account from every address: past `max`, every login of the account waits before
   * its check, longer as they grow (auth/loginDelay.ts), instead of being refused.
   */
  'wrongPasswordsPerAccount': { max: 10, windowMs: 15 * MINUTE_MS },
  /** Wrong passwords from one client address, whatever the accounts. */
  'wrongPasswordsPerClient': { max: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong payment passwords of one account, from anywhere (a right one starts again, and so does setting a new
   * one): past them, the account waits for the window to end; no hash is computed meanwhile.
   */
  'wrongPayPasswordsPerAccount': { max: 5, windowMs: HOUR_MS, message: 'api.pay_password.too_many' },
  /** Registration attempts from one client address. */
  'registrationsPerClient': { max: 20, windowMs: HOUR_MS },
  /** Verification codes requested from one client address, whatever the addresses. */
  'codesPerClient': { max: 20, windowMs: HOUR_MS },
  /** Verification codes checked (register, reset, check) from one client address. */
  'codeChecksPerClient': { max: 60, windowMs: 15 * MINUTE_MS },
  /** Images one account uploads (identity photos, vouchers, QR codes, an avatar: a few an hour in real use). */
  'uploadsPerAccount': { max: 30, windowMs: HOUR_MS, message: 'api.upload.quota' },
  /** Bytes one account uploads, refused ones included (an image is at most 5 MiB). */
  'uploadBytesPerAccount': { max: 50 * MiB, windowMs: HOUR_MS, message: 'api.upload.quota' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;
export type Limits = Record<LimitName, Limit>;
