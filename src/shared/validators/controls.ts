/**
 * Characters refused in every text a user sends: C0 and C1 control characters (line breaks, tabs, terminal
 * escapes), DEL, and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 * which make text display differently from what it is ("‮gpj.exe").
 */
export const CONTROL_CLASS = '\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069';

export const CONTROL_CHARACTER = new RegExp(`[${CONTROL_CLASS}]`, 'u');

/**
 * No control character and at least one visible one. Written so that matching is linear in the length:
 * the lookahead scans the text once, then `\s*` stops at the first non-space.
 */
export const VISIBLE_TEXT = `^(?=[^${CONTROL_CLASS}]*$)\\s*[^\\s${CONTROL_CLASS}]`;
