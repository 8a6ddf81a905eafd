/**
 * Server-side messages: `i18n/<lang>.json` (flat keys, ICU MessageFormat), English fallback, the key itself
 * as the last resort. The language of a request is its `lang` field, else its accept-language header, else en.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { BCP47, DEFAULT_LANGUAGE, isLanguage, languageFromLocale, LANGUAGES, type Language } from '../shared/i18n/languages';

export type Messages = Record<string, string>;
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export interface I18n {
  /** Formats `key` in `lang` (falling back to en, then to the key). */
  t(lang: Language, key: string, values?: MessageValues): string;
  /** True when `key` exists in `lang` or in en. */
  has(lang: Language, key: string): boolean;
  /** The first key of `keys` that exists (in lang or en), formatted; else `fallback` formatted. */
  first(lang: Language, keys: string[], values?: MessageValues): string;
}

export const I18N_DIR = path.resolve(__dirname, '..', '..', 'i18n');

export function loadMessages(dir = I18N_DIR): Partial<Record<Language, Messages>> {
  const out: Partial<Record<Language, Messages>> = {};
  for (const lang of LANGUAGES) {
    const file = path.join(dir, `${lang}.json`);
    if (!fs.existsSync(file)) continue;
    try {
      out[lang] = JSON.parse(fs.readFileSync(file, 'utf8')) as Messages;
    } catch {
      out[lang] = {};
    }
  }
  return out;
}

/** `messages` overrides or adds languages on top of the files of `dir` (tests use it for zh). */
export function createI18n(options: { dir?: string; messages?: Partial<Record<Language, Messages>> } = {}): I18n {
  const files = loadMessages(options.dir);
  const catalog: Partial<Record<Language, Messages>> = { ...files };
  for (const [lang, msgs] of Object.entries(options.messages ?? {}) as [Language, Messages][]) {
    catalog[lang] = { ...(catalog[lang] ?? {}), ...msgs };
  }
  const cache = new Map<string, IntlMessageFormat | null>();

  function lookup(lang: Language, key: string): { text: string; lang: Language } | undefined {
    const own = catalog[lang]?.[key];
    if (typeof own === 'string' && own !== '') return { text: own, lang };
    const en = catalog[DEFAULT_LANGUAGE]?.[key];
    if (typeof en === 'string') return { text: en, lang: DEFAULT_LANGUAGE };
    return undefined;
  }

  function format(lang: Language, key: string, text: string, values?: MessageValues): string {
    const id = `${lang}\u0000${key}`;
    let mf = cache.get(id);
    if (mf === undefined) {
      try { mf = new IntlMessageFormat(text, BCP47[lang]); } catch { mf = null; }
      cache.set(id, mf);
    }
    if (!mf) return text;
    try {
      const out = mf.format(values as Record<string, never>);
      return Array.isArray(out) ? out.join('') : String(out);
    } catch {
      return text;
    }
  }

  const i18n: I18n = {
    t(lang, key, values) {
      const found = lookup(lang, key);
      return found ? format(found.lang, key, found.text, values) : key;
    },
    has(lang, key) { return lookup(lang, key) !== undefined; },
    first(lang, keys, values) {
      for (const key of keys) if (lookup(lang, key)) return i18n.t(lang, key, values);
      return i18n.t(lang, keys[keys.length - 1], values);
    },
  };
  return i18n;
}

/** Picks the language: an explicit `lang` value wins, then accept-language, then en. */
export function pickLanguage(lang: unknown, acceptLanguage: string | string[] | undefined): Language {
  if (isLanguage(lang)) return lang;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return header ? languageFromLocale(header) : DEFAULT_LANGUAGE;
}
