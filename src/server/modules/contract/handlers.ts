/** The contract endpoints (src/shared/contract/lever.ts). */
import { sql } from 'kysely';
import { TRADE_EVENT } from '../../../shared/contract/events';
import { BATCH_CLOSE, LEVER_TYPE, ORDER_TYPE, POSITION_LIST, type POSITION_STATUS } from '../../../shared/contract/lever';
import { D, ROUND, type Decimal } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { moneyTransaction } from '../../money';
import { inUserTransaction } from '../../ledger';
import { USDT_ID } from '../../market/currencies';
import { pairBySymbol, pairOf, type Pair } from '../trading';
import { tellClosed } from './live';
import { contractMarket, openContractMarket, type ContractMarket } from './markets';
import {
  assertStops, cancelEntrust, closePosition, contractTradeFee, orderTerms, ownPosition, placePosition, type PositionRow, type Stops,
} from './positions';
import { leverSummary, openPositions, positionView } from './view';
import { decimalInput, pageParams } from '../../kernel';
import { checkPayPassword } from '../auth';
import { discountedFeeRate } from '../../../shared/domain/vip';
import { feeDiscountsOf } from '../vip';
import { feeCouponPreview } from '../coupon';

const priceOf = (value: unknown, pair: Pair): Decimal => decimalInput(value, pair.inst.priceDecimals, 'api.trade.price_decimals');

/**
 * A take-profit or stop-loss field: absent keeps it, empty clears it, else a price of the pair, rounded to
 * the nearest tick (the platform's app sends the last price x 1.2 or x 0.8).
 */
function stopOf(value: string | undefined, pair: Pair, current: string | null): Decimal | null {
  if (value === undefined) return current === null ? null : new D(current);
  if (value === '') return null;
  const price = new D(value).round(pair.inst.priceDecimals, ROUND.halfUp);
  if (price.lte(0)) throw new ApiError('error.format.amount');
  return price;
}

/** The statuses each list of `/lever/my_trade` shows. */
const LISTED = {
  entrust: ['entrust'], open: ['open'], completed: ['closed', 'cancelled'],
} as const satisfies Record<(typeof POSITION_LIST.names)[number], typeof POSITION_STATUS.names>;

/** The pair named by an optional `currency_id` of a list request. */
const pairFilter = (input: { currency_id?: number; legal_id?: number }) => (input.currency_id === undefined ? undefined : pairOf(input.currency_id, input.legal_id).inst.symbol);

/** The most lots `available` opens at `price` and `multiple`, margin and opening fee included. */
function affordableLots(available: string, market: ContractMarket, price: Decimal | string, multiple: number, priceDecimals: number): number {
  const cost = (lots: number) => {
    const t = orderTerms(market, { direction: 'long', price, lots, multiple, priceDecimals });
    return t.margin.plus(t.fee);
  };
  const perLot = cost(1);
  if (perLot.lte(0)) return 0;
  // Rounding up only adds to the cost of n lots, so the exact quotient is an upper bound.
  let lots = Math.min(market.max_lots, Number(new D(available).div(perLot).round(0, 0).toFixed()));
  while (lots > 0 && cost(lots).gt(available)) lots--;
  return Math.max(lots, 0);
}

const CLOSED_MARKET: Omit<ContractMarket, 'symbol'> = {
  enabled: false, lot_size: '0', multiples: [], fee_rate: '0', overnight_rate: '0', maintenance_rate: '0', max_lots: 0,
};

const tellTrade = (ctx: RequestContext) => ctx.services.tell(requireUser(ctx).id, TRADE_EVENT);

