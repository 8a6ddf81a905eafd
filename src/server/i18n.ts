/**
 * Server-side messages: those of the live configuration (`i18n/<lang>.json`: flat keys, ICU MessageFormat),
 * English fallback, the key itself as the last resort; replaced whole, with the languages app.json offers,
 * when the configuration reloads. The language of a request is its `lang` field when that is an offered
 * language, else the best offered match of its accept-language header, else en.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, SHIPPED, type Language, type LanguageList } from '../shared/i18n/languages';

export type Messages = Record<string, string>;
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export interface I18n {
  /** Formats `key` in `lang` (falling back to en, then to the key). */
  t(lang: Language, key: string, values?: MessageValues): string;
  /** True when `key` exists in `lang` or in en. */
  has(lang: Language, key: string): boolean;
  /** The first key of `keys` that exists (in lang or en), formatted; else `fallback` formatted. */
  first(lang: Language, keys: string[], values?: MessageValues): string;
  /** Replaces the messages and the languages (a configuration reload); the overrides given at creation stay on top. */
  replace(files: Partial<Record<Language, Messages>>, languages?: LanguageList): void;
  /** The offered languages. */
  languages(): LanguageList;
  /** The language of a request: see the header. */
  pick(lang: unknown, acceptLanguage: string | string[] | undefined): Language;
}

/** `messages` overrides or adds messages on top of `files` (tests use it). */
export function createI18n(options: { files?: Partial<Record<Language, Messages>>; languages?: LanguageList; messages?: Partial<Record<Language, Messages>> } = {}): I18n {
  let catalog: Partial<Record<Language, Messages>> = {};
  let languages = options.languages ?? SHIPPED;
  const cache = new Map<string, IntlMessageFormat | null>();
  const load = (files: Partial<Record<Language, Messages>>, offered = languages): void => {
    languages = offered;
    const next: Partial<Record<Language, Messages>> = { ...files };
    for (const [lang, msgs] of Object.entries(options.messages ?? {}) as [Language, Messages][]) {
      next[lang] = { ...(next[lang] ?? {}), ...msgs };
    }
    catalog = next;
    cache.clear();
  };
  load(options.files ?? {}, languages);

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
      try { mf = new IntlMessageFormat(text, languages.tag(lang)); } catch { mf = null; }
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
    languages: () => languages,
    pick: (lang, acceptLanguage) => pickLanguage(lang, acceptLanguage, languages),
  };
  return i18n;
}

/** Picks the language of `languages`: an explicit `lang` value wins, then accept-language, then en. */
export function pickLanguage(lang: unknown, acceptLanguage: string | string[] | undefined, languages: LanguageList = SHIPPED): Language {
  if (languages.has(lang)) return lang;
  return acceptLanguage ? languages.fromLocale(acceptLanguage) : DEFAULT_LANGUAGE;
}
