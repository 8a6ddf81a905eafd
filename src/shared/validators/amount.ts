/**
 * Positive amount as typed into an amount field (no sign, no commas, no exponent, no spaces):
 * - integer part 1-9 followed by at most 17 digits (no leading zero), optionally `.` and 1 to 10 decimals:
 *   `1`, `12.5`, `1.0123456789`; 18 integer digits is what the ledger's NUMERIC(36, 18) columns hold, so a
 *   larger amount is refused as input rather than overflowing a column;
 * - or `0.` followed by 1 to 20 decimals, at least one of them non-zero: `0.00000000000000000001`.
 * Zero in any spelling (`0`, `0.0`, `0.000`) fails (not positive), as do `1.`, `.5`, `01`, `-1`, `+1`.
 */
export function isAmount(value: string): boolean {
  if (typeof value !== 'string') return false;
  if (/^[1-9]\d{0,17}(?:\.\d{1,10})?$/.test(value)) return true;
  return /^0\.\d{1,20}$/.test(value) && /[1-9]/.test(value);
}
