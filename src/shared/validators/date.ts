function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** True when year/month/day name a real day of the (proleptic Gregorian) calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

const ISO_DATE = /^(\d{4})([-/])(\d{2})\2(\d{2})$/;

/**
 * ISO date: `YYYY-MM-DD` or `YYYY/MM/DD` (one separator style, two-digit month and day, four-digit year),
 * and a real calendar day (2024-02-29 passes, 2023-02-29 and 2024-04-31 fail). This is the `date` format.
 */
export function isDateISO(value: string): boolean {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  return !!m && isCalendarDate(Number(m[1]), Number(m[3]), Number(m[4]));
}

const DATE_TIME = /^(\d{4})([-/])(\d{2})\2(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Date, optionally with a time: an ISO date as in {@link isDateISO}, then optionally ` HH:mm`, ` HH:mm:ss`
 * or `THH:mm:ss(.sss)` with an optional `Z` / `±hh:mm` offset. Hours 00-23, minutes and seconds 00-59.
 */
export function isDate(value: string): boolean {
  if (typeof value !== 'string') return false;
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(Number(m[1]), Number(m[3]), Number(m[4]))) return false;
  if (m[5] !== undefined && (Number(m[5]) > 23 || Number(m[6]) > 59)) return false;
  if (m[7] !== undefined && Number(m[7]) > 59) return false;
  return true;
}
