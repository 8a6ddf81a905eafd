import { charLength } from './strings';

/** Passwords must be longer than six characters (7+ code points). Any characters are allowed. */
export const PASSWORD_MIN_LENGTH = 7;
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 10;
export const SIGNATURE_MIN_LENGTH = 2;
export const SIGNATURE_MAX_LENGTH = 30;

export function isPassword(value: string): boolean {
  return typeof value === 'string' && charLength(value) >= PASSWORD_MIN_LENGTH;
}

/** The confirmation equals the password exactly (no trimming, case-sensitive). */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return typeof password === 'string' && password === confirmation;
}

/** Nickname: 2-10 characters, each a Chinese (Han) character, an ASCII letter or a digit. No spaces. */
export function isNickname(value: string): boolean {
  return typeof value === 'string' && /^[\p{Script=Han}A-Za-z0-9]{2,10}$/u.test(value);
}

/** Signature: 2-30 characters (code points) of any kind, not only whitespace. */
export function isSignature(value: string): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  const n = charLength(value);
  return n >= SIGNATURE_MIN_LENGTH && n <= SIGNATURE_MAX_LENGTH;
}
