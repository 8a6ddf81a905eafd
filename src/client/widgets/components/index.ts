/**
 * Named hand-written components for `{ "type": "component", "name": "…" }` sections. Each loads lazily.
 * Only what a screen file cannot express is hand-written (DESIGN "Screens"): the K-line chart and order book
 * (pair detail), NFT auctions and the live parts of trading tickets. Anything else is a section type or an
 * option of one. Add a component here and its name to src/shared/screens/names.ts (the screen lint reads it).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ComponentName } from '../../../shared/screens/names';

export { COMPONENT_NAMES } from '../../../shared/screens/names';

export const COMPONENTS: Record<ComponentName, LazyExoticComponent<ComponentType<Record<string, unknown>>>> = {
  pairDetail: lazy(() => import('./PairDetail')),
};
