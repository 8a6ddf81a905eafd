/** Names of the hand-written components a `component` section may use (checked by the config lint). */
export const COMPONENT_NAMES = ['languagePicker', 'fiatPicker', 'webView', 'marketList', 'marketBoard', 'marketSearch', 'pairDetail', 'newsPopup', 'assetsOverview', 'exchangeTicket', 'withdrawTicket'] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];