export const contractHandlers: Handlers = {
  'POST /lever/deal': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    const pair = pairOf(input.currency_id, input.legal_id);
    const symbol = pair.inst.symbol;
    const engine = await ctx.services.market();
    const [market, account, discount] = await Promise.all([
      contractMarket(ctx.services.db, symbol), leverSummary(ctx.services.db, engine, user.id, symbol), feeDiscountsOf(ctx.services, user.id),
    ]);
    const m = market ? { ...market, fee_rate: discountedFeeRate(market.fee_rate, discount.contract) } : { symbol, ...CLOSED_MARKET };
    const last = engine.lastPrice(symbol).price;
    const decimals = pair.inst.priceDecimals;
    const multiple = input.multiple ?? m.multiples[0];
    const offered = m.multiples.includes(multiple);
    let typed: Decimal | null = new D(last);
    if (ORDER_TYPE.name(input.status) === 'limit') {
      try { typed = input.target_price ? priceOf(input.target_price, pair) : null; } catch { typed = null; }
    }
    const preview = offered && typed && input.share
      ? orderTerms(m, { direction: LEVER_TYPE.name(input.type), price: typed, lots: input.share, multiple, priceDecimals: decimals })
      : null;
    const coupon = preview ? await feeCouponPreview(ctx.services.db, contractTradeFee(user.id, preview.value, preview.fee, ctx.services.now())) : null;
    return {
      user_lever: account.available, multiple: { muit: m.multiples.map((value) => ({ value })) },
      my_transaction: account.open.map((r) => positionView(r, engine)), rate_profits_total: account.totals,
      symbol, currency_id: pair.inst.id, legal_id: USDT_ID, base: pair.base.name, quote: pair.quote.name, enabled: m.enabled,
      price: last, price_decimals: decimals, lot_size: m.lot_size, max_lots: m.max_lots,
      fee_rate: m.fee_rate, fee_percent: new D(m.fee_rate).times(100).toFixed(), fee_discount: discount.contract, overnight_rate: m.overnight_rate,
      overnight_percent: new D(m.overnight_rate).times(100).toFixed(), maintenance_rate: m.maintenance_rate,
      max_lots_affordable: m.enabled && offered ? affordableLots(account.available, m, typed ?? last, multiple, decimals) : 0,
      value: preview?.value.toFixed() ?? null, margin: preview?.margin.toFixed() ?? null, fee: preview?.fee.toFixed() ?? null,
      liquidation_price: preview?.liquidation.toFixed(decimals) ?? null,
      coupon_code: coupon?.code ?? null, coupon_saving: coupon?.saving ?? null,
    };
  },

  'POST /lever/submit': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    // One must be set; it is checked when typed (the platform's app sends it empty).
    await checkPayPassword(ctx.services, user.id, input.password || undefined);
    const pair = pairOf(input.currency_id, input.legal_id);
    const [open, discount] = await Promise.all([openContractMarket(ctx.services.db, pair.inst.symbol), feeDiscountsOf(ctx.services, user.id)]);
    const market = { ...open, fee_rate: discountedFeeRate(open.fee_rate, discount.contract) };
    if (!market.multiples.includes(input.multiple)) throw new ApiError('api.lever.multiple_invalid');
    if (input.share > market.max_lots) throw new ApiError('api.lever.lots_too_many', { max: market.max_lots });
    let entrustPrice: Decimal | undefined;
    if (ORDER_TYPE.name(input.status) === 'limit') {
      if (!input.target_price) throw new ApiError('api.lever.price_required');
      entrustPrice = priceOf(input.target_price, pair);
    }
    const stops: Stops = { takeProfit: stopOf(input.target_profit_price, pair, null), stopLoss: stopOf(input.stop_loss_price, pair, null) };
    const engine = await ctx.services.market();
    const view = await moneyTransaction(ctx, async (trx) => positionView(await placePosition(trx, engine, {
      user: user.id, pair, market, direction: LEVER_TYPE.name(input.type), lots: input.share, multiple: input.multiple, entrustPrice, stops, now: ctx.services.now(),
    }), engine));
    tellTrade(ctx);
    return view;
  },

  'POST /lever/cancel': async (ctx) => {
    const user = requireUser(ctx);
    const engine = await ctx.services.market();
    const view = await moneyTransaction(ctx, async (trx) => {
      await ownPosition(trx, user.id, ctx.input.id);
      const row = await cancelEntrust(trx, ctx.input.id, ctx.services.now());
      if (!row) throw new ApiError('api.trade.order_done');
      return positionView(row, engine);
    });
    tellTrade(ctx);
    return view;
  },

  'POST /lever/close': async (ctx) => {
    const user = requireUser(ctx);
    const engine = await ctx.services.market();
    const view = await moneyTransaction(ctx, async (trx) => {
      await ownPosition(trx, user.id, ctx.input.id);
      const row = await closePosition(trx, engine, ctx.input.id, { reason: 'user' }, ctx.services.now());
      if (!row) throw new ApiError('api.trade.order_done');
      return positionView(row, engine);
    });
    tellTrade(ctx);
    tellClosed(ctx.services, user.id, [view.id]);
    return view;
  },

  'POST /lever/setstop': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    const engine = await ctx.services.market();
    const view = await inUserTransaction(ctx.services.db, user.id, async (trx) => {
      const p = await ownPosition(trx, user.id, input.id);
      if (p.status !== 'open' && p.status !== 'entrust') throw new ApiError('api.trade.order_done');
      const pair = pairBySymbol(p.symbol);
      const stops: Stops = { takeProfit: stopOf(input.target_profit_price, pair, p.target_profit_price), stopLoss: stopOf(input.stop_loss_price, pair, p.stop_loss_price) };
      // Only what this request changes is checked: a stop kept as it was stays valid until it fires.
      const reference = p.status === 'open' ? engine.lastPrice(p.symbol).price : p.entrust_price!;
      assertStops(p.direction, reference, {
        takeProfit: input.target_profit_price === undefined ? null : stops.takeProfit, stopLoss: input.stop_loss_price === undefined ? null : stops.stopLoss,
      }, p.liquidation_price);
      const row = await trx.updateTable('contract_positions')
        .set({ target_profit_price: stops.takeProfit?.toFixed() ?? null, stop_loss_price: stops.stopLoss?.toFixed() ?? null })
        .where('id', '=', p.id).where('status', '=', p.status).returningAll().executeTakeFirst();
      if (!row) throw new ApiError('api.trade.order_done');
      return positionView(row, engine);
    });
    tellTrade(ctx);
    return view;
  },

  'POST /lever/batch_close': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    const symbol = pairFilter(input);
    const engine = await ctx.services.market();
    const closed = await moneyTransaction(ctx, async (trx) => {
      const which = BATCH_CLOSE.name(input.type);
      const open = (await openPositions(trx, user.id, symbol)).filter((p) => which === 'all' || p.direction === which);
      const done: PositionRow[] = [];
      for (const p of open.reverse()) {
        const row = await closePosition(trx, engine, p.id, { reason: 'user' }, ctx.services.now());
        if (row) done.push(row);
      }
      return done;
    });
    tellTrade(ctx);
    tellClosed(ctx.services, user.id, closed.map((r) => r.id));
    return {
      closed: closed.length, ids: closed.map((r) => r.id),
      profits: closed.reduce((sum, r) => sum.plus(r.profit!), new D(0)).toFixed(),
    };
  },

  'POST /lever/my_trade': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    const symbol = pairFilter(input);
    const { page, limit, offset } = pageParams(input);
    let q = ctx.services.db.selectFrom('contract_positions').where('user_id', '=', user.id).where('status', 'in', LISTED[POSITION_LIST.name(input.status)]);
    if (symbol) q = q.where('symbol', '=', symbol);
    const engine = await ctx.services.market();
    const [rows, count, account] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      leverSummary(ctx.services.db, engine, user.id),
    ]);
    return {
      message: { data: rows.map((r) => positionView(r, engine)), page, limit, total: Number(count.n) },
      rate_profits_total: account.totals,
    };
  },

  'POST /lever/dealall': async (ctx) => {
    const user = requireUser(ctx);
    const engine = await ctx.services.market();
    const account = await leverSummary(ctx.services.db, engine, user.id, pairFilter(ctx.input));
    return { user_lever: account.available, my_transaction: account.open.map((r) => positionView(r, engine)), rate_profits_total: account.totals };
  },
};
