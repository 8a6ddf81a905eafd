const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * Absolute http(s) URL with a host that is a dotted domain name (letters-only top-level label), an IPv4
 * address or `localhost`; optional port, path, query and fragment; no whitespace anywhere.
 */
export function isUrl(value: string): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  const m = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)(?::(\d{1,5}))?(?:[/?#]|$)/i.exec(value);
  if (!m) return false;
  const host = m[1];
  if (m[2] !== undefined && Number(m[2]) > 65535) return false;
  if (!(host.toLowerCase() === 'localhost' || IPV4.test(host) || HOST_NAME.test(host))) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
