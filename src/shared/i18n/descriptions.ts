/**
 * Translators' context: `i18n/context/descriptions.json` gives keys of en.json a description (FormatJS's
 * `description`): what the text is, where it shows, what its arguments hold. One file, in a folder because
 * every `i18n/<name>.json` is a language, keyed like en.json, so the runtime's flat `i18n/<lang>.json` files
 * and their parity check stay as they are, and a translator of any language reads the same notes (`npm run i18n -- where <key>` shows them).
 */
import type { I18nProblem, LoadedFile } from './check';

export const DESCRIPTIONS_FILE = 'i18n/context/descriptions.json';

/**
 * Families whose texts are short and ambiguous out of context (a button's "Close": close a position or a
 * dialog?): each of their keys should have a description; `npm run i18n -- check` counts those without.
 */
export const DESCRIBED_FAMILIES: readonly string[] = ['trade.', 'common.'];

/** The descriptions of a loaded file, and its problems against en.json. */
export function readDescriptions(loaded: LoadedFile, en: Record<string, string>): { descriptions: Record<string, string>; problems: I18nProblem[] } {
  if ('missing' in loaded) return { descriptions: {}, problems: [] };
  if ('error' in loaded) return { descriptions: {}, problems: [{ file: DESCRIPTIONS_FILE, problem: `not valid JSON: ${loaded.error}` }] };
  const json = loaded.json;
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { descriptions: {}, problems: [{ file: DESCRIPTIONS_FILE, problem: 'must be an object { "<key of i18n/en.json>": "<what the text is, where it shows>" }' }] };
  }
  const descriptions: Record<string, string> = {};
  const problems: I18nProblem[] = [];
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'string' || !value.trim()) problems.push({ file: DESCRIPTIONS_FILE, key, problem: 'a description is a sentence (a non-empty string)' });
    else if (!(key in en)) problems.push({ file: DESCRIPTIONS_FILE, key, problem: 'describes a key i18n/en.json does not have: remove it, or fix the key' });
    else descriptions[key] = value;
  }
  return { descriptions, problems };
}

/** Keys of the DESCRIBED_FAMILIES that have no description. */
export function undescribedKeys(en: Record<string, string>, descriptions: Record<string, string>): string[] {
  return Object.keys(en).filter((k) => DESCRIBED_FAMILIES.some((f) => k.startsWith(f)) && !descriptions[k]).sort();
}
