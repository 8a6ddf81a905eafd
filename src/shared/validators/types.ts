/**
 * Empty in the sense of the generic validator set: `undefined`, `null`, a blank string (only whitespace),
 * `0`, `NaN`, `false`, an empty array, an object without own enumerable keys, an empty Map or Set,
 * an invalid Date. Not empty: `'0'`, `' a '`, `-1`, `true`, a valid Date, functions.
 */
export function isEmpty(value: unknown): boolean {
  switch (typeof value) {
    case 'undefined': return true;
    case 'string': return value.trim().length === 0;
    case 'number': return value === 0 || Number.isNaN(value);
    case 'bigint': return value === BigInt(0);
    case 'boolean': return !value;
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) return value.length === 0;
      if (value instanceof Map || value instanceof Set) return value.size === 0;
      if (value instanceof Date) return Number.isNaN(value.getTime());
      return Object.keys(value).length === 0;
    default: return false;
  }
}

/**
 * A JSON text whose value is an object or an array (`{"a":1}`, `[]`). Bare JSON scalars (`1`, `"x"`,
 * `true`, `null`) are rejected: a "JSON string" field is meant to hold structured data.
 */
export function isJsonString(value: string): boolean {
  if (typeof value !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** Plain object (`{}`, `Object.create(null)`); not arrays, null, dates, maps or class instances other than Object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === null || proto === Object.prototype;
}

export function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}
