/**
 * The generic validator set as yup tests and rules, for hand-written react-hook-form forms.
 *
 * Error messages are message references, not texts: the i18n key, plus ICU values when the message has
 * placeholders, encoded in one string (react-hook-form only carries a string). Decode with
 * {@link parseMessageRef} and translate with `t(key, values)`:
 *   'error.format.email'             -> { key: 'error.format.email', values: {} }
 *   'error.minLength {"limit":7}'    -> { key: 'error.minLength', values: { limit: 7 } }
 */
import * as yup from 'yup';
import { formats, type FormatName } from './formats';
import { PASSWORDS_INCONSISTENT, TEXT_TOO_LONG } from './messages';
import { hasSpecialChars } from './special';
import { charLength } from './strings';
import { isCode } from './number';
import { toD } from '../format/decimal';

export type MessageValues = Record<string, string | number>;

/** Encodes an i18n key and its values into a yup/react-hook-form error message string. */
export function messageRef(key: string, values?: MessageValues): string {
  return values && Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key;
}

/** Decodes a {@link messageRef} string; any other string is returned as a key with no values. */
export function parseMessageRef(message: string): { key: string; values: MessageValues } {
  const space = message.indexOf(' ');
  if (space > 0 && message[space + 1] === '{') {
    try {
      const values = JSON.parse(message.slice(space + 1)) as MessageValues;
      if (values && typeof values === 'object') return { key: message.slice(0, space), values };
    } catch { /* not a reference */ }
  }
  return { key: message, values: {} };
}

type StringTest = { name: string; message: string; test: (value: string | undefined | null) => boolean };

/**
 * `yup.string().test(yupTests.email)`. Empty values (undefined, null, '') pass every format test, so
 * "required" stays a separate rule, as in JSON Schema.
 */
export const yupTests = Object.fromEntries(
  (Object.keys(formats) as FormatName[]).map((name): [FormatName, StringTest] => [name, {
    name: `format.${name}`,
    message: `error.format.${name}`,
    test: (value) => value === undefined || value === null || value === '' || formats[name](value),
  }]),
) as Record<FormatName, StringTest>;

const required = (): yup.StringSchema<string> => yup.string().required(messageRef('error.required'));

/**
 * Ready-made yup string rules (required unless `{ optional: true }`). Same rules and message keys as the
 * ajv schemas use, so an error looks the same whichever validator produced it.
 */
export const yupRules = {
  required,
  /** Any of the 18 formats: `yupRules.format('email')`. */
  format(name: FormatName, opts: { optional?: boolean } = {}) {
    const base = opts.optional ? yup.string() : required();
    return base.test(yupTests[name]);
  },
  email: (opts?: { optional?: boolean }) => yupRules.format('email', opts),
  mobile: (opts?: { optional?: boolean }) => yupRules.format('mobile', opts),
  amount: (opts?: { optional?: boolean }) => yupRules.format('amount', opts),
  nickname: (opts?: { optional?: boolean }) => yupRules.format('nickname', opts),
  signature: (opts?: { optional?: boolean }) => yupRules.format('signature', opts),
  idcard: (opts?: { optional?: boolean }) => yupRules.format('idcard', opts),
  /** Numeric code of `length` digits (default 6): message `error.format.code6` for 6, else `error.code {length}`. */
  code(length = 6, opts: { optional?: boolean } = {}) {
    const base = opts.optional ? yup.string() : required();
    return base.test({
      name: 'format.code',
      message: length === 6 ? 'error.format.code6' : messageRef('error.code', { length }),
      test: (v) => !v || isCode(v, length),
    });
  },
  /** Password: longer than six characters. */
  password(opts: { optional?: boolean } = {}) {
    const base = opts.optional ? yup.string() : required();
    return base.test({
      name: 'minLength',
      message: messageRef('error.minLength', { limit: 7 }),
      test: (v) => !v || charLength(v) >= 7,
    });
  },
  /** Confirmation that must equal the sibling field `field` (default `password`). */
  confirmPassword(field = 'password') {
    return required().oneOf([yup.ref(field)], PASSWORDS_INCONSISTENT);
  },
  /** No characters of the SPEC special set. Use on another string schema: `yupRules.noSpecialChars(yup.string())`. */
  noSpecialChars(base: yup.StringSchema<string | undefined> = yup.string()) {
    return base.test({ name: 'noSpecialChars', message: 'error.noSpecialChars', test: (v) => !v || !hasSpecialChars(v) });
  },
  /** At most `max` characters (code points), message "text too long". */
  maxTextLength(max: number, base: yup.StringSchema<string | undefined> = yup.string()) {
    return base.test({ name: 'maxTextLength', message: TEXT_TOO_LONG, test: (v) => !v || charLength(v) <= max });
  },
  /** Length between min and max characters (code points), with the minLength/maxLength messages. */
  length(min: number, max: number, base: yup.StringSchema<string | undefined> = yup.string()) {
    return base
      .test({ name: 'minLength', message: messageRef('error.minLength', { limit: min }), test: (v) => !v || charLength(v) >= min })
      .test({ name: 'maxLength', message: messageRef('error.maxLength', { limit: max }), test: (v) => !v || charLength(v) <= max });
  },
  /** Decimal string within [min, max] (inclusive, exact decimal comparison). */
  range(min: string | number, max: string | number, opts: { optional?: boolean } = {}) {
    const base = opts.optional ? yup.string() : required();
    return base
      .test({ name: 'format.number', message: 'error.format.number', test: (v) => !v || toD(v) !== null })
      .test({ name: 'minimum', message: messageRef('error.minimum', { limit: String(min) }), test: (v) => !v || !toD(v) || toD(v)!.gte(min) })
      .test({ name: 'maximum', message: messageRef('error.maximum', { limit: String(max) }), test: (v) => !v || !toD(v) || toD(v)!.lte(max) });
  },
};
