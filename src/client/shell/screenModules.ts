/**
 * The route table and screen definitions, from the served configuration (platform/configuration): a route
 * exists while the manifest names a screen file for it. The screen runtime is one shared lazy chunk.
 *
 *   screens/fund/assets.json             -> /pages/fund/assets
 *   screens/nft/components/artist.json   -> /pages/nft/components/artist
 */
import type { ComponentType } from 'react';
import type { KnownScope } from '../runtime/drawnAtOpen';
import type { ScreenDefinition } from '../runtime/types';
import { ensureFullMessages } from '../i18n/I18nProvider';
import { fetchScreen, getManifest } from '../platform/configuration';
import { HOME_ROUTE } from '../platform/navigation';
import { appState } from '../state/store';

/** Every route that has a screen file. */
export function screenRoutes(): string[] {
  return Object.keys(getManifest().screens);
}

/** Thrown when a route has no screen file (reported as `missing`). */
export class ScreenMissingError extends Error {
  readonly type = 'missing';
  constructor(route: string) {
    super(`no screen file for ${route}`);
    this.name = 'ScreenMissingError';
  }
}

/**
 * What is certain of the scope before a screen's data (runtime/drawnAtOpen.ts): a visitor has no `user`; a
 * logged-in user's record, once loaded. A token whose record is still on its way decides nothing.
 */
export function knownAtOpen(): KnownScope {
  const { token, user } = appState.get();
  if (!token) return { user: null };
  return user ? { user } : {};
}

/**
 * A route's screen definition, as the server checked and migrated it, with the widgets it draws loaded.
 * `withData` (a route being opened, not a definition reloaded under a drawn screen): the data those widgets
 * will ask for first is requested meanwhile, and the screen waits for its scopes' records (prefetchScreen).
 */
export async function loadScreen(route: string, { withData = false } = {}): Promise<ScreenDefinition> {
  const [screen, runtime] = await Promise.all([fetchScreen(route), import(/* webpackChunkName: "screen-runtime" */ '../widgets/Screen')]);
  if (!screen) throw new ScreenMissingError(route);
  const known = knownAtOpen();
  const records = withData ? runtime.prefetchScreen(screen as ScreenDefinition, Boolean(appState.get().token), known) : undefined;
  await Promise.all([runtime.preloadSections(screen, known), records]);
  return screen as ScreenDefinition;
}

export type ScreenComponent = ComponentType<{ definition: ScreenDefinition; query: Record<string, string>; onTitle?: (text: string) => void }>;

/** Loads the screen runtime (one shared chunk). */
export async function loadRuntime(): Promise<ScreenComponent> {
  const mod = await import(/* webpackChunkName: "screen-runtime" */ '../widgets/Screen');
  return mod.default as ScreenComponent;
}

/**
 * All a route's page waits for: its definition with its widgets' code and first data, the screen runtime, and
 * (off the home screen, whose texts are inlined) the whole catalogue of messages. main.tsx starts it for a deep
 * link before React's first render; the page's own call then shares what is on its way.
 */
export function loadScreenPage(route: string): Promise<[ScreenDefinition, ScreenComponent, unknown]> {
  return Promise.all([loadScreen(route, { withData: true }), loadRuntime(), route === HOME_ROUTE ? null : ensureFullMessages(appState.get().lang)]);
}
