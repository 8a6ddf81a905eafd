/**
 * The interface languages are configuration: `screens/app.json` `languages` lists them in the picker's order,
 * each with its file's code, its BCP 47 tag, its own name and its direction. Adding a language is its file
 * `i18n/<code>.json` and one entry there (docs/operators.md "Add a language"); no code lists them. The code
 * knows only the languages the repository ships translations and seed content for (SHIPPED_LANGUAGES): the
 * meaning of a bare code in app.json (the form before entries), the seed content, and the fallback of code
 * that runs before any configuration is at hand (unit tests).
 */

/** A language of `screens/app.json` `languages`. */
export interface LanguageEntry {
  /** Its file `i18n/<code>.json`; what the app stores and sends as `lang`. */
  code: string;
  /** BCP 47 tag: `<html lang>`, number and date formats, matching Accept-Language. */
  tag: string;
  /** Its own name, shown in the picker (not translated on purpose). */
  name: string;
  dir: 'ltr' | 'rtl';
}

/** The code of a configured language (`en`, `fa`, `de`...). */
export type Language = string;
/** The base of every translation (`i18n/en.json`) and the fallback of every lookup. */
export const DEFAULT_LANGUAGE = 'en';
/** What a language's code may be: it names its file. */
export const LANGUAGE_CODE = /^[a-z]{2,8}$/;

export const SHIPPED_LANGUAGES = [
  { code: 'en', tag: 'en', name: 'English', dir: 'ltr' },
  { code: 'zh', tag: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { code: 'hk', tag: 'zh-Hant', name: '繁體中文', dir: 'ltr' },
  { code: 'th', tag: 'th', name: 'ไทย', dir: 'ltr' },
  { code: 'jp', tag: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'kor', tag: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'fra', tag: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'spa', tag: 'es', name: 'Español', dir: 'ltr' },
  { code: 'tr', tag: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 'fa', tag: 'fa', name: 'فارسی', dir: 'rtl' },
  { code: 'ru', tag: 'ru', name: 'Русский', dir: 'ltr' },
] as const satisfies readonly LanguageEntry[];
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number]['code'];
export const SHIPPED_LANGUAGE_CODES: readonly ShippedLanguage[] = SHIPPED_LANGUAGES.map((l) => l.code);

/** A configured list of languages and the questions asked of it. */
export interface LanguageList {
  readonly entries: readonly LanguageEntry[];
  readonly codes: readonly Language[];
  has(code: unknown): code is Language;
  /** The BCP 47 tag of `code` (`en` for a code not in the list). */
  tag(code: Language): string;
  dir(code: Language): 'ltr' | 'rtl';
  name(code: Language): string | undefined;
  /** The best language for an Accept-Language header or navigator.language; `en` when none fits. */
  fromLocale(locale: string | string[] | undefined | null): Language;
}

/** `zh-TW` -> `zh-Hant`, `ja` -> `ja-Jpan`: language and script, which tell zh-Hans from zh-Hant. */
function languageAndScript(tag: string): string | undefined {
  try {
    const max = new Intl.Locale(tag).maximize();
    return `${max.language}-${max.script ?? ''}`.toLowerCase();
  } catch {
    return undefined;
  }
}

const baseOf = (tag: string): string => tag.split(/[-_]/)[0].toLowerCase();

/** Accept-Language's tags, most wanted first (q=0 and `*` left out). */
export function requestedTags(header: string): string[] {
  return header.split(',').map((part, i) => {
    const [tag, ...params] = part.split(';').map((s) => s.trim());
    const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)?.[1]).find((v) => v !== undefined);
    return { tag, q: q === undefined ? 1 : Number(q), i };
  }).filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i).map((t) => t.tag);
}

const MATCH_CACHE_LIMIT = 256;

export function languageList(entries: readonly LanguageEntry[]): LanguageList {
  const byCode = new Map(entries.map((e) => [e.code, e]));
  const keyed = entries.map((e) => ({ code: e.code, tag: e.tag.toLowerCase(), script: languageAndScript(e.tag), base: baseOf(e.tag) }));
  const matchCache = new Map<string, Language>();

  const match = (wanted: string): Language | undefined => {
    const lower = wanted.replace(/_/g, '-').toLowerCase();
    if (byCode.has(lower)) return lower;
    const script = languageAndScript(lower);
    return keyed.find((k) => k.tag === lower)?.code
      ?? (script ? keyed.find((k) => k.script === script)?.code : undefined)
      ?? keyed.find((k) => k.base === baseOf(lower))?.code;
  };

  const list: LanguageList = {
    entries,
    codes: entries.map((e) => e.code),
    has: (code: unknown): code is Language => typeof code === 'string' && byCode.has(code),
    tag: (code) => byCode.get(code)?.tag ?? DEFAULT_LANGUAGE,
    dir: (code) => byCode.get(code)?.dir ?? 'ltr',
    name: (code) => byCode.get(code)?.name,
    fromLocale(locale) {
      const header = (Array.isArray(locale) ? locale[0] : locale)?.trim();
      if (!header) return DEFAULT_LANGUAGE;
      let hit = matchCache.get(header);
      if (hit === undefined) {
        hit = requestedTags(header).map(match).find((c) => c !== undefined) ?? DEFAULT_LANGUAGE;
        if (matchCache.size >= MATCH_CACHE_LIMIT) matchCache.clear();
        matchCache.set(header, hit);
      }
      return hit;
    },
  };
  return list;
}

export const SHIPPED = languageList(SHIPPED_LANGUAGES);

/**
 * The entries of app.json's `languages` as checked by app.schema.json: an entry object, or a bare code of a
 * shipped language (the form before entries), which takes the shipped tag, name and direction. A bare code
 * the code does not ship is left out here; the configuration check reports it.
 */
export function languageEntries(configured: unknown): LanguageEntry[] {
  if (!Array.isArray(configured)) return [];
  return configured.flatMap((item): LanguageEntry[] => {
    if (typeof item === 'string') {
      const shipped = SHIPPED_LANGUAGES.find((l) => l.code === item);
      return shipped ? [{ ...shipped }] : [];
    }
    return item && typeof item === 'object' ? [item as LanguageEntry] : [];
  });
}

/** The languages of a served app.json; the shipped ones when it has none (no configuration yet). */
export function appLanguages(app: unknown): LanguageList {
  const entries = languageEntries((app as { languages?: unknown } | undefined)?.languages);
  return entries.length ? languageList(entries) : SHIPPED;
}

/** SPEC section 1: the device locale set when a language is chosen. */
export function deviceLocale(lang: Language): 'zh-Hans' | 'zh-Hant' | 'fr' | 'es' | 'en' {
  switch (lang) {
    case 'zh': return 'zh-Hans';
    case 'hk': return 'zh-Hant';
    case 'fra': return 'fr';
    case 'spa': return 'es';
    default: return 'en';
  }
}
