/** Quotes, candles and the watch list. */
import { D } from '../../../shared/format/decimal';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import type { CachedReads } from '../../cachedReads';
import type { MarketEngine } from '../../market';
import type { Instrument } from '../../market/instruments';
import { USDT_ID } from '../../market/currencies';
import { INSTRUMENTS } from '../../market/instruments';
import { shiftCandle, candleStart } from '../../market/periods';
import { preparedPer, type PreparedAnswer } from '../../prepared';
import { contractTerms, type ContractTerms } from '../contract';
import { pairOf } from '../trading';
import { plain } from '../../kernel';

/** Candles returned when `from` is not given. */
const DEFAULT_CANDLES = 300;

/** Display order of the pairs: as listed. */
const SORT = new Map(INSTRUMENTS.map((inst, i) => [inst.symbol, i + 1]));

/** A pair's quote, with its contract terms (none: 0) for the platform's margin calculator. */
function quoteOf(engine: MarketEngine, inst: Instrument, terms: ContractTerms | undefined) {
  const q = engine.quote(inst.symbol);
  return {
    id: inst.id, currency_id: inst.id, legal_id: USDT_ID, currency_name: inst.base, legal_name: inst.quote, sort: SORT.get(inst.symbol)!,
    spread: '0', lever_share_num: terms?.lot_size ?? '0', lever_trade_fee: terms ? plain(new D(terms.fee_rate).times(100)) : '0',
    symbol: inst.symbol, category: inst.category,
    now_price: q.last, open: q.open, high: q.high, low: q.low, volume: q.volume, change: q.change,
    price_decimals: inst.priceDecimals, qty_decimals: inst.qtyDecimals,
  };
}

type Quotation = Array<{ name: string; quotation: Array<ReturnType<typeof quoteOf>> }>;

/**
 * Every pair's quote, prepared once per market second for everyone who asks in it (the contract terms come
 * from memory, kept until their table changes).
 */
const quotations = new WeakMap<MarketEngine, (second: number) => Promise<PreparedAnswer<Quotation>>>();
function quotationsOf(engine: MarketEngine, cached: CachedReads) {
  let of = quotations.get(engine);
  if (!of) {
    of = preparedPer(async () => {
      const terms = await contractTerms(cached);
      return [{ name: 'USDT', quotation: INSTRUMENTS.map((i) => quoteOf(engine, i, terms.get(i.symbol))) }];
    });
    quotations.set(engine, of);
  }
  return of;
}

async function instrumentOf(ctx: RequestContext): Promise<{ engine: MarketEngine; inst: Instrument }> {
  const engine = await ctx.services.market();
  const inst = engine.instrument(String(ctx.input.symbol));
  if (!inst) throw new ApiError('api.market.unknown_symbol');
  return { engine, inst };
}

export const marketHandlers: Handlers = {
  'GET /currency/quotation_new': async (ctx) => {
    const engine = await ctx.services.market();
    return quotationsOf(engine, ctx.services.cached)(engine.second());
  },

  'GET /currency/new_timeshar': async (ctx) => {
    const { engine, inst } = await instrumentOf(ctx);
    const { period } = ctx.input;
    const to = ctx.input.to !== undefined ? Number(ctx.input.to) * 1000 : ctx.services.now().getTime();
    const from = ctx.input.from !== undefined
      ? Number(ctx.input.from) * 1000
      : shiftCandle(period, candleStart(period, to), 1 - DEFAULT_CANDLES);
    if (from > to) return [];
    return engine.candles(inst.symbol, period, from, to);
  },

  'GET /market/trades': async (ctx) => {
    const { engine, inst } = await instrumentOf(ctx);
    return engine.trades(inst.symbol, Number(ctx.input.limit));
  },

  'GET /optional/list': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const [engine, rows, terms] = await Promise.all([
      ctx.services.market(),
      db.selectFrom('watchlist').select('symbol').where('user_id', '=', user.id).orderBy('created_at').orderBy('symbol').execute(),
      contractTerms(ctx.services.cached),
    ]);
    return rows.map((r) => engine.instrument(r.symbol)).filter((i): i is Instrument => !!i).map((i) => quoteOf(engine, i, terms.get(i.symbol)));
  },

  'POST /optional/add': async (ctx) => {
    const user = requireUser(ctx);
    const { inst } = pairOf(ctx.input.currency_id, ctx.input.legal_id);
    await ctx.services.db.insertInto('watchlist').values({ user_id: user.id, symbol: inst.symbol })
      .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing()).execute();
    return { id: inst.id };
  },

  'POST /optional/del': async (ctx) => {
    const user = requireUser(ctx);
    const { inst } = pairOf(ctx.input.id);
    await ctx.services.db.deleteFrom('watchlist').where('user_id', '=', user.id).where('symbol', '=', inst.symbol).execute();
    return { id: inst.id };
  },
};
