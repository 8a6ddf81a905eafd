/** The coupon pages' calls: the centre's offers, a claim, the user's coupons by list. */
import { inUserTransaction } from '../../ledger';
import { currencyById, pageOf, pageParams, plain } from '../../kernel';
import { USDT_ID } from '../../market/currencies';
import { readerAmount, requireUser, type Handlers, type RequestContext } from '../../context';
import { appliesTo, claimCoupon, couponsQuery, couponView, describeCoupon, heldByCode, type Words } from './held';

const wordsOf = (ctx: RequestContext): Words => ({ t: ctx.t, amount: readerAmount(ctx) });

export const couponHandlers: Handlers = {
  'GET /coupon/centre': async (ctx) => {
    const user = requireUser(ctx);
    const held = await heldByCode(ctx.services.db, user.id);
    return ctx.services.configuration.current.coupons.coupons.filter((c) => c.claim).map((c) => {
      const terms = {
        code: c.code, kind: c.kind, rate: c.rate ?? null, amount: c.amount ?? null, max: c.max ?? null, min: plain(c.min),
        products: c.products ?? [], currency: currencyById(USDT_ID).name,
      };
      const had = held.get(c.code) ?? 0;
      return { ...terms, applies: appliesTo(terms.products), description: describeCoupon(wordsOf(ctx), terms), valid_days: c.valid_days, per_user: c.per_user, held: had, can_claim: had < c.per_user };
    });
  },

  'POST /coupon/claim': async (ctx) => {
    const user = requireUser(ctx);
    const now = ctx.services.now();
    const offered = ctx.services.configuration.current.coupons.coupons;
    const row = await inUserTransaction(ctx.services.db, user.id, (trx) => claimCoupon(trx, offered, user.id, ctx.input.code, now));
    return couponView(row, now, wordsOf(ctx));
  },

  'GET /coupon/list': async (ctx) => {
    const user = requireUser(ctx);
    const now = ctx.services.now();
    const { page, limit, offset } = pageParams(ctx.input);
    const { query, order } = couponsQuery(ctx.services.db, user.id, ctx.input.status, now);
    const { rows, total } = await pageOf(query, { limit, offset }, (q) => order(q).selectAll());
    return { data: rows.map((r) => couponView(r, now, wordsOf(ctx))), page, limit, total };
  },
};
