/**
 * Which English text each translation was made from, so that a translation whose English changed since is
 * reported out of date. `i18n/sources/<lang>.json` holds `{ "<key>": "<hash of the English text>" }` (8 hex
 * digits of its SHA-256: a hash, not the text, keeps the files small and says only "it changed"), written by
 * `npm run i18n -- mark <lang> [key...]` when a translator has translated or reviewed those keys. One file
 * per language, like `i18n/untranslated/<lang>.json`, so translators of two languages never edit one file.
 * A key without an entry is "not marked" (counted for information); entries of keys en.json no longer has
 * are ignored and dropped by the next `mark`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { I18nProblem } from '../../src/shared/i18n/check';

export const sourcesFile = (lang: string): string => `i18n/sources/${lang}.json`;

export const englishHash = (text: string): string => crypto.createHash('sha256').update(text).digest('hex').slice(0, 8);

export type TranslationStatus = 'untranslated' | 'outdated' | 'unmarked' | 'current';

/** `i18n/sources/<lang>.json` parsed ({} when absent), or a problem. */
export function readSources(root: string, lang: string): { sources: Record<string, string>; problem?: I18nProblem } {
  const file = path.join(root, sourcesFile(lang));
  if (!fs.existsSync(file)) return { sources: {} };
  let json: unknown;
  try { json = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (err) {
    return { sources: {}, problem: { file: sourcesFile(lang), problem: `not valid JSON: ${(err as Error).message} (npm run i18n -- mark ${lang} writes it)` } };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json) || Object.values(json).some((v) => typeof v !== 'string')) {
    return { sources: {}, problem: { file: sourcesFile(lang), problem: `must be an object { "<key>": "<hash of the English text>" } (npm run i18n -- mark ${lang} writes it)` } };
  }
  return { sources: json as Record<string, string> };
}

export interface LanguageTexts {
  messages: Record<string, string>;
  /** `i18n/untranslated/<lang>.json`: the English copied when the language was added. */
  marks: Record<string, string>;
  sources: Record<string, string>;
}

/** The state of one translation: still the English copy, made from an older English, not marked, or current. */
export function translationStatus(key: string, texts: LanguageTexts, en: Record<string, string>): TranslationStatus {
  const value = texts.messages[key];
  if (key in texts.marks && (value === texts.marks[key] || value === en[key])) return 'untranslated';
  const source = texts.sources[key];
  if (source === undefined) return 'unmarked';
  return source === englishHash(en[key]) ? 'current' : 'outdated';
}

/** The keys of en.json in each state (sorted, as en.json orders them). */
export function statusOf(texts: LanguageTexts, en: Record<string, string>): Record<TranslationStatus, string[]> {
  const out: Record<TranslationStatus, string[]> = { untranslated: [], outdated: [], unmarked: [], current: [] };
  for (const key of Object.keys(en)) if (key in texts.messages) out[translationStatus(key, texts, en)].push(key);
  return out;
}

/**
 * `mark <lang> [key...]`: records today's English as the source of those translations (every translated key
 * when none is named); a key still untranslated, or not in both files, is refused (nothing is written).
 */
export function markSources(root: string, lang: string, texts: LanguageTexts, en: Record<string, string>, keys: string[] = []): { marked: number; file: string } {
  const named = keys.length > 0;
  const wanted = named ? keys : Object.keys(en).filter((k) => k in texts.messages && translationStatus(k, texts, en) !== 'untranslated');
  const refused = wanted.filter((k) => !(k in en) || !(k in texts.messages) || translationStatus(k, texts, en) === 'untranslated');
  if (refused.length) {
    throw new Error(`not marked (nothing written): ${refused.map((k) => (!(k in en) ? `${k} is not in i18n/en.json` : !(k in texts.messages) ? `${k} is not in i18n/${lang}.json` : `${k} is still the English copy: translate it first`)).join('; ')}`);
  }
  const marking = new Set(wanted);
  const next: Record<string, string> = {};
  for (const key of Object.keys(en)) {
    if (marking.has(key)) next[key] = englishHash(en[key]);
    else if (texts.sources[key] !== undefined) next[key] = texts.sources[key];
  }
  const file = path.join(root, sourcesFile(lang));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(next, null, 1)}\n`);
  return { marked: wanted.length, file: sourcesFile(lang) };
}
