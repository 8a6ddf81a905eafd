/**
 * The life of a seconds contract: placed at the recorded last price (the stake frozen, its settlement
 * scheduled for the expiry second), then settled once by the `seconds.settle` job from the recorded price of
 * that second. The job settles with a guarded status update first, so a second run (a retry, another node,
 * a catch-up after a restart) changes nothing.
 */
import type { Selectable, Transaction } from 'kysely';
import { BALANCE_EVENT, TRADE_EVENT } from '../../../shared/contract/events';
import { SECONDS_STATUS, SECONDS_TYPE } from '../../../shared/contract/seconds';
import { secondsPayout, secondsProfit, secondsResult, type SecondsDirection } from '../../../shared/domain/seconds';
import { D, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import type { JobRun } from '../../jobs/types';
import type { Scheduler } from '../../jobs/scheduler';
import { ACCOUNT_TYPES, hold, lockUsers, payOut } from '../../ledger';
import type { MarketEngine } from '../../market';
import { settlementPriceAt } from '../../market/settlement';
import type { Currency } from '../../market/currencies';
import { pairBySymbol, type Pair } from '../trading';
import { percentOf, type SecondsTerm } from './terms';
import { currencyById, isoOrNull, plain, plainOrNull } from '../../kernel';

export const SETTLE_JOB = 'seconds.settle';

export type SecondsOrderRow = Selectable<DB['seconds_orders']>;

const refOf = (id: number) => `seconds:${id}`;
const unixSecond = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);
const microAccount = (user: number, currency: number) => ({ user, currency, type: ACCOUNT_TYPES.micro });

export interface NewSecondsOrder { user: number; pair: Pair; currency: Currency; term: SecondsTerm; direction: SecondsDirection; number: Decimal }

/**
 * Places an order inside the user's money transaction: the opening price is the last price, recorded with
 * its second, which is when the term starts; the stake moves from available to frozen (refused whole when
 * it is not there), and the settlement is scheduled for the expiry second.
 */
export async function placeOrder(trx: Transaction<DB>, engine: MarketEngine, jobs: Scheduler, o: NewSecondsOrder): Promise<SecondsOrderRow> {
  const symbol = o.pair.inst.symbol;
  const { price, second } = engine.lastPrice(symbol);
  const openedAt = new Date(second * 1000);
  const expiresAt = new Date((second + o.term.seconds) * 1000);
  const order = await trx.insertInto('seconds_orders').values({
    user_id: o.user, symbol, currency_id: o.currency.id, direction: o.direction, seconds: o.term.seconds, number: o.number.toFixed(),
    // Copied: an operator's later change of the term does not change open orders.
    payout_rate: o.term.payout_rate, open_price: price, opened_at: openedAt, expires_at: expiresAt, status: 'open',
  }).returningAll().executeTakeFirstOrThrow();
  const ref = refOf(order.id);
  await settlementPriceAt(trx, engine, { symbol, second, price, cause: 'seconds.open', ref });
  const mine = microAccount(o.user, o.currency.id);
  await hold(trx, { account: mine, amount: o.number, cause: 'seconds.stake', ref });
  await jobs.schedule(trx, SETTLE_JOB, String(order.id), expiresAt);
  return order;
}

/** The `seconds.settle` run of one order (`key` is its id): settles it once, from the price of its expiry second. */
export async function settleOrder({ trx, services, key, now, afterCommit }: JobRun): Promise<void> {
  const id = Number(key);
  const owner = await trx.selectFrom('seconds_orders').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!owner) return;
  await lockUsers(trx, [owner.user_id]);
  const order = await trx.updateTable('seconds_orders').set({ status: 'settled', settled_at: now })
    .where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
  if (!order) return; // settled already
  const ref = refOf(id);
  const close = await settlementPriceAt(trx, await services.market(), { symbol: order.symbol, second: unixSecond(order.expires_at), cause: 'seconds.settle', ref });
  const result = secondsResult(order.direction, order.open_price, close.price);
  const payout = secondsPayout(result, order.number, order.payout_rate, currencyById(order.currency_id).decimals);
  await trx.updateTable('seconds_orders').set({ close_price: close.price, result, payout: payout.toFixed() }).where('id', '=', id).execute();
  // The stake's hold ends: `payout` back to available, the house taking the difference (giving it on a win).
  await payOut(trx, { cause: 'seconds.stake', ref }, { cause: 'seconds.settle', payout, counterparty: { platform: 'house', currency: order.currency_id } });
  afterCommit(() => {
    services.tell(order.user_id, TRADE_EVENT);
    services.tell(order.user_id, BALANCE_EVENT);
  });
}

/** An order as the app shows it at `now`. */
export function orderView(row: SecondsOrderRow, now: Date) {
  const currency = currencyById(row.currency_id);
  const { inst } = pairBySymbol(row.symbol);
  // Prices as the market shows them: with the pair's tick decimals.
  const price = (v: string) => new D(v).toFixed(inst.priceDecimals);
  const expires = new Date(row.expires_at);
  return {
    id: row.id, symbol_name: row.symbol, match_id: inst.id, currency_id: currency.id, currency_name: currency.name,
    type: SECONDS_TYPE.code(row.direction), seconds: row.seconds, number: plain(row.number), profit_ratio: percentOf(row.payout_rate),
    open_price: price(row.open_price), close_price: row.close_price === null ? null : price(row.close_price),
    status: SECONDS_STATUS.code(row.status), result: row.result, payout: plainOrNull(row.payout),
    fact_profits: row.payout === null ? null : new D(row.payout).minus(row.number).toFixed(),
    expected_profit: secondsProfit(row.number, row.payout_rate, currency.decimals).toFixed(),
    created_at: new Date(row.opened_at).toISOString(), expires_at: expires.toISOString(), handled_at: isoOrNull(row.settled_at),
    remaining: Math.max(0, Math.ceil((expires.getTime() - now.getTime()) / 1000)),
  };
}
