/**
 * Provides react-intl for `lang` (shell/AppI18nProvider passes the app state's). Messages are loaded on
 * demand: a language's core part first (enough for the home screen and the shell), its whole catalogue
 * once something asks for it (after the first screen, or a route other than home). While a new language
 * loads, the previous one stays on screen; nothing renders before the first load. Caches are keyed by the
 * parts' content hashes, so a translator's change (a new manifest) loads the new texts and re-renders in
 * place.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { offeredLanguages } from '../platform/appConfig';
import { getManifest, useManifest } from '../platform/configuration';
import { defaultOnError, setActiveMessages, type IntlErrorHandler } from './intl';
import { loadMessages, type Messages } from './loadMessages';

const core = new Map<string, Messages>();
const full = new Map<string, Messages>();
const fullListeners = new Set<(lang: Language) => void>();
/** Set once anything asked for the whole catalogue: later language switches then wait for it too. */
let fullWanted = false;

/** The cache key of a language's parts: their content hashes. */
function versionOf(lang: Language, part: 'core' | 'full'): string {
  const { messages } = getManifest();
  return part === 'core' ? `${lang}:${messages[`${lang}.core`]}` : `${lang}:${messages[`${lang}.core`]}:${messages[`${lang}.rest`]}`;
}

/** Loads (once) and caches a language's core messages (the whole catalogue once it is loaded). */
export async function ensureMessages(lang: Language): Promise<Messages> {
  const hit = full.get(versionOf(lang, 'full')) ?? core.get(versionOf(lang, 'core'));
  if (hit) return hit;
  const version = versionOf(lang, 'core');
  const messages = await loadMessages(lang, 'core');
  core.set(version, messages);
  return messages;
}

/** Loads (once) a language's whole catalogue, core and rest; the provider switches to it when it arrives. */
export async function ensureFullMessages(lang: Language): Promise<Messages> {
  fullWanted = true;
  const version = versionOf(lang, 'full');
  const hit = full.get(version);
  if (hit) return hit;
  const [first, rest] = await Promise.all([ensureMessages(lang), loadMessages(lang, 'rest')]);
  const merged = { ...first, ...rest };
  full.set(version, merged);
  for (const fn of fullListeners) fn(lang);
  return merged;
}

/** Test hook: forget cached messages. */
export function clearMessageCache(): void {
  core.clear();
  full.clear();
  fullWanted = false;
}

interface Props {
  lang: Language;
  children: ReactNode;
  onError?: IntlErrorHandler;
  /** Shown before the first language has loaded. */
  fallback?: ReactNode;
}

export function I18nProvider({ lang, children, onError = defaultOnError, fallback = null }: Props) {
  const manifest = useManifest();
  const texts = `${manifest.messages[`${lang}.core`]}:${manifest.messages[`${lang}.rest`]}`;
  const [active, setActive] = useState<{ lang: Language; messages: Messages } | null>(() => {
    const hit = full.get(versionOf(lang, 'full')) ?? core.get(versionOf(lang, 'core'));
    return hit ? { lang, messages: hit } : null;
  });

  useEffect(() => {
    let cancelled = false;
    const load = (l: Language) => (fullWanted ? ensureFullMessages(l) : ensureMessages(l));
    load(lang)
      .catch(async (err: unknown) => {
        // A language chunk that fails to load must not leave the app blank: fall back to English.
        console.error(err);
        return lang === DEFAULT_LANGUAGE ? {} : load(DEFAULT_LANGUAGE);
      })
      .then((messages) => {
        if (cancelled) return;
        setActiveMessages(lang, messages, onError);
        setActive({ lang, messages });
      })
      .catch((err: unknown) => console.error(err));
    const onFull = (l: Language) => {
      const messages = full.get(versionOf(l, 'full'));
      if (cancelled || l !== lang || !messages) return;
      setActiveMessages(lang, messages, onError);
      setActive({ lang, messages });
    };
    fullListeners.add(onFull);
    return () => { cancelled = true; fullListeners.delete(onFull); };
  }, [lang, texts, onError]);

  if (!active) return <>{fallback}</>;
  return (
    <IntlProvider locale={offeredLanguages().tag(active.lang)} defaultLocale="en" messages={active.messages} onError={onError}>
      {children}
    </IntlProvider>
  );
}
