/**
 * The app state (SPEC 3 "Client state"): one external store read with useSyncExternalStore.
 * Selectors passed to useAppState must return values already in the state (or primitives), never a new
 * object per call, or React re-renders forever.
 */
import type { ResponseOf } from '../../shared/contract';
import type { SiteConfigKey } from '../../shared/contract/system';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, deviceLocale, type Language } from '../../shared/i18n/languages';
import { offeredLanguages } from '../platform/appConfig';
import { STORAGE_KEYS, readJson, readString, remove, writeJson, writeString } from './storage';

/** The logged-in user, as `GET /user/info` answers. */
export type User = ResponseOf<'GET /user/info'>;

/** `GET /getSiteConfig` with loan_day / loan_rate split into arrays. */
export type SiteConfig = { [K in Exclude<SiteConfigKey, 'loan_day' | 'loan_rate'>]: string } & { loan_day: string[]; loan_rate: string[] };

export interface Coin {
  id: number | string;
  name: string;
  subName?: string;
  type?: string;
  status?: number | string;
  address?: string;
  image?: string;
}

/** A fiat currency and its rate against USD, as a decimal string. */
export type Fiat = Pick<ResponseOf<'GET /currency/rates'>[number], 'currency_code' | 'rate'> & { saveTime?: number };

export type TransactionTab = 'options' | 'futures' | 'spot';

export interface AppState {
  siteName: string;
  coins: Coin[];
  transactionTabs: TransactionTab[];
  logos: { site_logo: string; down_logo: string };
  lang: Language;
  /** SPEC 1 device locale: zh-Hans, zh-Hant, fr, es or en. */
  locale: ReturnType<typeof deviceLocale>;
  token: string;
  user: User | null;
  fiat: Fiat;
  fiats: Fiat[];
  siteConfig: SiteConfig | null;
}

export const DEFAULT_FIAT: Fiat = { currency_code: 'USD', rate: '1' };

/** The language picked before (if still offered), else the browser's best offered match, else en. */
function initialLanguage(): Language {
  const languages = offeredLanguages();
  const stored = readString(STORAGE_KEYS.lang);
  if (languages.has(stored)) return stored;
  const nav = typeof navigator === 'undefined' ? undefined : [navigator.language, ...(navigator.languages ?? [])].filter(Boolean).join(',');
  return nav ? languages.fromLocale(nav) : DEFAULT_LANGUAGE;
}

/** Builds the state from storage (also used after the launch migration cleared storage). */
export function stateFromStorage(): AppState {
  const lang = initialLanguage();
  const fiat = readJson<Fiat>(STORAGE_KEYS.fiat);
  const fiats = readJson<Fiat[]>(STORAGE_KEYS.fiats);
  return {
    siteName: '',
    coins: [],
    transactionTabs: ['options', 'futures', 'spot'],
    logos: { site_logo: '', down_logo: '' },
    lang,
    locale: deviceLocale(lang),
    token: readString(STORAGE_KEYS.token) ?? '',
    user: readJson<User>(STORAGE_KEYS.user),
    fiat: fiat && typeof fiat.currency_code === 'string' ? fiat : { ...DEFAULT_FIAT },
    fiats: Array.isArray(fiats) ? fiats : [],
    siteConfig: null,
  };
}

type Listener = () => void;

function createStore() {
  let state: AppState = stateFromStorage();
  const listeners = new Set<Listener>();
  return {
    get: (): AppState => state,
    subscribe(fn: Listener): () => void {
      listeners.add(fn);
      return () => { listeners.delete(fn); };
    },
    /** Shallow-merges a patch and notifies subscribers (no storage side effects). */
    set(patch: Partial<AppState>): void {
      state = { ...state, ...patch };
      for (const fn of [...listeners]) fn();
    },
    /** Re-reads everything from storage. */
    reset(): void {
      state = stateFromStorage();
      for (const fn of [...listeners]) fn();
    },
  };
}

export const appState = createStore();

export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(appState.subscribe, () => selector(appState.get()), () => selector(appState.get()));
}

/** Stores the login token (SPEC 4: login stores the token from the response's message). */
export function setToken(token: string): void {
  if (token) writeString(STORAGE_KEYS.token, token);
  else remove(STORAGE_KEYS.token);
  appState.set({ token });
}

export function setUser(user: User | null): void {
  if (user) writeJson(STORAGE_KEYS.user, user);
  else remove(STORAGE_KEYS.user);
  appState.set({ user });
}

/** Logout or session end: token and user leave state and storage. */
export function clearUser(): void {
  remove(STORAGE_KEYS.token);
  remove(STORAGE_KEYS.user);
  appState.set({ token: '', user: null });
}

/** Sets <html lang dir> from the language's BCP 47 tag and direction in app.json (fa is right-to-left). */
export function applyDocumentLanguage(lang: Language): void {
  if (typeof document === 'undefined') return;
  const languages = offeredLanguages();
  document.documentElement.lang = languages.tag(lang);
  document.documentElement.dir = languages.dir(lang);
}

/**
 * Once the served configuration is known (and after each change of it): the language the state started
 * with was chosen from the shipped list, so a stored or browser language offered only by the configuration
 * (or one no longer offered) is settled now; `<html lang dir>` follows.
 */
export function settleLanguage(): void {
  const lang = initialLanguage();
  if (lang !== appState.get().lang) appState.set({ lang, locale: deviceLocale(lang) });
  applyDocumentLanguage(lang);
}

/** Switches the interface language; the I18nProvider loads that language's messages. */
export function setLanguage(lang: Language): void {
  if (!offeredLanguages().has(lang)) throw new Error(`unknown language ${String(lang)}`);
  writeString(STORAGE_KEYS.lang, lang);
  applyDocumentLanguage(lang);
  appState.set({ lang, locale: deviceLocale(lang) });
}

/** Picks the display fiat from the loaded list (falls back to USD at rate 1). */
export function setFiat(code: string): void {
  const found = appState.get().fiats.find((f) => f.currency_code === code);
  const fiat: Fiat = found ? { ...found } : code === DEFAULT_FIAT.currency_code ? { ...DEFAULT_FIAT } : appState.get().fiat;
  writeJson(STORAGE_KEYS.fiat, fiat);
  appState.set({ fiat });
}

/** Stores a fresh fiat list and refreshes the selected fiat's rate from it. */
export function setFiats(fiats: Fiat[], saveTime: number): void {
  writeJson(STORAGE_KEYS.fiats, fiats);
  writeString(STORAGE_KEYS.saveFiatsTime, String(saveTime));
  const current = appState.get().fiat;
  const match = fiats.find((f) => f.currency_code === current.currency_code);
  const fiat: Fiat = match ? { ...match, saveTime } : current;
  if (match) writeJson(STORAGE_KEYS.fiat, fiat);
  appState.set({ fiats, fiat });
}

export function setSiteConfig(siteConfig: SiteConfig): void {
  appState.set({
    siteConfig,
    siteName: siteConfig.site_name ?? '',
    logos: { site_logo: siteConfig.site_logo ?? '', down_logo: siteConfig.down_logo ?? '' },
  });
}

export function setCoins(coins: Coin[]): void {
  appState.set({ coins });
}
