/** What one unit of a currency is worth in USDT at the last prices (the earn hub's valuations, the IEO issue price in BTC and ETH). */
import type { Services } from '../../context';
import type { MarketEngine } from '../../market/engine';
import { currencyById } from '../../kernel';

export function lastUsdtPrice(engine: MarketEngine, currency: number): string {
  const c = currencyById(currency);
  return c.is_quote ? '1' : engine.lastPrice(`${c.name}/USDT`).price;
}

/** The same, opening the market only for a currency it prices (a USDT pledge needs none). */
export async function usdtPriceOf(services: Services, currency: number): Promise<string> {
  return currencyById(currency).is_quote ? '1' : lastUsdtPrice(await services.market(), currency);
}
