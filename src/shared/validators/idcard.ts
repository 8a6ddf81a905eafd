import { isCalendarDate } from './date';

/** First two digits of a mainland resident ID number: province-level region codes. */
const PROVINCES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '83', '91',
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** GB 11643 check character (`0`-`9` or `X`) for the first 17 digits of an 18-character ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/**
 * Mainland resident ID number.
 * - 18 characters: 17 digits then a check digit or `X`/`x`; the check character must match (GB 11643-1999);
 *   the region must start with a province code; the birth date `YYYYMMDD` must be a real day, year 1800-2099.
 * - 15 digits (the old form): region, birth date `YYMMDD` (19YY, a real day) and a 3-digit sequence.
 */
export function isIdCard(value: string): boolean {
  if (typeof value !== 'string') return false;
  if (/^\d{17}[\dXx]$/.test(value)) {
    if (!PROVINCES.has(value.slice(0, 2))) return false;
    const year = Number(value.slice(6, 10));
    if (year < 1800 || year > 2099) return false;
    if (!isCalendarDate(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)))) return false;
    return idCardCheckChar(value.slice(0, 17)) === value[17].toUpperCase();
  }
  if (/^\d{15}$/.test(value)) {
    if (!PROVINCES.has(value.slice(0, 2))) return false;
    return isCalendarDate(1900 + Number(value.slice(6, 8)), Number(value.slice(8, 10)), Number(value.slice(10, 12)));
  }
  return false;
}
