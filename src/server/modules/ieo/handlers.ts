/** IEO endpoints (SPEC 7 "IEO and lock mining"): projects, one project, the application being typed, applying, the user's applications. */
import { EARN_EVENT } from '../../../shared/contract/events';
import { IEO_TIME_STATUS } from '../../../shared/contract/ieo';
import { applicationCost } from '../../../shared/domain/ieo';
import { D, type Decimal } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, availableOf } from '../../ledger';
import { moneyTransaction } from '../../money';
import { appliedBy, apply, orderView } from './orders';
import { issuePriceIn, nonNegative, projectById, projectView, type ProjectRow } from './projects';
import { currencyById, decimalInput, pageOf, pageParams, plain } from '../../kernel';
import { checkPayPassword, hasPayPassword } from '../auth';

const tellEarn = (ctx: RequestContext) => ctx.services.tell(requireUser(ctx).id, EARN_EVENT);

/** The typed quantity of tokens, within the project's bounds for one application. */
function quantityIn(p: ProjectRow, value: unknown): Decimal {
  const currency = currencyById(p.currency_id);
  const q = decimalInput(value, currency.decimals, 'api.ieo.amount_decimals');
  if (q.lte(0)) throw new ApiError('error.format.amount');
  if (q.lt(p.min_amount)) throw new ApiError('api.ieo.below_min', { min: plain(p.min_amount), currency: currency.name });
  if (q.gt(p.max_amount)) throw new ApiError('api.ieo.above_max', { max: plain(p.max_amount), currency: currency.name });
  return q;
}

export const ieoHandlers: Handlers = {
  'GET /project': async (ctx) => {
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('ieo_projects');
    if (ctx.input.time_status !== undefined) q = q.where('status', '=', IEO_TIME_STATUS.name(ctx.input.time_status));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('sort').orderBy('id'));
    const now = ctx.services.now();
    return { list: rows.map((p) => projectView(p, now)), page, limit, total };
  },

  'GET /project/detail': async (ctx) => {
    const p = await projectById(ctx.services.db, ctx.input.project_id);
    const engine = await ctx.services.market();
    return {
      info: {
        ...projectView(p, ctx.services.now()), content: p.intro, link: p.website, white_paper: p.white_paper,
        btc_price: issuePriceIn(engine, p, 'BTC'), eth_price: issuePriceIn(engine, p, 'ETH'),
      },
    };
  },

  'POST /project/info': async (ctx) => {
    const user = requireUser(ctx);
    const p = await projectById(ctx.services.db, ctx.input.project_id);
    const [balance, pay, mine] = await Promise.all([
      availableOf(ctx.services.db, { user: user.id, currency: p.pay_currency_id, type: ACCOUNT_TYPES.change }),
      hasPayPassword(ctx.services.db, user.id),
      appliedBy(ctx.services.db, user.id, p.id),
    ]);
    let cost: string | null = null;
    try {
      if (ctx.input.amount !== undefined) cost = applicationCost(quantityIn(p, ctx.input.amount), p.price, currencyById(p.pay_currency_id).decimals).toFixed();
    } catch { cost = null; } // an amount the application would refuse: the form says why
    return {
      ...projectView(p, ctx.services.now()), available: balance, cost, applied_by_me: mine.toFixed(),
      max_more: nonNegative(new D(p.max_amount).minus(mine)).toFixed(), has_pay_password: pay,
    };
  },

  'POST /project/order': async (ctx) => {
    const user = requireUser(ctx);
    const p = await projectById(ctx.services.db, ctx.input.project_id);
    const pay = currencyById(p.pay_currency_id);
    if (ctx.input.pay_currency !== p.pay_currency_id) throw new ApiError('api.ieo.pay_currency', { currency: pay.name });
    const quantity = quantityIn(p, ctx.input.amount);
    // `price` is the total the user agreed to pay: never charge more than that.
    const cost = applicationCost(quantity, p.price, pay.decimals);
    if (cost.gt(ctx.input.price)) throw new ApiError('api.ieo.cost_changed', { cost: cost.toFixed(), currency: pay.name });
    await checkPayPassword(ctx.services, user.id, ctx.input.pay_password);
    const now = ctx.services.now();
    const view = await moneyTransaction(ctx, async (trx) => orderView(await apply(trx, p, user.id, quantity, now), p));
    tellEarn(ctx);
    return view;
  },

  'GET /user/project/order': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const q = ctx.services.db.selectFrom('ieo_orders').where('user_id', '=', user.id);
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    const ids = [...new Set(rows.map((r) => r.project_id))];
    const projects = ids.length ? await ctx.services.db.selectFrom('ieo_projects').selectAll().where('id', 'in', ids).execute() : [];
    const byId = new Map(projects.map((p) => [p.id, p]));
    return { data: rows.map((r) => orderView(r, byId.get(r.project_id)!)), page, limit, total };
  },
};
