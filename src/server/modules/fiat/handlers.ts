/** Buy-crypto endpoints: what can be bought, an order being typed, placing, declaring the transfer, cancelling, the orders. */
import { FIAT_STATUS } from '../../../shared/contract/fiat';
import { BUY_METHODS } from '../../../shared/config/settings';
import { toD } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { moneyTransaction } from '../../money';
import { pageOf, pageParams } from '../../kernel';
import { requireOwnUpload, uploadLinkSigner } from '../upload';
import { cancelOrder, declareTransfer, orderTerms, orderView, placeBankOrder, type FiatOrderRow } from './orders';

async function views(ctx: RequestContext, rows: readonly FiatOrderRow[]) {
  const link = await uploadLinkSigner(ctx.services.db, requireUser(ctx).id, ctx.services.now());
  return rows.map((o) => orderView(o, link));
}

export const fiatHandlers: Handlers = {
  'GET /fiat/options': async (ctx) => {
    const { buy } = ctx.config;
    return {
      countries: [...buy.countries],
      fiats: buy.currencies.map((c) => ({ ...c })),
      methods: BUY_METHODS.map((m) => ({ method: m, fee_rate: buy.methods[m].fee_rate, fee_min: buy.methods[m].fee_min })),
      pay_within_minutes: buy.methods.bank.pay_within_minutes,
    };
  },

  'POST /fiat/quote': async (ctx) => {
    const amount = toD(ctx.input.amount ?? '');
    if (!amount || !ctx.input.country || !ctx.input.fiat || !ctx.input.method) return { fee: null, receive: null, rate: null, problem: null };
    try {
      const { fee, receive, rate } = orderTerms(ctx.config.buy, { country: ctx.input.country, currency: ctx.input.fiat, method: ctx.input.method, amount });
      return { fee: fee.toFixed(), receive: receive.toFixed(), rate, problem: null };
    } catch (err) {
      if (err instanceof ApiError) return { fee: null, receive: null, rate: null, problem: err.key.replace(/^api\.fiat\./, '') };
      throw err;
    }
  },

  'POST /fiat/order': async (ctx) => {
    const user = requireUser(ctx);
    const { input } = ctx;
    if (input.method !== 'bank') throw new ApiError('api.fiat.method_unavailable');
    const amount = toD(input.amount)!;
    const payer = { first_name: input.first_name.trim(), last_name: input.last_name.trim(), email: input.email.trim(), phone: input.phone.trim(), tax_id: input.tax_id.trim() };
    const order = await moneyTransaction(ctx, (trx) => placeBankOrder(trx, {
      user: user.id, buy: ctx.config.buy, country: input.country, currency: input.fiat, amount, payer, now: ctx.services.now(),
    }));
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

  'GET /fiat/orders': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('fiat_orders').where('user_id', '=', user.id);
    if (ctx.input.status !== undefined) q = q.where('status', '=', FIAT_STATUS.name(ctx.input.status));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    return { data: await views(ctx, rows), page, limit, total };
  },
};
