/** The app's 11 interface languages, in the order the language picker shows them. */
export const LANGUAGES = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'tr', 'fa', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Real BCP 47 tag for each app language code (used for <html lang>, Intl and accept-language). */
export const BCP47: Record<Language, string> = {
  en: 'en', zh: 'zh-Hans', hk: 'zh-Hant', th: 'th', jp: 'ja', kor: 'ko',
  fra: 'fr', spa: 'es', tr: 'tr', fa: 'fa', ru: 'ru',
};

/** Each language's own name, shown in the picker (not translated on purpose). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English', zh: '简体中文', hk: '繁體中文', th: 'ไทย', jp: '日本語', kor: '한국어',
  fra: 'Français', spa: 'Español', tr: 'Türkçe', fa: 'فارسی', ru: 'Русский',
};

export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['fa']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(lang: Language): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
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

/** Picks the app language for an accept-language header or navigator.language value. */
export function languageFromLocale(locale: string | undefined | null): Language {
  if (!locale) return DEFAULT_LANGUAGE;
  const tag = locale.split(',')[0].trim().toLowerCase();
  if (tag.startsWith('zh')) return /hant|tw|hk|mo/.test(tag) ? 'hk' : 'zh';
  const base = tag.split(/[-_;]/)[0];
  const byBase: Record<string, Language> = {
    en: 'en', th: 'th', ja: 'jp', ko: 'kor', fr: 'fra', es: 'spa', tr: 'tr', fa: 'fa', ru: 'ru',
  };
  return byBase[base] ?? (isLanguage(base) ? base : DEFAULT_LANGUAGE);
}
