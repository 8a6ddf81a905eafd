/**
 * The currencies of the platform: USDT (the quote currency of every pair) and the base of each listed
 * instrument. A base currency's id is its instrument's id, so `currency_id` means the same everywhere. The
 * ids are the platform's: BTC 1, ETH 2, USDT 3 (its app assumes them on several screens).
 */
import TRADING from '../seeddata/trading.json';
import { INSTRUMENTS, type Category } from './instruments';

export interface Currency {
  id: number;
  name: string;
  full_name: string;
  category: Category | 'stablecoin';
  /** Decimals of an amount of this currency. */
  decimals: number;
  /** Decimals an amount of it shows in the app (cut, the exact value a tap away): seeddata/trading.json `display_decimals`. */
  display_decimals: number;
  /** Whether pairs are quoted in it. */
  is_quote: boolean;
}

export const USDT_ID = 3;

const FULL_NAMES: Record<string, string> = {
  USDT: 'Tether USD', BTC: 'Bitcoin', ETH: 'Ethereum', BNB: 'BNB', SOL: 'Solana', XRP: 'XRP', DOGE: 'Dogecoin',
  ADA: 'Cardano', TRX: 'TRON', LTC: 'Litecoin', DOT: 'Polkadot', LINK: 'Chainlink', AVAX: 'Avalanche',
  POL: 'Polygon', SHIB: 'Shiba Inu', UNI: 'Uniswap', ATOM: 'Cosmos', ETC: 'Ethereum Classic', XLM: 'Stellar',
  FIL: 'Filecoin', NEAR: 'NEAR Protocol', APT: 'Aptos', ARB: 'Arbitrum', OP: 'Optimism', TON: 'Toncoin',
  AAPL: 'Apple Inc.', MSFT: 'Microsoft Corp.', NVDA: 'NVIDIA Corp.', TSLA: 'Tesla Inc.', AMZN: 'Amazon.com Inc.',
  GOOGL: 'Alphabet Inc. Class A', META: 'Meta Platforms Inc.', NFLX: 'Netflix Inc.',
};

/** Amount decimals: 8 for coins (as most exchanges keep balances), 4 for stock shares. */
const AMOUNT_DECIMALS: Record<Currency['category'], number> = { crypto: 8, stablecoin: 8, stock: 4 };

/** The operator's display decimals: the currency's own, else its category's, never more than it holds. */
function displayDecimals(name: string, category: Currency['category'], decimals: number): number {
  const byCategory: Record<Currency['category'], number> = TRADING.display_decimals;
  const byName: Record<string, number | undefined> = TRADING.display_decimals.currencies;
  const chosen = byName[name] ?? byCategory[category];
  return Number.isInteger(chosen) && chosen >= 0 ? Math.min(chosen, decimals) : decimals;
}

export const CURRENCIES: readonly Currency[] = [
  { id: USDT_ID, name: 'USDT', full_name: FULL_NAMES.USDT, category: 'stablecoin' as const, decimals: AMOUNT_DECIMALS.stablecoin, is_quote: true },
  ...INSTRUMENTS.map((i) => ({
    id: i.id, name: i.base, full_name: FULL_NAMES[i.base] ?? i.base, category: i.category,
    decimals: Math.max(AMOUNT_DECIMALS[i.category], i.qtyDecimals), is_quote: false,
  })),
].map((c) => ({ ...c, display_decimals: displayDecimals(c.name, c.category, c.decimals) })).sort((a, b) => a.id - b.id);
