/** The I18nProvider in the language of the app state: a language switch (setLanguage) re-renders the app in it. */
import type { ComponentProps } from 'react';
import { I18nProvider } from '../i18n/I18nProvider';
import { useAppState } from '../state/store';

export function AppI18nProvider(props: Omit<ComponentProps<typeof I18nProvider>, 'lang'>) {
  const lang = useAppState((s) => s.lang);
  return <I18nProvider lang={lang} {...props} />;
}
