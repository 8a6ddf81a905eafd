/**
 * Launch tasks (SPEC 4 "At launch", SPEC 3 client state):
 * storage version migration, site configuration, socket, fiat rates (24 h cache), user info.
 */
import type { ResponseOf } from '../../shared/contract';
import { FIAT_CURRENCIES } from '../../shared/domain/currencies';
import { request } from '../api/request';
import {
  appState, setFiats, setSiteConfig, setUser, type Fiat, type SiteConfig, type User,
} from '../state/store';
import { ensureFullMessages } from '../i18n/I18nProvider';
import { afterFirstScreen } from '../platform/firstScreen';
import { STORAGE_KEYS, clearAll, readString, writeString } from '../state/storage';
import { onRevalidate } from '../state/revalidate';
import { refreshOnNewConfiguration } from '../runtime/configRefresh';

export const H5_VERSION = 1;
export const FIAT_CACHE_MS = 864e5;
/** SPEC 7: only these rates are kept (the list the contract declares). */
export const FIAT_CODES = FIAT_CURRENCIES;

/** h5Version below 1: clear all local storage, then store the version. Returns true when it cleared. */
export function migrateStorage(): boolean {
  const version = Number(readString(STORAGE_KEYS.h5Version) ?? 0);
  if (Number.isFinite(version) && version >= H5_VERSION) return false;
  clearAll();
  writeString(STORAGE_KEYS.h5Version, String(H5_VERSION));
  appState.reset();
  return true;
}


function splitPipes(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || v === '') return [];
  return v.split('|').map((s) => s.trim());
}

export function normaliseSiteConfig(raw: ResponseOf<'GET /getSiteConfig'>): SiteConfig {
  return { ...raw, loan_day: splitPipes(raw.loan_day), loan_rate: splitPipes(raw.loan_rate) };
}

export async function loadSiteConfig(): Promise<SiteConfig> {
  const config = normaliseSiteConfig(await request('GET /getSiteConfig', {}, { loading: false, silent: true }));
  setSiteConfig(config);
  return config;
}

function rateString(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && /^\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v.trim())) return v.trim();
  return null;
}

/**
 * Accepts the shapes a rates service returns: `[{currency_code|code, rate}]`, `{ rates: {USD: 1} }` or
 * `{USD: 1}`; keeps only FIAT_CODES, in that order, each with currency_code and a decimal-string rate.
 */
export function normaliseRates(raw: unknown): Fiat[] {
  const byCode = new Map<string, string>();
  if (Array.isArray(raw)) {
    for (const row of raw as Array<Record<string, unknown>>) {
      const code = String(row?.currency_code ?? row?.code ?? '').toUpperCase();
      const rate = rateString(row?.rate);
      if (code && rate) byCode.set(code, rate);
    }
  } else if (raw && typeof raw === 'object') {
    const obj = raw as Record<string, unknown>;
    const table = obj.rates && typeof obj.rates === 'object' ? (obj.rates as Record<string, unknown>) : obj;
    for (const [code, v] of Object.entries(table)) {
      const rate = rateString(v);
      if (rate) byCode.set(code.toUpperCase(), rate);
    }
  }
  return FIAT_CODES.filter((c) => byCode.has(c)).map((c) => ({ currency_code: c, rate: byCode.get(c) as string }));
}

/** Refetches fiat rates when the saved time is missing or older than 24 h. Returns true when it fetched. */
export async function refreshFiatsIfStale(now = Date.now()): Promise<boolean> {
  const saved = Number(readString(STORAGE_KEYS.saveFiatsTime) ?? 0);
  if (saved && now - saved < FIAT_CACHE_MS && appState.get().fiats.length) return false;
  const raw: unknown = await request('GET /currency/rates', {}, { loading: false, silent: true });
  const fiats = normaliseRates(raw);
  if (fiats.length) setFiats(fiats, now);
  return true;
}

export async function loadUser(): Promise<User | null> {
  if (!appState.get().token) return null;
  const user = await request('GET /user/info', {}, { loading: false, silent: true });
  setUser(user);
  return user;
}

/** Runs every launch task; one failing task does not stop the others. */
export async function runLaunchTasks(opts: { socketUrl?: string } = {}): Promise<void> {
  migrateStorage();
  // Calls that change the account (phone bound, identity, payment password) refresh GET /user/info.
  onRevalidate('GET /user/info', async () => { await loadUser().catch(() => undefined); });
  // A newly published configuration may change the site settings (runtime/configRefresh.ts).
  onRevalidate('GET /getSiteConfig', async () => { await loadSiteConfig().catch(() => undefined); });
  refreshOnNewConfiguration();
  // socket.io-client is its own chunk, fetched once the first screen is on the page (nothing on it waits
  // for live updates: its data comes over HTTP first).
  // The rest of the messages (the home screen needed only the core part) load while the user looks at it.
  afterFirstScreen(() => { ensureFullMessages(appState.get().lang).catch((err: unknown) => console.error(err)); });
  afterFirstScreen(() => {
    import(/* webpackChunkName: "socket" */ '../state/socket').then((m) => { m.connectSocket(opts.socketUrl); }, (err) => console.error(err));
  });
  const results = await Promise.allSettled([loadSiteConfig(), refreshFiatsIfStale(), loadUser()]);
  for (const r of results) {
    if (r.status === 'rejected' && !(r.reason instanceof Error && r.reason.name === 'ApiError')) console.error(r.reason);
  }
}
