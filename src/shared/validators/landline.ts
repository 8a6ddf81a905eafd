/**
 * Mainland landline: area code (`0` + 2-3 digits), optional `-`, a local number of 7-8 digits not starting
 * with 0, optional extension `-` + 1-6 digits. E.g. `010-12345678`, `0755-1234567`, `02112345678`,
 * `010-12345678-123`.
 */
export function isLandline(value: string): boolean {
  return typeof value === 'string' && /^0\d{2,3}-?[1-9]\d{6,7}(?:-\d{1,6})?$/.test(value);
}
