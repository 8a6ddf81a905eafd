/**
 * The route table, built from the files in `screens/` by webpack (jest cannot run require.context, so
 * tests mock this one module). Each screen file becomes its own lazy chunk; only the list of route paths
 * is in the main bundle. The screen runtime is one shared lazy chunk too.
 *
 *   screens/fund/assets.json             -> /pages/fund/assets
 *   screens/nft/components/artist.json   -> /pages/nft/components/artist
 * `screens/app.json` (the shell's config) and `*.schema.json` files are not routes.
 */
import type { ComponentType } from 'react';
import { migrateScreen } from '../runtime/migrate';
import type { ScreenDefinition } from '../runtime/types';
import { keyToRoute } from './routes';

interface WebpackContext {
  keys(): string[];
  (id: string): Promise<unknown>;
}

declare const require: { context(dir: string, deep: boolean, filter: RegExp, mode: 'lazy'): WebpackContext };

const context = require.context('../../../screens', true, /^\.\/(?!app\.json$)(?!.*\.schema\.json$).*\.json$/, 'lazy');

const keyByRoute = new Map<string, string>(context.keys().map((k) => [keyToRoute(k), k]));

/** Every route that has a screen file, in file order. */
export const screenRoutes: readonly string[] = [...keyByRoute.keys()];

/** Thrown when a route has no screen file (reported as `missing`). */
export class ScreenMissingError extends Error {
  readonly type = 'missing';
  constructor(route: string) {
    super(`no screen file for ${route}`);
    this.name = 'ScreenMissingError';
  }
}

/** Loads (lazily, its own chunk) and migrates a route's screen definition. */
export async function loadScreen(route: string): Promise<ScreenDefinition> {
  const key = keyByRoute.get(route);
  if (!key) throw new ScreenMissingError(route);
  const mod = (await context(key)) as { default?: unknown };
  return migrateScreen(mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod);
}

export type ScreenComponent = ComponentType<{ definition: ScreenDefinition; query: Record<string, string>; onTitle?: (text: string) => void }>;

/** Loads the screen runtime (one shared chunk). */
export async function loadRuntime(): Promise<ScreenComponent> {
  const mod = await import(/* webpackChunkName: "screen-runtime" */ '../runtime/Screen');
  return mod.default as ScreenComponent;
}
