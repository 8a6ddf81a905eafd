/**
 * localStorage access for the app state. The key names are part of the contract with older builds of the
 * app (SPEC 3): `token`, `h5Version`, `saveFiatsTime`; the others are this app's own.
 * Every access is guarded: private browsing or a full quota must never break the app.
 */
export const STORAGE_KEYS = {
  token: 'token',
  h5Version: 'h5Version',
  saveFiatsTime: 'saveFiatsTime',
  user: 'user',
  lang: 'lang',
  fiat: 'fiat',
  fiats: 'fiats',
  marketSearches: 'marketSearches',
  lastPair: 'lastPair',
  assetPrefs: 'assetPrefs',
  theme: 'theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (raw == null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* quota or privacy mode: state still works in memory */
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function remove(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function clearAll(): void {
  try {
    store()?.clear();
  } catch {
    /* ignore */
  }
}

/** This browser session's flags (sessionStorage): e.g. which home popup was already shown. Guarded the same way. */
export const SESSION_KEYS = { popupShown: 'popupShown' } as const;
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

export function readSession(key: SessionKey): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: SessionKey, value: string): void {
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(key, value);
  } catch {
    /* ignore */
  }
}
