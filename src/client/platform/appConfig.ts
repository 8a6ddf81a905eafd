/**
 * The shell's own configuration: screens/app.json (checked against screens/app.schema.json by the server),
 * as served; `appConfig` always holds the current one (it follows configuration reloads).
 */
import { appLanguages, type LanguageEntry, type LanguageList } from '../../shared/i18n/languages';
import { getApp, subscribeConfiguration } from './configuration';

export type TabKey = 'home' | 'market' | 'trade' | 'assets' | 'mine';
export interface TabConfig { key: TabKey; route: string; label: string; icon: TabKey }
export type ThemeMode = 'system' | 'light' | 'dark';
export interface AppConfig {
  schemaVersion: 1;
  home: string;
  tabBar: { tabs: TabConfig[] };
  theme: { mode: ThemeMode; overrides?: { light?: Record<string, string>; dark?: Record<string, string> } };
  serviceButton: { enabled: boolean; configKey: string; label: string; hideOn?: string[] };
  /** The language picker's list, in order: entries, or bare codes of shipped languages. */
  languages: Array<LanguageEntry | string>;
}

export let appConfig = getApp() as AppConfig;
subscribeConfiguration(() => { appConfig = getApp() as AppConfig; });

let offered: { from: unknown; list: LanguageList } | undefined;

/** The languages the served app.json offers (the shipped ones until a configuration is loaded). */
export function offeredLanguages(): LanguageList {
  const from = appConfig?.languages;
  if (!offered || offered.from !== from) offered = { from, list: appLanguages(appConfig) };
  return offered.list;
}

/** Screens shown dark whatever the app's theme (a screen's `dark`); while any is, the page is dark. */
let darkScreens = 0;

/** Shows the page dark until the returned release is called (a screen's dark variant). */
export function holdDark(root: HTMLElement = document.documentElement): () => void {
  darkScreens++;
  applyMode(appConfig.theme, root);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    darkScreens--;
    applyMode(appConfig.theme, root);
  };
}

export const THEME_MODES: readonly ThemeMode[] = ['system', 'light', 'dark'];

/** The user's own theme (Settings, Theme: state/theme.ts keeps it on the device); undefined: the operator's `theme.mode`. */
let userMode: ThemeMode | undefined;

/** The theme the app shows: the user's choice, else the operator's. */
export function themeMode(): ThemeMode {
  return userMode ?? appConfig.theme.mode;
}

export function setUserTheme(mode: ThemeMode | undefined, root: HTMLElement = document.documentElement): void {
  userMode = mode;
  applyMode(appConfig.theme, root);
}

function applyMode(theme: AppConfig['theme'], root: HTMLElement): void {
  const mode = darkScreens > 0 ? 'dark' : userMode ?? theme.mode;
  if (mode === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', mode);
}

/** Applies the theme mode (`data-theme`, absent = follow the system) and operator colour overrides. */
export function applyTheme(theme: AppConfig['theme'] = appConfig.theme, root: HTMLElement = document.documentElement): void {
  applyMode(theme, root);
  const overrides = theme.overrides ?? {};
  const css: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const entries = Object.entries(overrides[scheme] ?? {}).filter(([k, v]) => /^[a-z0-9-]+$/.test(k) && /^#[0-9a-fA-F]{3,8}$/.test(v));
    if (!entries.length) continue;
    const decls = entries.map(([k, v]) => `--color-${k}:${v};`).join('');
    const sel = scheme === 'light'
      ? `:root[data-theme="light"],:root:not([data-theme]){${decls}}`
      : `:root[data-theme="dark"]{${decls}}@media (prefers-color-scheme: dark){:root:not([data-theme]){${decls}}}`;
    css.push(sel);
  }
  if (!css.length) return;
  let style = document.getElementById('theme-overrides');
  if (!style) {
    style = document.createElement('style');
    style.id = 'theme-overrides';
    document.head.appendChild(style);
  }
  style.textContent = css.join('');
}
