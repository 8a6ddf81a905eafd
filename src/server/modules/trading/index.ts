/** What the trading areas (spot, contract, seconds) share: pairs, the payment-password gate, the trigger window, the operator's settings. */
export { checkPayPassword, hasPayPassword, requirePayPassword } from './gate';
export { currencyById, decimalInput, isoOrNull, pairBySymbol, pairOf, plain, plainOrNull, type Pair } from './pairs';
export { amountArg, currencyKey, refusal, timeOfDay, settingsCommands, symbolKey, type SettingKind, type SettingsTable } from './settings';
export { after, secondsSincePreviousRun, type SecondsWindow } from './window';
