const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * Practical email check: `local@domain.tld`. Local part: RFC 5322 atext, dots not leading, trailing or doubled.
 * Domain: at least two labels, each 1-63 letters/digits/hyphens (no hyphen at either end); the top-level
 * label is letters only (2+) or punycode (`xn--…`). At most 254 characters in total, 64 in the local part.
 * No quoted local parts, no IP literals, no whitespace, ASCII only (IDN domains must be punycode).
 */
export function isEmail(value: string): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  const tld = labels[labels.length - 1];
  return /^[A-Za-z]{2,}$/.test(tld) || /^xn--[A-Za-z0-9-]+$/i.test(tld);
}
