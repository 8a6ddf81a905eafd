/**
 * Exchanging one currency for another in the spot account (issue 4): at the last prices, which are
 * recorded as settlement prices, less a fee of EXCHANGE_FEE_RATE of what is received. The house account
 * takes one currency and gives the other; amounts are rounded down to the received currency's decimals.
 */
import { EXCHANGE_FEE_RATE } from '../../../shared/contract/wallet';
import { exchangeQuote, exchangeRate } from '../../../shared/domain/exchange';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, balancesOf, post, type Leg } from '../../ledger';
import { moneyTransaction } from '../../money';
import { CURRENCIES, USDT_ID, type Currency } from '../../market/currencies';
import { settlementPrice } from '../../market/settlement';
import { amountOf, currencyOf, plain, pricesUsdt } from './common';
import { D } from '../../../shared/format/decimal';

/** Stocks are traded, not exchanged. */
const exchangeable = (c: Currency) => c.category !== 'stock';

function pair(ctx: RequestContext, fromId: unknown, toId: unknown): [Currency, Currency] {
  const from = currencyOf(fromId);
  const to = currencyOf(toId ?? USDT_ID);
  if (!exchangeable(from) || !exchangeable(to)) throw new ApiError('api.wallet.unknown_currency');
  if (from.id === to.id) throw new ApiError('api.exchange.same_currency');
  return [from, to];
}

const rateOf = (prices: Map<number, string>, from: Currency, to: Currency) => exchangeRate(prices.get(from.id)!, prices.get(to.id)!);

export const exchangeHandlers: Handlers = {
  'GET /currency/user_currency_list': async (ctx) => {
    const user = requireUser(ctx);
    const [balances, prices] = await Promise.all([balancesOf(ctx.services.db, user.id), pricesUsdt(ctx)]);
    const spot = new Map(balances.filter((b) => b.type === ACCOUNT_TYPES.change).map((b) => [b.currency_id, b.available]));
    return CURRENCIES.filter(exchangeable).map((c) => ({
      currency_id: c.id, name: c.name, decimals: c.decimals, available: spot.get(c.id) ?? '0', price_usdt: plain(prices.get(c.id)!),
    }));
  },

  'GET /wallet/getRateCurrency': async (ctx) => {
    const [from, to] = pair(ctx, ctx.input.id, ctx.input.to);
    return { from_currency_id: from.id, to_currency_id: to.id, rate: plain(rateOf(await pricesUsdt(ctx), from, to)), fee_rate: EXCHANGE_FEE_RATE };
  },

  'POST /wallet/change_info': async (ctx) => {
    const user = requireUser(ctx);
    const [from, to] = pair(ctx, ctx.input.from_currency_id, ctx.input.to_currency_id);
    const [balances, prices] = await Promise.all([balancesOf(ctx.services.db, user.id), pricesUsdt(ctx)]);
    const available = balances.find((b) => b.type === ACCOUNT_TYPES.change && b.currency_id === from.id)?.available ?? '0';
    const rate = rateOf(prices, from, to);
    const quote = ctx.input.number === undefined ? null : exchangeQuote(amountOf(ctx.input.number, from), rate, to.decimals, EXCHANGE_FEE_RATE);
    return {
      from_currency_id: from.id, to_currency_id: to.id, from: from.name, to: to.name, from_decimals: from.decimals, to_decimals: to.decimals,
      available: plain(available), rate: plain(rate), fee_percent: new D(EXCHANGE_FEE_RATE).times(100).toFixed(),
      fee: quote ? quote.fee.toFixed() : null, receive: quote ? quote.receive.toFixed() : null,
    };
  },

  'POST /wallet/change': async (ctx) => {
    const user = requireUser(ctx);
    const [from, to] = pair(ctx, ctx.input.from_currency_id, ctx.input.to_currency_id);
    const amount = amountOf(ctx.input.number, from);
    const engine = await ctx.services.market();
    return moneyTransaction(ctx, async (trx) => {
      const ref = `exchange:${user.id}:${Date.now()}`;
      const usdtPrice = async (c: Currency) => (c.is_quote ? '1' : (await settlementPrice(trx, engine, { symbol: `${c.name}/USDT`, cause: 'exchange', ref })).price);
      const rate = exchangeRate(await usdtPrice(from), await usdtPrice(to));
      const { gross, fee, receive } = exchangeQuote(amount, rate, to.decimals, EXCHANGE_FEE_RATE);
      if (receive.lte(0)) throw new ApiError('api.exchange.too_small');
      const mine = (c: Currency) => ({ user: user.id, currency: c.id, type: ACCOUNT_TYPES.change });
      const legs: Leg[] = [
        { account: mine(from), amount: amount.neg().toFixed() },
        { account: { platform: 'house', currency: from.id }, amount: amount.toFixed() },
        { account: { platform: 'house', currency: to.id }, amount: gross.neg().toFixed() },
        { account: mine(to), amount: receive.toFixed() },
      ];
      if (fee.gt(0)) legs.push({ account: { platform: 'fees', currency: to.id }, amount: fee.toFixed() });
      const id = await post(trx, { cause: 'exchange', ref, legs });
      return {
        id, from_currency_id: from.id, to_currency_id: to.id, from: from.name, to: to.name, amount: amount.toFixed(),
        rate: rate.toFixed(), fee: fee.toFixed(), receive: receive.toFixed(), created_at: ctx.services.now().toISOString(),
      };
    });
  },
};
