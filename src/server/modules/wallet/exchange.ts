/**
 * Exchanging one currency for another in the spot account (issues 4, 20; the platform's POST /user/Transfer):
 * at the last prices, which are recorded as settlement prices, less a fee of EXCHANGE_FEE_RATE of what is
 * bought. The house account takes one currency and gives the other; amounts are rounded down to the bought
 * currency's decimals.
 */
import { EXCHANGE_FEE_RATE } from '../../../shared/contract/wallet';
import { exchangeQuote, exchangeRate, readableRate } from '../../../shared/domain/exchange';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, balancesOf, post, type Leg } from '../../ledger';
import { moneyTransaction } from '../../money';
import { CURRENCIES, USDT_ID, type Currency } from '../../market/currencies';
import { settlementPrice } from '../../market/settlement';
import { amountOf, pricesUsdt } from './common';
import { D } from '../../../shared/format/decimal';
import { currencyById, plain } from '../../kernel';

/** Stocks are traded, not exchanged. */
const exchangeable = (c: Currency) => c.category !== 'stock';

function pair(fromId: unknown, toId: unknown): [Currency, Currency] {
  const from = currencyById(fromId);
  const to = currencyById(toId ?? USDT_ID);
  if (!exchangeable(from) || !exchangeable(to)) throw new ApiError('api.wallet.unknown_currency');
  if (from.id === to.id) throw new ApiError('api.exchange.same_currency');
  return [from, to];
}

const spotAvailable = async (ctx: RequestContext, userId: number) =>
  new Map((await balancesOf(ctx.services.db, userId)).filter((b) => b.type === ACCOUNT_TYPES.change).map((b) => [b.currency_id, plain(b.available)]));

export const exchangeHandlers: Handlers = {
  'POST /user/getTransferList': async (ctx) => {
    const spot = await spotAvailable(ctx, requireUser(ctx).id);
    const currencies = CURRENCIES.filter(exchangeable);
    return {
      transfer: currencies.map((c) => ({ id: c.id, name: c.name })),
      wallet: currencies.map((c) => ({ currency: c.id, change_balance: spot.get(c.id) ?? '0' })),
    };
  },

  'POST /user/getTransferFee': async (ctx) => {
    const [from, to] = pair(ctx.input.from_currency_id, ctx.input.to_currency_id);
    const [spot, prices] = await Promise.all([spotAvailable(ctx, requireUser(ctx).id), pricesUsdt(ctx)]);
    const [fromPrice, toPrice] = [prices.get(from.id)!, prices.get(to.id)!];
    const rate = exchangeRate(fromPrice, toPrice);
    const quote = ctx.input.number === undefined ? null : exchangeQuote(amountOf(ctx.input.number, from), rate, to.decimals, EXCHANGE_FEE_RATE);
    const readable = readableRate(
      { name: from.name, priceUsdt: fromPrice, decimals: from.display_decimals }, { name: to.name, priceUsdt: toPrice, decimals: to.display_decimals },
    );
    return {
      form_price: plain(fromPrice), to_price: plain(toPrice), fee: new D(EXCHANGE_FEE_RATE).times(100).toFixed(),
      from: from.name, to: to.name, from_decimals: from.decimals, to_decimals: to.decimals,
      available: spot.get(from.id) ?? '0', rate: rate.toFixed(),
      rate_base: readable.base, rate_quote: readable.quote, rate_price: readable.price.toFixed(),
      fee_amount: quote ? quote.fee.toFixed() : null, receive: quote ? quote.receive.toFixed() : null,
    };
  },

  'POST /user/Transfer': async (ctx) => {
    const user = requireUser(ctx);
    const [from, to] = pair(ctx.input.from_currency_id, ctx.input.to_currency_id);
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

  'GET /wallet/getRateCurrency': async (ctx) => {
    const [from, to] = pair(ctx.input.id, ctx.input.to);
    const prices = await pricesUsdt(ctx);
    return { from_currency_id: from.id, to_currency_id: to.id, rate: plain(exchangeRate(prices.get(from.id)!, prices.get(to.id)!)), fee_rate: EXCHANGE_FEE_RATE };
  },
};
