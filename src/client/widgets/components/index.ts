/**
 * Named hand-written components for `{ "type": "component", "name": "…" }` sections. Each loads lazily.
 * Only what a screen file cannot express is hand-written (DESIGN "Screens"): the K-line chart and order book
 * (pair detail), NFT auctions and the live parts of trading tickets. Anything else is a section type or an
 * option of one. Add a component here and its name to src/shared/screens/names.ts (the screen lint reads it).
 */
import type { ComponentType } from 'react';
import type { ComponentName } from '../../../shared/screens/names';
import { preloadable, type Preloadable } from '../../runtime/preloadable';

export { COMPONENT_NAMES } from '../../../shared/screens/names';

/** Fetched with the screen that draws them (the component section's `preload`), so they render at once. */
export const COMPONENTS: Record<ComponentName, Preloadable<Record<string, unknown>>> = {
  // A component's chunk is `component-<name>` (componentChunk): the HTML preloads it when the home screen draws it.
  pairDetail: preloadable(() => import(/* webpackChunkName: "component-pairDetail" */ './PairDetail') as Promise<{ default: ComponentType<Record<string, unknown>> }>),
};

/** The component a section's `name` names, if there is one. */
export const componentNamed = (name: unknown) => (typeof name === 'string' && Object.prototype.hasOwnProperty.call(COMPONENTS, name)
  ? COMPONENTS[name as ComponentName] : undefined);

/** Fetches the component a `component` section names (every component without a section). */
export function preloadComponent(section?: object): Promise<unknown> | undefined {
  if (!section) return Promise.all(Object.values(COMPONENTS).map((c) => c.load()));
  return componentNamed((section as { name?: unknown }).name)?.load();
}
