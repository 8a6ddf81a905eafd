/**
 * The shell's own configuration: screens/app.json (checked against screens/app.schema.json by the server),
 * as served; `appConfig` always holds the current one (it follows configuration reloads).
 */
import type { Language } from '../../shared/i18n/languages';
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
  /** The language picker's list, in order. */
  languages: Language[];
}

export let appConfig = getApp() as AppConfig;
subscribeConfiguration(() => { appConfig = getApp() as AppConfig; });

/** Applies the theme mode (`data-theme`, absent = follow the system) and operator colour overrides. */
export function applyTheme(theme: AppConfig['theme'] = appConfig.theme, root: HTMLElement = document.documentElement): void {
  if (theme.mode === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme.mode);
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
