/**
 * Provides react-intl for the active language. Messages are loaded on demand (one chunk per language);
 * while a new language loads, the previous one stays on screen; nothing renders before the first load.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { BCP47, DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { applyDocumentLanguage, useAppState } from '../state/store';
import { defaultOnError, setActiveMessages, type IntlErrorHandler } from './intl';
import { loadMessages, type Messages } from './loadMessages';

const loaded = new Map<Language, Messages>();

/** Loads (once) and caches a language's messages. */
export async function ensureMessages(lang: Language): Promise<Messages> {
  const hit = loaded.get(lang);
  if (hit) return hit;
  const messages = await loadMessages(lang);
  loaded.set(lang, messages);
  return messages;
}

/** Test hook: forget cached messages. */
export function clearMessageCache(): void {
  loaded.clear();
}

interface Props {
  children: ReactNode;
  onError?: IntlErrorHandler;
  /** Shown before the first language has loaded. */
  fallback?: ReactNode;
}

export function I18nProvider({ children, onError = defaultOnError, fallback = null }: Props) {
  const lang = useAppState((s) => s.lang);
  const [active, setActive] = useState<{ lang: Language; messages: Messages } | null>(() => {
    const hit = loaded.get(lang);
    return hit ? { lang, messages: hit } : null;
  });

  useEffect(() => {
    let cancelled = false;
    applyDocumentLanguage(lang);
    ensureMessages(lang)
      .catch(async (err: unknown) => {
        // A language chunk that fails to load must not leave the app blank: fall back to English.
        console.error(err);
        return lang === DEFAULT_LANGUAGE ? {} : ensureMessages(DEFAULT_LANGUAGE);
      })
      .then((messages) => {
        if (cancelled) return;
        setActiveMessages(lang, messages, onError);
        setActive({ lang, messages });
      })
      .catch((err: unknown) => console.error(err));
    return () => { cancelled = true; };
  }, [lang, onError]);

  if (!active) return <>{fallback}</>;
  return (
    <IntlProvider locale={BCP47[active.lang]} defaultLocale="en" messages={active.messages} onError={onError}>
      {children}
    </IntlProvider>
  );
}
