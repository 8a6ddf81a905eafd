/**
 * Picking the interface language, the default fiat and the theme from an action sheet: used by the mine and
 * settings screens' rows and by the `setLanguage` / `setFiat` screen actions, so both behave the same.
 */
import { offeredLanguages, THEME_MODES, themeMode } from '../platform/appConfig';
import { actionSheet } from '../platform/feedback';
import { appState, setFiat, setLanguage } from './store';
import { chooseThemeMode } from './theme';

type Translate = (key: string) => string;

/** The currency's name in the given locale (the browser's own data), or undefined when unknown. */
export function currencyName(locale: string, code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The fiat codes offered: those with a rate in app state, or USD before the rates have loaded. */
export function fiatCodes(): string[] {
  const codes = (appState.get().fiats ?? []).map((f) => f.currency_code).filter(Boolean);
  return codes.length ? codes : ['USD'];
}

/** Offers the languages of screens/app.json, each in its own name; sets the one picked. */
export async function chooseLanguage(t: Translate): Promise<void> {
  const { entries } = offeredLanguages();
  const current = appState.get().lang;
  const picked = await actionSheet({
    title: t('widget.language'),
    items: entries.map(({ code, tag, name }) => ({ label: name, lang: tag, selected: code === current })),
  });
  if (picked !== null) setLanguage(entries[picked].code);
}

/** Offers the fiats with their names in the interface language; sets the one picked as default. */
export async function chooseFiat(t: Translate, locale: string): Promise<void> {
  const codes = fiatCodes();
  const current = appState.get().fiat?.currency_code;
  const picked = await actionSheet({
    title: t('widget.fiat'),
    items: codes.map((code) => {
      const name = currencyName(locale, code);
      return { label: name ? `${code} · ${name}` : code, selected: code === current };
    }),
  });
  if (picked !== null) setFiat(codes[picked]);
}

/** Offers light, dark and following the system; the choice is kept on the device. Resolves true when one was picked. */
export async function chooseTheme(t: Translate): Promise<boolean> {
  const current = themeMode();
  const picked = await actionSheet({
    title: t('theme.title'),
    items: THEME_MODES.map((mode) => ({ label: t(`theme.${mode}`), selected: mode === current })),
  });
  if (picked === null) return false;
  chooseThemeMode(THEME_MODES[picked]);
  return true;
}
