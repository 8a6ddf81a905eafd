/**
 * Named hand-written components for `{ "type": "component", "name": "…" }` sections. Each loads lazily.
 * Add one here and its name to src/shared/screens/names.ts (the screen lint reads that list).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ComponentName } from '../../../shared/screens/names';

export { COMPONENT_NAMES } from '../../../shared/screens/names';

export const COMPONENTS: Record<ComponentName, LazyExoticComponent<ComponentType<Record<string, unknown>>>> = {
  languagePicker: lazy(() => import('./LanguagePicker')),
  fiatPicker: lazy(() => import('./FiatPicker')),
  webView: lazy(() => import('./WebView')),
  marketList: lazy(() => import('./MarketList')),
  marketBoard: lazy(() => import('./MarketBoard')),
  marketSearch: lazy(() => import('./MarketSearch')),
  pairDetail: lazy(() => import('./PairDetail')),
  newsPopup: lazy(() => import('./NewsPopup')),
  assetsOverview: lazy(() => import('./AssetsOverview')),
  exchangeTicket: lazy(() => import('./ExchangeTicket')),
  withdrawTicket: lazy(() => import('./WithdrawTicket')),
};
