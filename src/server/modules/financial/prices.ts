/** What one unit of a currency is worth in USDT at the last prices (the earn hub's valuations, the IEO issue price in BTC and ETH). */
import type { MarketEngine } from '../../market/engine';
import { currencyById } from '../../kernel';

export function lastUsdtPrice(engine: MarketEngine, currency: number): string {
  const c = currencyById(currency);
  return c.is_quote ? '1' : engine.lastPrice(`${c.name}/USDT`).price;
}
