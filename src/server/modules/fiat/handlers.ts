/** Buy-crypto endpoints: what can be bought, an order being typed, placing, declaring the transfer, cancelling, the orders. */
import { FIAT_STATUS } from '../../../shared/contract/fiat';
import { BUY_METHODS, type BuySettings } from '../../../shared/config/settings';
import { toD } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { moneyTransaction } from '../../money';
import { pageOf, pageParams } from '../../kernel';
import { requireOwnUpload, uploadLinkSigner } from '../upload';
import { cancelOrder, declareTransfer, orderTerms, orderView, placeBankOrder, placeProviderOrder, type FiatOrderRow } from './orders';
import { SIMULATED } from './providers';
import { deliverSimulatedWebhook } from './webhook';

/** Why an order closed, in the buyer's language: the job's and the provider's reasons are codes, the operator's a text. */
const CLOSED_BECAUSE = { expired: 'api.fiat.closed_expired', declined: 'api.fiat.closed_declined' } as const;

async function views(ctx: RequestContext, rows: readonly FiatOrderRow[]) {
  const now = ctx.services.now();
  const link = await uploadLinkSigner(ctx.services.db, requireUser(ctx).id, now);
  return rows.map((o) => {
    const view = orderView(o, link, now);
    return o.close_code ? { ...view, reason: ctx.t(CLOSED_BECAUSE[o.close_code]) } : view;
  });
}

function options(buy: BuySettings) {
  return {
    countries: [...buy.countries],
    fiats: buy.currencies.map((c) => ({ ...c })),
    methods: BUY_METHODS.map((m) => ({ method: m, fee_rate: buy.methods[m].fee_rate, fee_min: buy.methods[m].fee_min })),
    pay_within_minutes: buy.methods.bank.pay_within_minutes,
  };
}

export const fiatHandlers: Handlers = {
  'GET /fiat/options': async (ctx) => options(ctx.config.buy),

  'POST /fiat/quote': async (ctx) => {
    const { buy } = ctx.config;
    const currency = buy.currencies.find((c) => c.code === ctx.input.fiat);
    const none = { fee: null, receive: null, rate: null, problem: null, min: currency?.min ?? null, max: currency?.max ?? null, options: options(buy) };
    // A country not served is told at once, before any amount is typed (SPEC 5).
    if (ctx.input.country && !buy.countries.includes(ctx.input.country)) return { ...none, problem: 'area_unsupported' };
    const amount = toD(ctx.input.amount ?? '');
    if (!amount || !ctx.input.country || !ctx.input.fiat || !ctx.input.method) return none;
    try {
      const { fee, receive, rate } = orderTerms(buy, { country: ctx.input.country, currency: ctx.input.fiat, method: ctx.input.method, amount });
      return { ...none, fee: fee.toFixed(), receive: receive.toFixed(), rate };
    } catch (err) {
      if (err instanceof ApiError) return { ...none, problem: err.key.replace(/^api\.fiat\./, '') };
      throw err;
    }
  },

  'POST /fiat/order': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    const amount = toD(input.amount)!;
    const payer = { first_name: input.first_name.trim(), last_name: input.last_name.trim(), email: input.email.trim(), phone: input.phone.trim(), tax_id: input.tax_id.trim() };
    const order = { user: user.id, buy: ctx.config.buy, country: input.country, currency: input.fiat, amount, payer, now: ctx.services.now() };
    const { method } = input;
    const placed = await moneyTransaction(ctx, (trx) => (method === 'card' || method === 'wallet'
      ? placeProviderOrder(trx, { ...order, method })
      : placeBankOrder(trx, order)));
    return (await views(ctx, [placed]))[0];
  },

  'GET /fiat/order': async (ctx) => {
    const user = requireUser(ctx);
    const order = await ctx.services.db.selectFrom('fiat_orders').selectAll().where('id', '=', ctx.input.id).where('user_id', '=', user.id).executeTakeFirst();
    if (!order) throw new ApiError('api.fiat.order_not_found');
    return (await views(ctx, [order]))[0];
  },

  'POST /fiat/order/voucher': async (ctx) => {
    const user = requireUser(ctx);
    await requireOwnUpload(ctx, ctx.input.voucher, { refusal: 'api.deposit.voucher_missing' });
    const order = await moneyTransaction(ctx, (trx) => declareTransfer(trx, user.id, ctx.input.id, ctx.input.voucher, ctx.services.now()));
    return (await views(ctx, [order]))[0];
  },

  'POST /fiat/order/cancel': async (ctx) => {
    const user = requireUser(ctx);
    const order = await moneyTransaction(ctx, (trx) => cancelOrder(trx, user.id, ctx.input.id, ctx.services.now()));
    return (await views(ctx, [order]))[0];
  },

  'POST /fiat/simulated/pay': async (ctx) => {
    const user = requireUser(ctx);
    const order = await ctx.services.db.selectFrom('fiat_orders').selectAll()
      .where('provider', '=', SIMULATED.name).where('provider_payment_id', '=', ctx.input.payment).where('user_id', '=', user.id).executeTakeFirst();
    if (!order) throw new ApiError('api.fiat.order_not_found');
    if (order.status !== 'to_pay') throw new ApiError('api.fiat.not_to_pay');
    await deliverSimulatedWebhook(ctx.services, order, ctx.input.outcome === 'paid' ? 'payment.succeeded' : 'payment.failed');
    const after = await ctx.services.db.selectFrom('fiat_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    return (await views(ctx, [after]))[0];
  },

  'GET /fiat/orders': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('fiat_orders').where('user_id', '=', user.id);
    if (ctx.input.status !== undefined) q = q.where('status', '=', FIAT_STATUS.name(ctx.input.status));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    return { data: await views(ctx, rows), page, limit, total };
  },
};
