/**
 * Numbers as the reader's language writes them. The formatters of this folder write `1,234.5` (comma
 * groups, point decimals, Latin digits); `localize` rewrites such a string with the locale's group
 * separator, decimal mark and digits, as `Intl.NumberFormat` would (en `1,234.5`, ru `1 234,5` with a
 * no-break space, fr `1 234,5` with a narrow no-break space, fa `۱٬۲۳۴٫۵` in Persian digits). It only maps
 * characters, so the value stays exact: no float ever carries it.
 */

interface Marks { group: string; decimal: string; digits: string[] }

const LATIN: Marks = { group: ',', decimal: '.', digits: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] };
const cache = new Map<string, Marks>();

/** The locale's group separator, decimal mark and digits 0-9 (Latin marks for an unknown locale). */
export function numberMarks(locale: string | undefined): Marks {
  const key = locale || 'en';
  const hit = cache.get(key);
  if (hit) return hit;
  let marks = LATIN;
  try {
    const nf = new Intl.NumberFormat(key, { useGrouping: true });
    const parts = nf.formatToParts(11111.5);
    const digits = nf.formatToParts(9876543210).filter((p) => p.type === 'integer' || p.type === 'group');
    const written = digits.filter((p) => p.type === 'integer').map((p) => p.value).join('');
    marks = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      digits: written.length === 10 ? [...written].reverse() : LATIN.digits,
    };
  } catch {
    marks = LATIN;
  }
  cache.set(key, marks);
  return marks;
}

/**
 * Rewrites the digits, `,` groups and `.` decimal mark of a formatted number in the locale's (other
 * characters, such as a currency symbol, a sign or `%`, are kept): localize('-1,234.5', 'ru') ->
 * `-1 234,5`. `--` (no value) and the English locale are returned as they are.
 */
export function localize(s: string, locale: string | undefined): string {
  const m = numberMarks(locale);
  if (m === LATIN || (m.group === ',' && m.decimal === '.' && m.digits[0] === '0')) return s;
  return s.replace(/[0-9.,]/g, (c) => (c === ',' ? m.group : c === '.' ? m.decimal : m.digits[c.charCodeAt(0) - 48]));
}

/**
 * Whether two numbers written in `locale` (as `localize` writes them) are the same value: groups and trailing
 * decimal zeros aside (`1.0000` and `1` are; `1.2K` and `1,234` are not). A number shown padded is not rounded.
 */
export function sameNumber(a: string, b: string, locale: string | undefined): boolean {
  const m = numberMarks(locale);
  const canonical = (s: string): string => {
    let t = s.split(m.group).join('');
    if (!t.includes(m.decimal)) return t;
    while (t.endsWith(m.digits[0])) t = t.slice(0, -m.digits[0].length);
    return t.endsWith(m.decimal) ? t.slice(0, -m.decimal.length) : t;
  };
  return a === b || canonical(a) === canonical(b);
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country or region's name in the reader's language from its ISO 3166-1 code (`US` -> `United States`, `Estados Unidos`); the code itself when unknown. */
export function regionName(code: string, locale: string | undefined): string {
  const key = locale || 'en';
  if (!regionNames.has(key)) {
    try { regionNames.set(key, new Intl.DisplayNames([key], { type: 'region', fallback: 'code' })); } catch { regionNames.set(key, null); }
  }
  try { return regionNames.get(key)?.of(code) ?? code; } catch { return code; }
}
