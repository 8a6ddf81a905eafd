/**
 * The checks of `screens/app.json` `languages` beyond its format (app.schema.json): what a wrong entry would
 * otherwise do silently (a tag no browser matches, Persian laid out left to right, two entries for one file).
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODE, SHIPPED_LANGUAGES, type LanguageEntry } from './languages';

export interface LanguageProblem { at: (string | number)[]; reason: string }

/** What Intl knows of a tag: its canonical form, and its direction when it knows the language's script. */
export function describeTag(tag: string): { canonical?: string; dir?: 'ltr' | 'rtl'; ownName?: string } {
  let canonical: string;
  try { canonical = Intl.getCanonicalLocales(tag)[0]; } catch { return {}; }
  const locale = new Intl.Locale(canonical) as Intl.Locale & { textInfo?: { direction?: string }; getTextInfo?: () => { direction?: string } };
  const known = locale.maximize().script !== undefined;
  const direction = known ? (locale.getTextInfo?.() ?? locale.textInfo)?.direction : undefined;
  let ownName: string | undefined;
  try {
    const own = new Intl.DisplayNames([canonical], { type: 'language', fallback: 'none' }).of(canonical);
    if (own && own.toLowerCase() !== canonical.toLowerCase()) ownName = own.charAt(0).toLocaleUpperCase(canonical) + own.slice(1);
  } catch { /* no display names for it */ }
  return { canonical, ...(direction === 'rtl' || direction === 'ltr' ? { dir: direction } : {}), ...(ownName ? { ownName } : {}) };
}

/** An entry for `code` as Intl would guess it (what `npm run i18n -- add` proposes). */
export function proposedEntry(code: string): LanguageEntry {
  const shipped = SHIPPED_LANGUAGES.find((l) => l.code === code);
  if (shipped) return { ...shipped };
  const known = describeTag(code);
  return { code, tag: known.canonical ?? code, name: known.ownName ?? code, dir: known.dir ?? 'ltr' };
}

/** Problems of app.json's `languages` (already of the format app.schema.json describes), by JSON path. */
export function languageListProblems(configured: readonly unknown[]): LanguageProblem[] {
  const problems: LanguageProblem[] = [];
  const codes = new Map<string, number>();
  const tags = new Map<string, number>();
  configured.forEach((item, i) => {
    if (typeof item === 'string') {
      if (!SHIPPED_LANGUAGES.some((l) => l.code === item)) {
        const entry = proposedEntry(LANGUAGE_CODE.test(item) ? item : 'xx');
        problems.push({ at: ['languages', i], reason: `a bare code names a language the code ships (${SHIPPED_LANGUAGES.map((l) => l.code).join(', ')}); write "${item}" as an entry: ${JSON.stringify({ ...entry, code: item })}` });
        return;
      }
      item = { ...SHIPPED_LANGUAGES.find((l) => l.code === item) };
    }
    const entry = item as LanguageEntry;
    const seenCode = codes.get(entry.code);
    if (seenCode !== undefined) problems.push({ at: ['languages', i, 'code'], reason: `"${entry.code}" is already languages[${seenCode}]: each language once` });
    else codes.set(entry.code, i);
    const known = describeTag(entry.tag);
    if (!known.canonical) {
      problems.push({ at: ['languages', i, 'tag'], reason: `"${entry.tag}" is not a BCP 47 tag (a language subtag, then optional script and region: de, pt-BR, zh-Hant)` });
      return;
    }
    if (known.canonical !== entry.tag) problems.push({ at: ['languages', i, 'tag'], reason: `write it "${known.canonical}" (the canonical form browsers send and match)` });
    const seenTag = tags.get(known.canonical.toLowerCase());
    if (seenTag !== undefined) problems.push({ at: ['languages', i, 'tag'], reason: `"${entry.tag}" is already the tag of languages[${seenTag}]: a browser asking for it could get only one of them` });
    else tags.set(known.canonical.toLowerCase(), i);
    if (known.dir && known.dir !== entry.dir) {
      problems.push({ at: ['languages', i, 'dir'], reason: `"${entry.tag}" is written ${known.dir === 'rtl' ? 'right to left' : 'left to right'}: "dir": "${known.dir}"` });
    }
  });
  if (!codes.has(DEFAULT_LANGUAGE)) {
    problems.push({ at: ['languages'], reason: `"${DEFAULT_LANGUAGE}" must be offered: it is the base of every translation and what a text missing in a language shows` });
  }
  return problems;
}
