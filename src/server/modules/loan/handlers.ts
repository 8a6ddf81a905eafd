/** Loan endpoints (SPEC 7 `/loan`, `/loanLog`; repayments ours): applying, the user's loans, repaying, the repayments. */
import { EARN_EVENT } from '../../../shared/contract/events';
import { LOAN_STATUS } from '../../../shared/contract/loan';
import { liquidationPrice, loanQuote } from '../../../shared/domain/loans';
import { toD } from '../../../shared/format/decimal';
import { requireUser, type Handlers, type RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { CURRENCIES, USDT_ID } from '../../market/currencies';
import { moneyTransaction } from '../../money';
import { usdtPriceOf } from '../financial';
import { ACCOUNT_TYPES, availableOf, inUserTransaction } from '../../ledger';
import { currencyById, decimalInput, pageOf, pageParams } from '../../kernel';
import { addPledge, applyLoan, loanView, pledgePriceDecimals, owedNow, pledgePreview, repaymentPreview, repaymentView, repayLoan, type LoanRow } from './loans';

const tellEarn = (ctx: RequestContext) => ctx.services.tell(requireUser(ctx).id, EARN_EVENT);

/** An amount of USDT typed by the user, more than 0. */
function usdtAmount(value: unknown) {
  const amount = decimalInput(value, currencyById(USDT_ID).decimals, 'api.wallet.too_many_decimals');
  if (amount.lte(0)) throw new ApiError('error.format.amount');
  return amount;
}

/** The pledge currency asked for: `pawn`, or the only one offered when none is named. */
function pledgeCurrency(ctx: RequestContext, pawn: unknown): number {
  const offered = ctx.config.site.loans.pledge_currencies;
  const name = pawn === undefined ? (offered.length === 1 ? offered[0] : undefined) : String(pawn);
  if (name === undefined) throw new ApiError('api.loan.pledge_required', { currencies: offered.join(', ') });
  const currency = CURRENCIES.find((c) => c.name === name);
  if (!currency || !offered.includes(name)) throw new ApiError('api.loan.pledge_unknown', { currencies: offered.join(', ') });
  return currency.id;
}

/** Each loan with its risk at its pledge's last price; a loan closed by selling its pledge says what was sold, in the reader's language. */
async function views(ctx: RequestContext, rows: readonly LoanRow[]) {
  const prices = new Map<number, string>();
  for (const l of rows) if (l.status === 'paid' && !prices.has(l.pledge_currency_id)) prices.set(l.pledge_currency_id, await usdtPriceOf(ctx.services, l.pledge_currency_id));
  const now = ctx.services.now();
  return rows.map((l) => {
    const view = loanView(l, prices.get(l.pledge_currency_id), now);
    const { sold_pledge: amount, sold_price: price } = view;
    return amount === null || price === null ? view : { ...view, reason: ctx.t('api.loan.sold', { amount, currency: view.pawn, price }) };
  });
}

/** The operator's cycles (settings/site.json `loans.terms`). */
const cyclesIn = (ctx: RequestContext) => ctx.config.site.loans.terms.map((t) => ({ days: t.days, dailyRate: t.daily_rate }));

/** The operator's terms in the wire's names (LOAN_TERMS_FIELDS). */
function termsOf(ctx: RequestContext) {
  const terms = ctx.config.site.loans;
  return {
    min: terms.min, max: terms.max, cycles: cyclesIn(ctx).map((c) => ({ day: c.days, rate: c.dailyRate })), pledge_currencies: [...terms.pledge_currencies],
    pawn_rate: terms.pledge_ratio, warning_risk_rate: terms.warning_risk_rate, liquidation_risk_rate: terms.liquidation_risk_rate, overdue_rate: terms.overdue_daily_rate,
  };
}

export const loanHandlers: Handlers = {
  'GET /loan/terms': async (ctx) => termsOf(ctx),

  'POST /loan/info': async (ctx) => {
    const user = requireUser(ctx);
    const terms = ctx.config.site.loans;
    const offered = terms.pledge_currencies;
    const pawn = ctx.input.pawn !== undefined && offered.includes(ctx.input.pawn) ? ctx.input.pawn : offered[0];
    const currency = CURRENCIES.find((c) => c.name === pawn)!;
    const [price, balance] = await Promise.all([
      usdtPriceOf(ctx.services, currency.id),
      availableOf(ctx.services.db, { user: user.id, currency: currency.id, type: ACCOUNT_TYPES.change }),
    ]);
    const cycles = cyclesIn(ctx);
    const cycle = cycles.find((c) => c.days === ctx.input.day);
    const money = toD(ctx.input.money ?? '');
    let quote = null;
    if (cycle && money && money.gte(terms.min) && money.lte(terms.max)) {
      const q = loanQuote({
        amount: money, cycle, pledgeRatio: terms.pledge_ratio, pledgePrice: price, pledgeDecimals: currency.decimals,
        decimals: currencyById(USDT_ID).decimals, from: ctx.services.now(),
      });
      quote = {
        pawn_num: q.pledge.toFixed(), day_interest: q.dayInterest.toFixed(), interest: q.interest.toFixed(), repay_amount: q.repay.toFixed(),
        due_time: q.dueAt.toISOString(),
        liquidation_price: liquidationPrice(q.pledge, money.plus(q.dayInterest), terms.liquidation_risk_rate, pledgePriceDecimals(currency.id))!.toFixed(),
      };
    }
    return { ...termsOf(ctx), pawn, pawn_price: price, available: balance, quote };
  },

  'POST /loan': async (ctx) => {
    const user = requireUser(ctx);
    const terms = ctx.config.site.loans;
    const principal = usdtAmount(ctx.input.money);
    if (principal.lt(terms.min)) throw new ApiError('api.loan.below_min', { min: terms.min });
    if (principal.gt(terms.max)) throw new ApiError('api.loan.above_max', { max: terms.max });
    const cycles = cyclesIn(ctx);
    const cycle = cycles.find((c) => c.days === ctx.input.day);
    if (!cycle) throw new ApiError('api.loan.cycle_unknown', { days: cycles.map((c) => c.days).join(', ') });
    const currency = pledgeCurrency(ctx, ctx.input.pawn);
    const price = await usdtPriceOf(ctx.services, currency);
    const now = ctx.services.now();
    const loan = await moneyTransaction(ctx, (trx) => applyLoan(trx, { user: user.id, principal, cycle, pledgeCurrency: currency, price, terms, now }));
    tellEarn(ctx);
    return loanView(loan, undefined, now);
  },

  'GET /loanLog': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('loans').where('user_id', '=', user.id);
    if (ctx.input.status !== undefined) q = q.where('status', '=', LOAN_STATUS.name(ctx.input.status));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    return { data: await views(ctx, rows), page, limit, total };
  },

  'POST /loan/repay': async (ctx) => {
    const user = requireUser(ctx);
    const amount = usdtAmount(ctx.input.amount);
    const now = ctx.services.now();
    const { loan, repayment } = await moneyTransaction(ctx, (trx) => repayLoan(trx, user.id, ctx.input.id, amount, now));
    tellEarn(ctx);
    return { loan: (await views(ctx, [loan]))[0], repayment: repaymentView(repayment) };
  },

  'POST /loan/repay/info': async (ctx) => {
    const user = requireUser(ctx);
    const now = ctx.services.now();
    // Accruing what is due by now is a change of the loan: under the owner's lock, like the job's.
    const loan = await inUserTransaction(ctx.services.db, user.id, (trx) => owedNow(trx, user.id, ctx.input.id, now));
    const available = await availableOf(ctx.services.db, { user: user.id, currency: USDT_ID, type: ACCOUNT_TYPES.change });
    return { loan: (await views(ctx, [loan]))[0], available, ...repaymentPreview(loan, toD(ctx.input.amount ?? '')) };
  },

  'POST /loan/pledge/info': async (ctx) => {
    const user = requireUser(ctx);
    const loan = await ctx.services.db.selectFrom('loans').selectAll().where('id', '=', ctx.input.id).where('user_id', '=', user.id).executeTakeFirst();
    if (!loan) throw new ApiError('api.loan.not_found');
    const [price, available] = await Promise.all([
      usdtPriceOf(ctx.services, loan.pledge_currency_id),
      availableOf(ctx.services.db, { user: user.id, currency: loan.pledge_currency_id, type: ACCOUNT_TYPES.change }),
    ]);
    return { loan: loanView(loan, price, ctx.services.now()), available, after: pledgePreview(loan, toD(ctx.input.amount ?? ''), price) };
  },

  'POST /loan/pledge': async (ctx) => {
    const user = requireUser(ctx);
    const loan = await ctx.services.db.selectFrom('loans').select('pledge_currency_id').where('id', '=', ctx.input.id).where('user_id', '=', user.id).executeTakeFirst();
    if (!loan) throw new ApiError('api.loan.not_found');
    const amount = decimalInput(ctx.input.amount, currencyById(loan.pledge_currency_id).decimals, 'api.wallet.too_many_decimals');
    if (amount.lte(0)) throw new ApiError('error.format.amount');
    const topped = await moneyTransaction(ctx, (trx) => addPledge(trx, user.id, ctx.input.id, amount));
    tellEarn(ctx);
    return (await views(ctx, [topped]))[0];
  },

  'GET /loan/repayments': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('loan_repayments').where('user_id', '=', user.id);
    if (ctx.input.id !== undefined) q = q.where('loan_id', '=', ctx.input.id);
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    return { data: rows.map(repaymentView), page, limit, total };
  },
};
