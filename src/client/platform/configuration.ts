/**
 * The configuration the server serves (screens, forms, messages, the shell's app.json), by the names of
 * its manifest (shared/config/manifest). The HTML brings the boot data inline (manifest, app, home screen,
 * core messages); everything else is fetched by content-hashed URL when first needed. When the operator
 * changes a file the server sends a new manifest (socket event `config`): subscribers re-render and fetch
 * only what changed. After a reconnect the manifest is fetched again, in case a change was missed. A preview
 * session (the operator's unpublished draft: docs/operators.md) gets the draft's manifest, marked `preview`.
 */
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { BOOT_ELEMENT_ID, CONFIG_EVENT, configUrl, type BootData, type ConfigManifest } from '../../shared/config/manifest';

const fetched = new Map<string, Promise<unknown>>();
/** The form modules that have arrived, by URL: what a form drawn now can use at once. */
const arrivedForms = new Map<string, unknown>();
let manifest: ConfigManifest = { version: '', app: '', screens: {}, forms: {}, messages: {} };
let app: unknown;
const listeners = new Set<() => void>();

function emit(): void { for (const fn of listeners) fn(); }

/** The boot data the server put into the HTML, if any. */
export function readBoot(doc: Document = document): BootData | undefined {
  const el = doc.getElementById(BOOT_ELEMENT_ID);
  if (!el?.textContent) return undefined;
  return JSON.parse(el.textContent) as BootData;
}

/** Without inline boot data (the development server's HTML): the manifest and app.json by request. */
export async function fetchBoot(): Promise<BootData> {
  const m = await fetchJson<ConfigManifest>('/config/manifest.json', false);
  return { manifest: m, app: await fetchJson(configUrl.app(m.app)) };
}

/** Seeds the manifest and the inlined files, so they are never fetched. */
export function initConfiguration(boot: BootData): void {
  manifest = boot.manifest;
  app = boot.app;
  fetched.set(configUrl.app(manifest.app), Promise.resolve(boot.app));
  const { home, messages } = boot;
  if (home && manifest.screens[home.route]) fetched.set(configUrl.screen(home.route, manifest.screens[home.route]), Promise.resolve(home.screen));
  const key = messages && `${messages.lang}.${messages.part}`;
  if (messages && key && manifest.messages[key]) fetched.set(configUrl.messages(key, manifest.messages[key]), Promise.resolve(messages.data));
  emit();
}

export function getManifest(): ConfigManifest { return manifest; }
export function getApp(): unknown { return app; }

export function subscribeConfiguration(fn: () => void): () => void {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

let whole: Promise<void> | undefined;

/** The HTML names only what a first screen needs (`partial`): the whole manifest, fetched once when wanted. */
export function completeManifest(): Promise<void> {
  if (!manifest.partial) return Promise.resolve();
  whole ??= fetchJson<ConfigManifest>('/config/manifest.json', false).then(applyManifest).finally(() => { whole = undefined; });
  return whole;
}

/** Applies a new manifest (from the server); app.json is fetched before subscribers hear of it. */
export async function applyManifest(next: ConfigManifest): Promise<void> {
  // The same version may come unmarked: a previewed draft was published, so the preview marker goes.
  if (!next || (next.version === manifest.version && !manifest.partial && Boolean(next.preview) === Boolean(manifest.preview))) return;
  const nextApp = next.app === manifest.app ? app : await fetchJson(configUrl.app(next.app));
  manifest = next;
  app = nextApp;
  emit();
}

/** The current manifest; re-renders when a new one arrives. */
export function useManifest(): ConfigManifest {
  return useSyncExternalStore(subscribeConfiguration, getManifest, getManifest);
}

export class ConfigFetchError extends Error {
  readonly type = 'error';
}

async function fetchJson<T = unknown>(url: string, cache = true): Promise<T> {
  const hit = cache ? fetched.get(url) : undefined;
  if (hit) return hit as Promise<T>;
  const p = fetch(url, { credentials: 'same-origin' }).then(async (res) => {
    if (!res.ok) throw new ConfigFetchError(`${url}: HTTP ${res.status}`);
    return res.json() as Promise<T>;
  });
  if (cache) {
    fetched.set(url, p);
    p.catch(() => fetched.delete(url));
  }
  return p;
}

/** A route's screen (migrated and checked by the server), or undefined when it has no screen file. */
export async function fetchScreen(route: string): Promise<unknown> {
  const h = manifest.screens[route];
  return h ? fetchJson(configUrl.screen(route, h)) : undefined;
}

export async function fetchMessages(langPart: string): Promise<unknown> {
  if (!manifest.messages[langPart]) await completeManifest();
  const h = manifest.messages[langPart];
  if (!h) throw new ConfigFetchError(`no messages ${langPart}`);
  return fetchJson(configUrl.messages(langPart, h));
}

/** How a form module is imported: the browser's own `import()`; tests replace it. */
type ModuleImporter = (url: string) => Promise<unknown>;
let importModule: ModuleImporter = (url) => import(/* webpackIgnore: true */ url);

export function setModuleImporter(fn: ModuleImporter): void { importModule = fn; }

/** A form's served ES module (form file + validator code), or undefined when there is no such form. */
export async function importForm(name: string): Promise<unknown> {
  if (!manifest.forms[name]) await completeManifest();
  const h = manifest.forms[name];
  if (!h) return undefined;
  const url = configUrl.form(name, h);
  let hit = fetched.get(url);
  if (!hit) {
    hit = importModule(url);
    fetched.set(url, hit);
    hit.then((m) => { arrivedForms.set(url, m); }, () => fetched.delete(url));
  }
  return hit;
}

/** The module of the form's current version if it has already arrived (importForm), else undefined. */
export function arrivedForm(name: string): unknown {
  const h = manifest.forms[name];
  return h ? arrivedForms.get(configUrl.form(name, h)) : undefined;
}

/** Listens for new configurations on the socket, and catches up after a reconnect. */
export function attachConfigEvents(socket: Pick<Socket, 'on'>): void {
  socket.on(CONFIG_EVENT, (next: ConfigManifest) => { void applyManifest(next).catch((err: unknown) => console.error(err)); });
  let connectedBefore = false;
  socket.on('connect', () => {
    // The first connection comes after the first screen: the time to complete the HTML's partial manifest.
    if (!connectedBefore) { connectedBefore = true; void completeManifest().catch(() => undefined); return; }
    void fetchJson<ConfigManifest>('/config/manifest.json', false).then(applyManifest).catch(() => undefined);
  });
}

/** Test hook. */
export function resetConfiguration(boot?: BootData): void {
  fetched.clear();
  arrivedForms.clear();
  manifest = { version: '', app: '', screens: {}, forms: {}, messages: {} };
  app = undefined;
  if (boot) initConfiguration(boot); else emit();
}
