/**
 * Message keys for validation errors (i18n/en.json, prefix `error.`), shared by client and server.
 * Placeholders in `error.<keyword>` messages use ajv's error `params` names (`{limit}` for
 * minLength/maxLength/minimum/maximum/maxTextLength, `{multipleOf}`), so `params` can be passed as values.
 */

/**
 * Lookup order for the message of a failed rule on a form field: the form's own text first, then the
 * format's text (for `format` errors), then the generic keyword text. Use the first key that exists.
 *   errorMessageKeys('register', 're_password', 'const')
 *     -> ['register.re_password.error.const', 'error.const']
 *   errorMessageKeys('register', 'user_string', 'format', 'email')
 *     -> ['register.user_string.error.format', 'error.format.email', 'error.format']
 */
export function errorMessageKeys(form: string, field: string, keyword: string, format?: string): string[] {
  const keys: string[] = [];
  if (form && field) keys.push(`${form}.${field}.error.${keyword}`);
  if (keyword === 'format' && format) keys.push(`error.format.${format}`);
  keys.push(`error.${keyword}`);
  return keys;
}

/** The message for passwords that differ (a `const: {$data: '1/password'}` error on a confirmation field). */
export const PASSWORDS_INCONSISTENT = 'error.passwords_inconsistent';
export const TEXT_TOO_LONG = 'error.text_too_long';
