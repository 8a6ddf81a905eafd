/** What the wallet handlers share: currencies, chains, amounts. */
import { D, type Decimal } from '../../../shared/format/decimal';
import type { RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { CURRENCIES, type Currency } from '../../market/currencies';

const CURRENCY = new Map(CURRENCIES.map((c) => [c.id, c]));

/** A NUMERIC from either backend as a plain decimal string. */
export const plain = (v: string | number | Decimal): string => new D(v).toFixed();

export function currencyOf(id: unknown): Currency {
  const c = CURRENCY.get(Number(id));
  if (!c) throw new ApiError('api.wallet.unknown_currency');
  return c;
}

/** An amount of `c` from the request, refused with a clear message beyond the currency's decimals. */
export function amountOf(value: unknown, c: Currency): Decimal {
  const amount = new D(String(value));
  if ((amount.toFixed().split('.')[1]?.length ?? 0) > c.decimals) throw new ApiError('api.wallet.too_many_decimals', { decimals: c.decimals });
  return amount;
}

export async function chainsOf(ctx: RequestContext, currencyId: number) {
  return ctx.services.db.selectFrom('currency_chains').selectAll().where('currency_id', '=', currencyId)
    .orderBy('sort').orderBy('chain').execute();
}

type ChainRow = Awaited<ReturnType<typeof chainsOf>>[number];

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
