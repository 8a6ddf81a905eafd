/**
 * Decimal number as typed by a person: optional sign, an integer part that is either plain digits or
 * correctly grouped by commas in threes (`1,234,567`), optional `.` and fraction digits.
 * Rejected: empty, `.5`, `5.`, exponents (`1e5`), misplaced commas (`12,34`), spaces.
 */
export function isNumber(value: string): boolean {
  return typeof value === 'string' && /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/.test(value);
}

/** Digits 0-9 only, at least one. */
export function isDigits(value: string): boolean {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/** Numeric code of exactly `length` digits (default 6, the verification code). */
export function isCode(value: string, length = 6): boolean {
  return typeof value === 'string' && value.length === length && /^\d+$/.test(value);
}

/** The `code6` format: a 6-digit verification code. */
export function isCode6(value: string): boolean {
  return isCode(value, 6);
}
