import { INVALID, floorD, isDecimal, toD, type DecimalInput } from './decimal';

/** Numbers below this are unix seconds, at or above it milliseconds (1e11 s is year 5138, 1e11 ms is 1973). */
const MS_THRESHOLD = 1e11;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

function daysIn(y: number, m: number): number {
  return new Date(y, m, 0).getDate();
}

const LOCAL = /^(\d{4})([-/])(\d{2})\2(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Parses unix seconds/ms (number, numeric string or Decimal), an ISO string or a Date; null when invalid. */
export function toDate(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'string') {
    const s = v.trim();
    const m = LOCAL.exec(s);
    if (m) {
      const [y, , mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = m.slice(1);
      if (+mo < 1 || +mo > 12 || +d < 1 || +d > daysIn(+y, +mo) || +h > 23 || +mi > 59 || +sec > 59) return null;
      const date = new Date(+y, +mo - 1, +d, +h, +mi, +sec, +ms.padEnd(3, '0'));
      date.setFullYear(+y);
      return date;
    }
    if (ZONED.test(s)) {
      const t = Date.parse(s);
      return Number.isNaN(t) ? null : new Date(t);
    }
  }
  const d = typeof v === 'string' || typeof v === 'number' || isDecimal(v) ? toD(v) : null;
  if (!d) return null;
  const n = d.abs().lt(MS_THRESHOLD) ? d.times(1000) : d;
  const date = new Date(floorD(n).toNumber());
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `YYYY-MM-DD HH:mm:ss` in the device's local time zone, 24-hour clock, Latin digits, in every language.
 * Input: unix seconds (below 1e11) or milliseconds as number, numeric string or Decimal; an ISO string with
 * `Z`/offset (that instant); `YYYY-MM-DD[ HH:mm[:ss]]` or with `/` or `T` and no offset (taken as local
 * time); a Date. Anything else, or a year outside 0000-9999, gives `--`. `locale` is accepted for the
 * shared interface and does not change the pattern (SPEC shows times this way in all languages).
 */
export function datetime(v: DecimalInput | Date, _locale?: string): string {
  const d = toDate(v);
  if (!d) return INVALID;
  const y = d.getFullYear();
  if (y < 0 || y > 9999) return INVALID;
  return `${pad(y, 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Remaining time: `HH:mm:ss` under a day, `Nd HH:mm:ss` from 24 hours on (`1d 02:03:04`). Fractions are
 * dropped (floor); zero or negative shows `00:00:00`; invalid input `--`.
 */
export function countdown(seconds: DecimalInput): string {
  const d = toD(seconds);
  if (!d) return INVALID;
  const total = d.lt(0) ? 0 : floorD(d).toNumber();
  if (!Number.isSafeInteger(total)) return INVALID;
  const days = Math.floor(total / 86400);
  const rest = total % 86400;
  const hms = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}
