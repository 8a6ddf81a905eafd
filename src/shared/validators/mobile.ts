/** Mainland China mobile number: 11 digits, `1` then `3`-`9`. No country code, spaces or hyphens. */
export function isMobile(value: string): boolean {
  return typeof value === 'string' && /^1[3-9]\d{9}$/.test(value);
}
