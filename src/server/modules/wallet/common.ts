/** What the wallet handlers share: currencies, chains, amounts. */
import type { Decimal } from '../../../shared/format/decimal';
import type { ConfiguredChain } from '../../configuration/compile';
import type { RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { decimalInput } from '../../kernel';
import { CURRENCIES, type Currency } from '../../market/currencies';

/** An amount of `c` from the request, refused with a clear message beyond the currency's decimals. */
export const amountOf = (value: unknown, c: Currency): Decimal => decimalInput(value, c.decimals, 'api.wallet.too_many_decimals');

/** Every chain of the live configuration (settings/chains.json), in its order. */
export const configuredChains = (ctx: RequestContext): readonly ConfiguredChain[] => ctx.services.configuration.current.chains;

/** The chains of a currency, with the address, minimums and fee the operator configured. */
export async function chainsOf(ctx: RequestContext, currencyId: number): Promise<ConfiguredChain[]> {
  return configuredChains(ctx).filter((c) => c.currency_id === currencyId);
}

type ChainRow = ConfiguredChain;

/** The named chain among a currency's `chains`, or its first when none is named. */
export function pickChain(chains: ChainRow[], chain: unknown): ChainRow {
  const found = chain === undefined ? chains[0] : chains.find((c) => c.chain === chain);
  if (!found) throw new ApiError('api.wallet.no_chain');
  return found;
}

/** The named chain of a currency, or its first when none is named. */
export async function chainOf(ctx: RequestContext, currencyId: number, chain: unknown): Promise<ChainRow> {
  return pickChain(await chainsOf(ctx, currencyId), chain);
}

/** Last price in USDT of every currency. */
export async function pricesUsdt(ctx: RequestContext): Promise<Map<number, string>> {
  const engine = await ctx.services.market();
  return new Map(CURRENCIES.map((c) => [c.id, c.is_quote ? '1' : engine.quote(`${c.name}/USDT`).last]));
}
