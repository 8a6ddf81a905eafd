/** Quotes, candles and the watch list. */
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import type { MarketEngine } from '../../market';
import type { Instrument } from '../../market/instruments';
import { CURRENCIES } from '../../market/currencies';
import { INSTRUMENTS } from '../../market/instruments';
import { shiftCandle, candleStart } from '../../market/periods';
import { preparedPer, type PreparedAnswer } from '../../prepared';

/** Candles returned when `from` is not given. */
const DEFAULT_CANDLES = 300;

function quoteOf(engine: MarketEngine, inst: Instrument) {
  const q = engine.quote(inst.symbol);
  return {
    currency_id: inst.id, currency_name: inst.base, legal_name: inst.quote, symbol: inst.symbol, category: inst.category,
    now_price: q.last, open: q.open, high: q.high, low: q.low, volume: q.volume, change: q.change,
    price_decimals: inst.priceDecimals, qty_decimals: inst.qtyDecimals,
  };
}

/** Every pair's quote, prepared once per market second for everyone who asks in it. */
const quotations = new WeakMap<MarketEngine, (second: number) => PreparedAnswer<Array<{ name: string; quotes: Array<ReturnType<typeof quoteOf>> }>>>();
function quotationsOf(engine: MarketEngine) {
  let of = quotations.get(engine);
  if (!of) {
    of = preparedPer(() => [{ name: 'USDT', quotes: INSTRUMENTS.map((i) => quoteOf(engine, i)) }]);
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
  'GET /currency/list': async (ctx) => {
    const engine = await ctx.services.market();
    return CURRENCIES.map((c) => ({
      ...c, price_usdt: c.is_quote ? '1' : engine.quote(`${c.name}/USDT`).last,
    }));
  },

  'GET /currency/quotation_new': async (ctx) => {
    const engine = await ctx.services.market();
    return quotationsOf(engine)(engine.second());
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

  'GET /optional/list': async (ctx) => {
    const user = requireUser(ctx);
    const engine = await ctx.services.market();
    const rows = await ctx.services.db.selectFrom('watchlist').select('symbol')
      .where('user_id', '=', user.id).orderBy('created_at').orderBy('symbol').execute();
    return rows.map((r) => engine.instrument(r.symbol)).filter((i): i is Instrument => !!i).map((i) => quoteOf(engine, i));
  },

  'POST /optional/add': async (ctx) => {
    const user = requireUser(ctx);
    const { inst } = await instrumentOf(ctx);
    await ctx.services.db.insertInto('watchlist').values({ user_id: user.id, symbol: inst.symbol })
      .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing()).execute();
    return ctx.t('api.optional.added');
  },

  'POST /optional/del': async (ctx) => {
    const user = requireUser(ctx);
    const { inst } = await instrumentOf(ctx);
    await ctx.services.db.deleteFrom('watchlist').where('user_id', '=', user.id).where('symbol', '=', inst.symbol).execute();
    return ctx.t('api.optional.removed');
  },
};
