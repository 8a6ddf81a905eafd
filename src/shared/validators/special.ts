/** The symbols SPEC section 5 forbids in some fields: ` ~ ! # $ ^ & * ( ) = | { } : ; , [ ] < > / ? */
export const SPECIAL_CHARS = '`~!#$^&*()=|{}:;,[]<>/?';

/** Regular expression source matching one special character (safe inside ajv standalone code). */
export const SPECIAL_CHARS_PATTERN = '[`~!#$^&*()=|{}:;,\\[\\]<>/?]';

/** True when the text contains at least one of {@link SPECIAL_CHARS}. Other symbols (@ % + - _ . ') are fine. */
export function hasSpecialChars(value: string): boolean {
  return typeof value === 'string' && new RegExp(SPECIAL_CHARS_PATTERN).test(value);
}

/** Removes every character of {@link SPECIAL_CHARS}; everything else (letters, spaces, Chinese, @ …) stays. */
export function stripSpecialChars(value: string): string {
  return typeof value === 'string' ? value.replace(new RegExp(SPECIAL_CHARS_PATTERN, 'g'), '') : '';
}
