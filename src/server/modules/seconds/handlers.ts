/** The seconds-contract endpoints (src/shared/contract/seconds.ts). */
import type { Kysely } from 'kysely';
import { TRADE_EVENT } from '../../../shared/contract/events';
import { SECONDS_PAGE, SECONDS_STATUS, SECONDS_TYPE } from '../../../shared/contract/seconds';
import { secondsProfit } from '../../../shared/domain/seconds';
import type { Handlers } from '../../context';
import { requireUser } from '../../context';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, availableOf } from '../../ledger';
import { USDT_ID, type Currency } from '../../market/currencies';
import { moneyTransaction } from '../../money';
import { pairOf } from '../trading';
import { orderView, placeOrder } from './orders';
import { offeredTerm, offeredTerms, secondsPair, termView } from './terms';
import { currencyById, decimalInput, pageOf, pageParams, plain } from '../../kernel';
import { requirePayPassword } from '../auth';

async function microAvailable(db: Kysely<DB>, user: number, currency: number): Promise<string> {
  return availableOf(db, { user, currency, type: ACCOUNT_TYPES.micro });
}

const stakeOf = (value: unknown, currency: Currency) => decimalInput(value, currency.decimals, 'api.trade.amount_decimals');

export const secondsHandlers: Handlers = {
  'GET /microtrade/payable_currencies': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const rows = await db.selectFrom('seconds_terms').select('currency_id').distinct().where('enabled', '=', true).orderBy('currency_id').execute();
    return Promise.all(rows.map(async ({ currency_id }) => ({
      id: currency_id, name: currencyById(currency_id).name, user_wallet: { micro_with_insurance: await microAvailable(db, user.id, currency_id) },
    })));
  },

  'GET /microtrade/seconds': async (ctx) => {
    const currencyId = ctx.input.currency_id === undefined ? undefined : Number(ctx.input.currency_id);
    return (await offeredTerms(ctx.services.db, currencyId)).map(termView);
  },

  'POST /microtrade/info': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const pair = await secondsPair(db, ctx.input.match_id);
    const currency = currencyById(ctx.input.currency_id ?? USDT_ID);
    const term = ctx.input.seconds === undefined ? undefined : await offeredTerm(db, currency.id, Number(ctx.input.seconds));
    const number = ctx.input.number === undefined ? undefined : stakeOf(ctx.input.number, currency);
    const { price } = (await ctx.services.market()).lastPrice(pair.inst.symbol);
    const shown = term && termView(term);
    return {
      symbol: pair.inst.symbol, match_id: pair.inst.id, price, currency_id: currency.id, currency_name: currency.name,
      available: await microAvailable(db, user.id, currency.id),
      seconds: shown?.seconds ?? null, profit_ratio: shown?.profit_ratio ?? null,
      min_number: shown?.min_number ?? null, max_number: shown?.max_number ?? null,
      profit: term && number ? secondsProfit(number, term.payout_rate, currency.decimals).toFixed() : null,
      max_loss: number ? number.toFixed() : null,
    };
  },

  'POST /microtrade/submit': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    await requirePayPassword(db, user.id);
    const pair = await secondsPair(db, ctx.input.match_id);
    const currency = currencyById(ctx.input.currency_id ?? USDT_ID);
    const term = await offeredTerm(db, currency.id, Number(ctx.input.seconds));
    if (!term) throw new ApiError('api.seconds.term_unavailable');
    const number = stakeOf(ctx.input.number, currency);
    if (number.lt(term.min_number)) throw new ApiError('api.seconds.below_min', { min: plain(term.min_number), currency: currency.name });
    if (number.gt(term.max_number)) throw new ApiError('api.seconds.above_max', { max: plain(term.max_number), currency: currency.name });
    const engine = await ctx.services.market();
    const direction = SECONDS_TYPE.name(ctx.input.type);
    const order = await moneyTransaction(ctx, (trx) => placeOrder(trx, engine, ctx.services.jobs, { user: user.id, pair, currency, term, direction, number }));
    ctx.services.tell(user.id, TRADE_EVENT);
    return orderView(order, ctx.services.now());
  },

  'GET /microtrade/lists': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input, SECONDS_PAGE);
    let mine = ctx.services.db.selectFrom('seconds_orders').where('user_id', '=', user.id).where('status', '=', SECONDS_STATUS.name(ctx.input.status));
    if (ctx.input.match_id !== undefined) mine = mine.where('symbol', '=', pairOf(ctx.input.match_id).inst.symbol);
    const { rows, total } = await pageOf(mine, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    const now = ctx.services.now();
    return { data: rows.map((r) => orderView(r, now)), page, limit, total };
  },

  'GET /microtrade/get_result': async (ctx) => {
    const user = requireUser(ctx);
    const row = await ctx.services.db.selectFrom('seconds_orders').selectAll()
      .where('id', '=', Number(ctx.input.id)).where('user_id', '=', user.id).executeTakeFirst();
    if (!row) throw new ApiError('api.trade.order_not_found');
    return orderView(row, ctx.services.now());
  },
};
