/** The user's theme (Settings, Theme), kept on the device over the operator's `theme.mode` (screens/app.json). */
import { setUserTheme, THEME_MODES, type ThemeMode } from '../platform/appConfig';
import { STORAGE_KEYS, readString, writeString } from './storage';

/** The theme chosen on this device, if one was. */
export function storedTheme(): ThemeMode | undefined {
  const stored = readString(STORAGE_KEYS.theme);
  return THEME_MODES.find((mode) => mode === stored);
}

/** Keeps the choice and shows it at once. */
export function chooseThemeMode(mode: ThemeMode): void {
  writeString(STORAGE_KEYS.theme, mode);
  setUserTheme(mode);
}

/** At launch: the stored choice, before the first paint. */
export function restoreTheme(): void {
  setUserTheme(storedTheme());
}
