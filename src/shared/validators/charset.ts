/** Chinese (Han script) characters only, at least one; no spaces or punctuation. */
export function isChinese(value: string): boolean {
  return typeof value === 'string' && /^\p{Script=Han}+$/u.test(value);
}

/** ASCII letters only (a-z, A-Z), at least one. */
export function isLetters(value: string): boolean {
  return typeof value === 'string' && /^[A-Za-z]+$/.test(value);
}

/** ASCII letters or digits only, at least one. */
export function isAlnum(value: string): boolean {
  return typeof value === 'string' && /^[A-Za-z0-9]+$/.test(value);
}

/** `value` contains `part` (case-sensitive; every string contains the empty string). */
export function contains(value: string, part: string): boolean {
  return typeof value === 'string' && typeof part === 'string' && value.includes(part);
}
