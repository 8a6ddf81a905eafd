/** The earn hub's figures: each product's open orders, what they hold and what they earned, in USDT at the last prices. */
import { growth } from '../../../shared/domain/dual';
import { D, ROUND, type Decimal } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { lastUsdtPrice } from './prices';

const USDT_DECIMALS = 8;

/** Sums amounts of several currencies in USDT at the last prices. */
async function valuer(ctx: RequestContext): Promise<(rows: Array<{ currency: number; amount: string | Decimal }>) => Decimal> {
  const engine = await ctx.services.market();
  return (rows) => rows.reduce((sum, r) => sum.plus(new D(r.amount).times(lastUsdtPrice(engine, r.currency))), new D(0)).round(USDT_DECIMALS, ROUND.down);
}

const totals = (open: number, value: Decimal, earned: Decimal) => ({ open, value_usdt: value.toFixed(), earned_usdt: earned.toFixed() });

export const financialHandlers: Handlers = {
  'GET /financial/summary': async (ctx) => {
    const user = requireUser(ctx).id;
    const { db } = ctx.services;
    const [mining, dual, ieo, usdt] = await Promise.all([
      db.selectFrom('mining_orders').select(['currency_id', 'amount', 'earned', 'status']).where('user_id', '=', user).execute(),
      db.selectFrom('dual_orders').innerJoin('dual_products', 'dual_products.id', 'dual_orders.product_id')
        .select(['dual_orders.status', 'dual_orders.amount', 'dual_orders.invest_currency', 'dual_orders.payout', 'dual_orders.payout_currency', 'dual_products.days', 'dual_products.annual_rate'])
        .where('dual_orders.user_id', '=', user).execute(),
      db.selectFrom('ieo_orders').innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
        .select(['ieo_orders.status', 'ieo_orders.pay_amount', 'ieo_orders.pay_currency_id', 'ieo_orders.passed', 'ieo_projects.currency_id'])
        .where('ieo_orders.user_id', '=', user).execute(),
      valuer(ctx),
    ]);
    const lockedMining = mining.filter((o) => o.status === 'locked');
    const miningTotals = totals(lockedMining.length,
      usdt(lockedMining.map((o) => ({ currency: o.currency_id, amount: o.amount }))),
      usdt(mining.map((o) => ({ currency: o.currency_id, amount: o.earned }))));
    const holding = dual.filter((o) => o.status === 'purchased' || o.status === 'settlement');
    // A settled order's yield is the part of its payout above what it would have paid without it.
    const dualYield = dual.filter((o) => o.status === 'success' && o.payout && o.payout_currency).map((o) => {
      const g = growth(o.days, o.annual_rate);
      return { currency: o.payout_currency!, amount: new D(o.payout!).minus(new D(o.payout!).div(g)) };
    });
    const dualTotals = totals(holding.length, usdt(holding.map((o) => ({ currency: o.invest_currency, amount: o.amount }))), usdt(dualYield));
    const openIeo = ieo.filter((o) => o.status !== 'released');
    const ieoTotals = totals(openIeo.length, usdt(openIeo.map((o) => (o.status === 'applied'
      ? { currency: o.pay_currency_id, amount: o.pay_amount }
      : { currency: o.currency_id, amount: o.passed ?? '0' }))), new D(0));
    const all = [miningTotals, dualTotals, ieoTotals];
    return {
      value_usdt: all.reduce((s, x) => s.plus(x.value_usdt), new D(0)).toFixed(),
      earned_usdt: all.reduce((s, x) => s.plus(x.earned_usdt), new D(0)).toFixed(),
      mining: miningTotals, dual: dualTotals, ieo: ieoTotals,
    };
  },
};
