/** What the trading areas (spot, contract, seconds) share: pairs, the payment-password gate, the trigger window, the operator's settings. */
export { requirePayPassword } from './gate';
export { currencyById, decimalInput, isoOrNull, pairBySymbol, pairOf, plain, plainOrNull, type Pair } from './pairs';
export { refusal, settingsCommands, symbolKey, type SettingKind, type SettingsTable } from './settings';
export { after, secondsSincePreviousRun, type SecondsWindow } from './window';
