/**
 * The coin icons the app ships: the colour SVGs of the npm package `cryptocurrency-icons` (CC0-1.0, see the
 * README's "Coin icons"), only those of the listed coins. The build copies each to `coins/<symbol>.svg` in
 * dist/ (webpack.config.ts), served as a static file and loaded by the row that shows it; a coin or stock
 * without one gets a letter mark drawn by the app (widgets/parts.tsx, CoinIcon).
 */

/** A listed coin's symbol (upper case) -> the package's file name in `svg/color/` (POL is Polygon's MATIC). */
export const COIN_ICON_FILES: Readonly<Record<string, string>> = {
  USDT: 'usdt', BTC: 'btc', ETH: 'eth', BNB: 'bnb', SOL: 'sol', XRP: 'xrp', DOGE: 'doge', ADA: 'ada', TRX: 'trx',
  LTC: 'ltc', DOT: 'dot', LINK: 'link', AVAX: 'avax', POL: 'matic', UNI: 'uni', ATOM: 'atom', ETC: 'etc', XLM: 'xlm',
  FIL: 'fil',
};

/** Where the build puts the icons, under the site's root. */
export const COIN_ICON_DIR = 'coins';

/** The URL of a coin's shipped icon (`/coins/btc.svg`), or undefined when the app draws its letter mark. */
export function coinIconUrl(symbol: string): string | undefined {
  const key = symbol.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(COIN_ICON_FILES, key) ? `/${COIN_ICON_DIR}/${key.toLowerCase()}.svg` : undefined;
}

/** Background colours of the letter marks: each keeps white text above 4.5:1 (WCAG AA). */
export const LETTER_MARK_COLOURS = ['#175cd3', '#0a7f45', '#a3287f', '#8a6100', '#c62828', '#5b4bc4', '#00707a', '#7a4b14'] as const;

/** A coin's letter mark: its first letter or digit and a colour chosen by its symbol (the same on every screen). */
export function letterMark(symbol: string): { letter: string; colour: string } {
  const key = symbol.trim().toUpperCase();
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return { letter: Array.from(key)[0] ?? '?', colour: LETTER_MARK_COLOURS[hash % LETTER_MARK_COLOURS.length] };
}
