/** Spot and stock orders (issue 11): the ticket, placing, cancelling and listing. */
import { TRADE_EVENT } from '../../../shared/contract/events';
import { SPOT_SIDE, SPOT_STATUS, type SPOT_LISTS } from '../../../shared/contract/spot';
import { spotFill, spotMaxAmount } from '../../../shared/domain/spot';
import { D, ROUND } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { balancesOf } from '../../ledger';
import { moneyTransaction } from '../../money';
import { INSTRUMENTS } from '../../market/instruments';
import { pairBySymbol, pairOf, type Pair } from '../trading';
import { openSpotMarket, spotAccount, spotAccountType, spotMarket } from './markets';
import { discountedFeeRate } from '../../../shared/domain/vip';
import { feeDiscountsOf } from '../vip';
import { cancelOrder, placeOrder, spotTradeFee, type SpotOrderRow } from './orders';
import { feeCouponPreview } from '../coupon';
import { decimalInput, isoOrNull, pageParams, plain, plainOrNull } from '../../kernel';
import { requirePayPassword } from '../auth';

function view(row: SpotOrderRow) {
  const pair = pairBySymbol(row.symbol);
  return {
    id: row.id, symbol: row.symbol, currency_id: pair.base.id, legal_id: pair.quote.id, base: pair.base.name, quote: pair.quote.name,
    type: SPOT_SIDE.code(row.side), kind: row.kind, status: SPOT_STATUS.code(row.status), trade_amount: plain(row.amount),
    target_price: plainOrNull(row.limit_price),
    price: plainOrNull(row.fill_price), total: plainOrNull(row.total), fee: plainOrNull(row.fee),
    order_value: row.total !== null ? plain(row.total)
      : row.limit_price !== null ? new D(row.limit_price).times(row.amount).round(pair.quote.decimals, ROUND.down).toFixed() : null,
    fee_currency: row.side === 'buy' ? pair.base.name : pair.quote.name,
    created_at: new Date(row.created_at).toISOString(), done_at: isoOrNull(row.done_at),
  };
}

async function available(ctx: RequestContext, user: number, pair: Pair): Promise<{ base: string; quote: string }> {
  const type = spotAccountType(pair);
  const balances = (await balancesOf(ctx.services.db, user)).filter((b) => b.type === type);
  const of = (currency: number) => balances.find((b) => b.currency_id === currency)?.available ?? '0';
  return { base: of(pair.base.id), quote: of(pair.quote.id) };
}

/** The statuses each list of `GET /coin/list` shows. */
const LISTED = { open: ['open'], history: ['filled', 'cancelled'] } as const satisfies Record<(typeof SPOT_LISTS)[number], typeof SPOT_STATUS.names>;

/** A price typed for `pair`, refused beyond its decimals. */
const priceOf = (pair: Pair, value: unknown) => decimalInput(value, pair.inst.priceDecimals, 'api.trade.price_decimals');
const amountOf = (pair: Pair, value: unknown) => decimalInput(value, pair.inst.qtyDecimals, 'api.trade.amount_decimals');

