/**
 * Server-side messages: those of the live configuration (`i18n/<lang>.json`: flat keys, ICU MessageFormat),
 * English fallback, the key itself as the last resort; replaced whole when the configuration reloads. The
 * language of a request is its `lang` field, else its accept-language header, else en.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { BCP47, DEFAULT_LANGUAGE, isLanguage, languageFromLocale, type Language } from '../shared/i18n/languages';

export type Messages = Record<string, string>;
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export interface I18n {
  /** Formats `key` in `lang` (falling back to en, then to the key). */
  t(lang: Language, key: string, values?: MessageValues): string;
  /** True when `key` exists in `lang` or in en. */
  has(lang: Language, key: string): boolean;
  /** The first key of `keys` that exists (in lang or en), formatted; else `fallback` formatted. */
  first(lang: Language, keys: string[], values?: MessageValues): string;
  /** Replaces the messages (a configuration reload); the overrides given at creation stay on top. */
  replace(files: Partial<Record<Language, Messages>>): void;
}

/** `messages` overrides or adds messages on top of `files` (tests use it). */
export function createI18n(options: { files?: Partial<Record<Language, Messages>>; messages?: Partial<Record<Language, Messages>> } = {}): I18n {
  let catalog: Partial<Record<Language, Messages>> = {};
  const cache = new Map<string, IntlMessageFormat | null>();
  const load = (files: Partial<Record<Language, Messages>>): void => {
    const next: Partial<Record<Language, Messages>> = { ...files };
    for (const [lang, msgs] of Object.entries(options.messages ?? {}) as [Language, Messages][]) {
      next[lang] = { ...(next[lang] ?? {}), ...msgs };
    }
    catalog = next;
    cache.clear();
  };
  load(options.files ?? {});

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
    replace: load,
  };
  return i18n;
}

/** Picks the language: an explicit `lang` value wins, then accept-language, then en. */
export function pickLanguage(lang: unknown, acceptLanguage: string | string[] | undefined): Language {
  if (isLanguage(lang)) return lang;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return header ? languageFromLocale(header) : DEFAULT_LANGUAGE;
}
