const PROVINCE = '[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼]';
/** Letters used on plates: A-Z without I and O (easily confused with 1 and 0). */
const CH = '[A-HJ-NP-Z0-9]';

/** Ordinary plate: province, issuing-office letter, 5 characters, e.g. 京A12345, 粤BD1234 (last may be 挂学警港澳). */
const CLASSIC = new RegExp(`^${PROVINCE}[A-Z]${CH}{4}(?:${CH}|[挂学警港澳])$`);
/**
 * New-energy plate (8 characters): small cars have the energy letter first, then a letter/digit and 4
 * digits (粤BD12345, 沪ADA1234); large vehicles 5 digits then the energy letter (京A12345D). Energy letters:
 * D/A/B/C/E (pure electric) and F/G/H/J/K (other new energy).
 */
const NEW_ENERGY = new RegExp(`^${PROVINCE}[A-Z](?:[A-HJK]${CH}\\d{4}|\\d{5}[A-HJK])$`);
/** Embassy / consulate plates: 使 first (使123456) or 领 last (沪A1234领). */
const DIPLOMATIC = /^(?:使\d{6}|[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z]\d{4}领)$/;

/** Mainland licence plate, ordinary (7 characters) or new-energy (8). Upper-case letters only, no separators. */
export function isPlate(value: string): boolean {
  return typeof value === 'string' && (CLASSIC.test(value) || NEW_ENERGY.test(value) || DIPLOMATIC.test(value));
}