export const spotHandlers: Handlers = {
  'POST /coin/info': async (ctx) => {
    const user = requireUser(ctx);
    const pair = pairOf(ctx.input.currency_id, ctx.input.legal_id);
    const market = await spotMarket(ctx.services.db, pair.inst.symbol);
    const engine = await ctx.services.market();
    const last = engine.lastPrice(pair.inst.symbol).price;
    const side = SPOT_SIDE.name(ctx.input.type);
    const limit = ctx.input.kind === 'limit' && ctx.input.target_price !== undefined ? priceOf(pair, ctx.input.target_price) : undefined;
    const price = limit ?? new D(last);
    const [funds, discount] = await Promise.all([available(ctx, user.id, pair), feeDiscountsOf(ctx.services, user.id)]);
    const feeRate = market ? discountedFeeRate(market.fee_rate, discount.spot) : '0';
    const amount = ctx.input.amount === undefined ? undefined : amountOf(pair, ctx.input.amount);
    const preview = amount ? spotFill(side, amount, price, feeRate, { base: pair.base.decimals, quote: pair.quote.decimals }) : undefined;
    const coupon = preview ? await feeCouponPreview(ctx.services.db, spotTradeFee(user.id, pair, side, preview, price.toFixed(), ctx.services.now())) : null;
    return {
      symbol: pair.inst.symbol, currency_id: pair.base.id, legal_id: pair.quote.id, base: pair.base.name, quote: pair.quote.name,
      category: pair.inst.category, account: spotAccount(pair),
      price: last, price_decimals: pair.inst.priceDecimals, qty_decimals: pair.inst.qtyDecimals,
      base_decimals: pair.base.decimals, quote_decimals: pair.quote.decimals,
      fee_rate: plain(feeRate), fee_percent: new D(feeRate).times(100).toFixed(), fee_discount: discount.spot, min_amount: plain(market?.min_amount ?? '0'),
      enabled: Boolean(market?.enabled),
      available_base: funds.base, available_quote: funds.quote,
      max_amount: spotMaxAmount(side, side === 'buy' ? funds.quote : funds.base, price, pair.inst.qtyDecimals).toFixed(),
      total: preview ? preview.total.toFixed() : null, fee: preview ? preview.fee.toFixed() : null,
      receive: preview ? preview.receive.toFixed() : null, fee_currency: side === 'buy' ? pair.base.name : pair.quote.name,
      coupon_code: coupon?.code ?? null, coupon_saving: coupon?.saving ?? null,
    };
  },

  'POST /coin/trade': async (ctx) => {
    const user = requireUser(ctx);
    await requirePayPassword(ctx.services.db, user.id);
    const pair = pairOf(ctx.input.currency_id, ctx.input.legal_id);
    const [open, discount] = await Promise.all([openSpotMarket(ctx.services.db, pair.inst.symbol), feeDiscountsOf(ctx.services, user.id)]);
    const market = { ...open, fee_rate: discountedFeeRate(open.fee_rate, discount.spot) };
    const amount = amountOf(pair, ctx.input.amount);
    if (amount.lt(market.min_amount)) throw new ApiError('api.spot.below_min', { min: plain(market.min_amount), currency: pair.base.name });
    const limitPrice = ctx.input.target_price === undefined ? undefined : priceOf(pair, ctx.input.target_price);
    const engine = await ctx.services.market();
    const order = await moneyTransaction(ctx, (trx) => placeOrder(trx, engine, {
      user: user.id, pair, market, side: SPOT_SIDE.name(ctx.input.type), amount, limitPrice, now: ctx.services.now(),
    }).then(view));
    ctx.services.tell(user.id, TRADE_EVENT);
    return order;
  },

  'POST /coin/cancel': async (ctx) => {
    const user = requireUser(ctx);
    const order = await moneyTransaction(ctx, (trx) => cancelOrder(trx, user.id, ctx.input.id, ctx.services.now()).then(view));
    ctx.services.tell(user.id, TRADE_EVENT);
    return order;
  },

  'GET /coin/list': async (ctx) => {
    const user = requireUser(ctx);
    const { limit, offset } = pageParams(ctx.input);
    const symbol = ctx.input.currency_id === undefined ? undefined : pairOf(ctx.input.currency_id, ctx.input.legal_id).inst.symbol;
    let query = ctx.services.db.selectFrom('spot_orders').selectAll().where('user_id', '=', user.id);
    if (ctx.input.orders) query = query.where('status', 'in', LISTED[ctx.input.orders]);
    if (symbol) query = query.where('symbol', '=', symbol);
    const rows = await query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return rows.map(view);
  },

  'GET /coin/pairs': async (ctx) => {
    const rows = await ctx.services.db.selectFrom('spot_markets').select(['symbol', 'fee_rate', 'min_amount']).where('enabled', '=', true).execute();
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
    return INSTRUMENTS.filter((i) => bySymbol.has(i.symbol)).map((i) => {
      const r = bySymbol.get(i.symbol)!;
      return { symbol: i.symbol, currency_id: i.id, legal_id: pairOf(i.id).quote.id, category: i.category, fee_rate: plain(r.fee_rate), min_amount: plain(r.min_amount) };
    });
  },
};
