/**
 * The listed instruments: crypto pairs and stocks, all quoted in USDT. Prices are kept as whole numbers of
 * the instrument's tick (`10^-priceDecimals`), so every price is exact and turns into a decimal string
 * without float rounding.
 */
export type Category = 'crypto' | 'stock';

export interface Instrument {
  /**
   * Its base currency's id, stable: the `currency_id` of the quotes and socket events, and the pair's id
   * (`match_id`). The platform's ids: BTC 1, ETH 2 (3 is USDT, the quote currency), then the rest.
   */
  id: number;
  symbol: string;
  base: string;
  quote: 'USDT';
  category: Category;
  /** Price on the first start, a decimal string with `priceDecimals` decimals. */
  startPrice: string;
  priceDecimals: number;
  /** Quantity precision (lot = 10^-qtyDecimals of the base). */
  qtyDecimals: number;
  /** Standard deviation of the daily log return. */
  dailyVolatility: number;
  /** Typical traded quantity per day on this platform, in whole base units (stocks: shares). */
  dailyVolume: number;
}

type Row = [id: number, base: string, category: Category, startPrice: string, qtyDecimals: number, dailyVolatility: number, dailyVolume: number];

const ROWS: Row[] = [
  [1, 'BTC', 'crypto', '67250.00', 6, 0.03, 28_000],
  [2, 'ETH', 'crypto', '3480.50', 5, 0.035, 410_000],
  [4, 'BNB', 'crypto', '585.30', 4, 0.035, 950_000],
  [5, 'SOL', 'crypto', '152.40', 3, 0.05, 7_200_000],
  [6, 'XRP', 'crypto', '0.5230', 1, 0.045, 1_400_000_000],
  [7, 'DOGE', 'crypto', '0.12840', 0, 0.06, 5_800_000_000],
  [8, 'ADA', 'crypto', '0.4520', 1, 0.045, 680_000_000],
  [9, 'TRX', 'crypto', '0.12310', 0, 0.03, 2_100_000_000],
  [10, 'LTC', 'crypto', '82.45', 3, 0.04, 3_100_000],
  [11, 'DOT', 'crypto', '6.842', 2, 0.05, 36_000_000],
  [12, 'LINK', 'crypto', '14.62', 2, 0.05, 22_000_000],
  [13, 'AVAX', 'crypto', '28.45', 2, 0.055, 15_000_000],
  [14, 'POL', 'crypto', '0.5210', 1, 0.055, 420_000_000],
  [15, 'SHIB', 'crypto', '0.00001845', 0, 0.07, 9_000_000_000_000],
  [16, 'UNI', 'crypto', '7.845', 2, 0.05, 18_000_000],
  [17, 'ATOM', 'crypto', '8.235', 2, 0.05, 14_000_000],
  [18, 'ETC', 'crypto', '24.86', 2, 0.045, 6_500_000],
  [19, 'XLM', 'crypto', '0.10420', 0, 0.045, 900_000_000],
  [20, 'FIL', 'crypto', '4.825', 2, 0.055, 30_000_000],
  [21, 'NEAR', 'crypto', '5.482', 2, 0.055, 40_000_000],
  [22, 'APT', 'crypto', '8.745', 2, 0.055, 16_000_000],
  [23, 'ARB', 'crypto', '0.8240', 1, 0.06, 260_000_000],
  [24, 'OP', 'crypto', '1.845', 2, 0.06, 95_000_000],
  [25, 'TON', 'crypto', '6.245', 2, 0.045, 42_000_000],
  [26, 'AAPL', 'stock', '228.50', 2, 0.016, 550_000],
  [27, 'MSFT', 'stock', '425.30', 2, 0.015, 210_000],
  [28, 'NVDA', 'stock', '126.80', 2, 0.03, 2_600_000],
  [29, 'TSLA', 'stock', '245.60', 2, 0.035, 950_000],
  [30, 'AMZN', 'stock', '186.40', 2, 0.02, 420_000],
  [31, 'GOOGL', 'stock', '172.30', 2, 0.018, 270_000],
  [32, 'META', 'stock', '528.70', 2, 0.022, 140_000],
  [33, 'NFLX', 'stock', '685.20', 2, 0.022, 35_000],
];

const decimalsOf = (price: string): number => price.split('.')[1]?.length ?? 0;

export const INSTRUMENTS: readonly Instrument[] = ROWS.map(([id, base, category, startPrice, qtyDecimals, dailyVolatility, dailyVolume]) => ({
  id,
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  category,
  startPrice,
  priceDecimals: decimalsOf(startPrice),
  qtyDecimals,
  dailyVolatility,
  dailyVolume,
}));

const BY_SYMBOL = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));

/** The instrument for `BTC/USDT`, `btc/usdt` or `BTCUSDT`; undefined when not listed. */
export function findInstrument(symbol: string): Instrument | undefined {
  const s = symbol.trim().toUpperCase();
  return BY_SYMBOL.get(s) ?? BY_SYMBOL.get(s.endsWith('USDT') && !s.includes('/') ? `${s.slice(0, -4)}/USDT` : s);
}

/** A whole number of ticks or lots as a decimal string: toDecimal(6725000, 2) -> "67250.00". */
export function toDecimal(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a safe integer: ${units}`);
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** A decimal string with at most `decimals` decimals as a whole number of units: fromDecimal("67250.5", 2) -> 6725050. */
export function fromDecimal(value: string, decimals: number): number {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m || (m[3] ?? '').length > decimals) throw new RangeError(`not a decimal with at most ${decimals} decimals: ${value}`);
  const units = Number(`${m[1]}${m[2]}${(m[3] ?? '').padEnd(decimals, '0')}`);
  if (!Number.isSafeInteger(units)) throw new RangeError(`too large: ${value}`);
  return units;
}
