/** Dual-investment endpoints (SPEC 7 "dual invest"): products on sale, one product with both outcomes, buying shares, the user's orders. */
import { DUAL_LIST_STATUS, DUAL_STAGES, DUAL_TYPE } from '../../../shared/contract/dual';
import { EARN_EVENT } from '../../../shared/contract/events';
import { payoutIn } from '../../../shared/domain/dual';
import { D, ROUND } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ACCOUNT_TYPES, availableOf } from '../../ledger';
import { moneyTransaction } from '../../money';
import { buyShares, listOf, orderView, termsOf } from './orders';
import { investCurrency, productById, productView, renewRounds, symbolOf } from './products';
import { pageOf, pageParams } from '../../kernel';
import { checkPayPassword, hasPayPassword } from '../auth';

const tellEarn = (ctx: RequestContext) => ctx.services.tell(requireUser(ctx).id, EARN_EVENT);

async function priceOf(ctx: RequestContext, symbol: string): Promise<string> {
  return (await ctx.services.market()).lastPrice(symbol).price;
}

export const dualHandlers: Handlers = {
  'GET /dual/index': async (ctx) => {
    const now = ctx.services.now();
    const due = await ctx.services.db.selectFrom('dual_products').select('id')
      .where('renew', '=', true).where('renewed', '=', false).where('status', '!=', 'cancelled').where('value_at', '<=', now).limit(1).executeTakeFirst();
    if (due) await ctx.services.db.transaction().execute((trx) => renewRounds(trx, ctx.services.market, now));
    let q = ctx.services.db.selectFrom('dual_products').selectAll().where('status', '=', 'open').where('value_at', '>', now);
    if (ctx.input.currency_id !== undefined) q = q.where('currency_id', '=', ctx.input.currency_id);
    if (ctx.input.type !== undefined) q = q.where('type', '=', DUAL_TYPE.name(ctx.input.type));
    const rows = await q.orderBy('sort').orderBy('settle_at').orderBy('id').execute();
    const engine = await ctx.services.market();
    return { dual_currencys: rows.map((p) => ({ ...productView(p, now), price: engine.lastPrice(symbolOf(p)).price })) };
  },

  'GET /dual/detail': async (ctx) => {
    const user = requireUser(ctx);
    const now = ctx.services.now();
    const p = await productById(ctx.services.db, ctx.input.id);
    const [available, pay] = await Promise.all([
      availableOf(ctx.services.db, { user: user.id, currency: investCurrency(p), type: ACCOUNT_TYPES.change }),
      hasPayPassword(ctx.services.db, user.id),
    ]);
    const num = ctx.input.num ?? 0;
    const amount = num > 0 ? new D(p.unit_price).times(num).toFixed() : null;
    const terms = amount ? termsOf(p, amount) : undefined;
    return {
      ...productView(p, now), price: await priceOf(ctx, symbolOf(p)), available,
      max_num: Math.min(p.remaining_shares, new D(available).div(p.unit_price).round(0, ROUND.down).toNumber()),
      amount, payout_base: terms ? payoutIn(terms, 'base').toFixed() : null, payout_quote: terms ? payoutIn(terms, 'quote').toFixed() : null,
      has_pay_password: pay,
    };
  },

  'POST /dual/buyDual': async (ctx) => {
    const user = requireUser(ctx);
    await productById(ctx.services.db, ctx.input.id);
    await checkPayPassword(ctx.services, user.id, ctx.input.pay_password);
    const now = ctx.services.now();
    const view = await moneyTransaction(ctx, async (trx) => {
      const { order, product } = await buyShares(trx, ctx.input.id, user.id, ctx.input.num, now);
      return orderView(order, product);
    });
    tellEarn(ctx);
    return view;
  },

  'POST /dual/dual_list': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const { currency, type, status } = ctx.input;
    let q = ctx.services.db.selectFrom('dual_orders').innerJoin('dual_products', 'dual_products.id', 'dual_orders.product_id')
      .where('dual_orders.user_id', '=', user.id);
    if (currency !== undefined) q = q.where('dual_products.currency_id', '=', currency);
    if (type !== undefined) q = q.where('dual_products.type', '=', DUAL_TYPE.name(type));
    if (status !== undefined) q = q.where('dual_orders.status', 'in', DUAL_STAGES.filter((s) => listOf(s) === DUAL_LIST_STATUS.name(status)));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll('dual_orders').orderBy('dual_orders.id', 'desc'));
    const ids = [...new Set(rows.map((r) => r.product_id))];
    const products = ids.length ? await ctx.services.db.selectFrom('dual_products').selectAll().where('id', 'in', ids).execute() : [];
    const byId = new Map(products.map((p) => [p.id, p]));
    return { list: rows.map((r) => orderView(r, byId.get(r.product_id)!)), page, limit, total };
  },
};
