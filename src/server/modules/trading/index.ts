/** What the trading areas (spot, contract, seconds) share: the pairs a request names, the trigger window, their first-start settings. */
export { pairBySymbol, pairOf, type Pair } from './pairs';
export { after, secondsSincePreviousRun, type SecondsWindow } from './window';
export { seedTrading } from './seed';
