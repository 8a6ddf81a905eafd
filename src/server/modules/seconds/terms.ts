/** The operator's seconds data: the pairs open for seconds contracts and the terms offered per currency. */
import type { Kysely } from 'kysely';
import { D } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { pairOf, type Pair } from '../trading';
import { currencyById, plain } from '../../kernel';

export interface SecondsTerm { currency_id: number; seconds: number; payout_rate: string; min_number: string; max_number: string }

const TERM_COLUMNS = ['currency_id', 'seconds', 'payout_rate', 'min_number', 'max_number'] as const;

/** The pair of `match_id` (the instrument id), refused unless the operator has it open for seconds contracts. */
export async function secondsPair(db: Kysely<DB>, matchId: unknown): Promise<Pair> {
  const pair = pairOf(matchId);
  const market = await db.selectFrom('seconds_markets').select('enabled').where('symbol', '=', pair.inst.symbol).executeTakeFirst();
  if (!market?.enabled) throw new ApiError('api.trade.pair_closed');
  return pair;
}

/** The enabled terms (of one currency, or all), by currency then duration. */
export function offeredTerms(db: Kysely<DB>, currencyId?: number): Promise<SecondsTerm[]> {
  let q = db.selectFrom('seconds_terms').select(TERM_COLUMNS).where('enabled', '=', true);
  if (currencyId !== undefined) q = q.where('currency_id', '=', currencyId);
  return q.orderBy('currency_id').orderBy('seconds').execute();
}

/** The enabled term of `seconds` in the currency; undefined when not offered. */
export function offeredTerm(db: Kysely<DB>, currencyId: number, seconds: number): Promise<SecondsTerm | undefined> {
  return db.selectFrom('seconds_terms').select(TERM_COLUMNS)
    .where('currency_id', '=', currencyId).where('seconds', '=', seconds).where('enabled', '=', true).executeTakeFirst();
}

/** A payout rate (the fraction a win earns, as the tables keep it) as the profit ratio the app shows: in percent. */
export const percentOf = (rate: string) => new D(rate).times(100).toFixed();

/** A term as the app shows it. */
export function termView(term: SecondsTerm) {
  return {
    currency_id: term.currency_id, currency_name: currencyById(term.currency_id).name, seconds: term.seconds,
    profit_ratio: percentOf(term.payout_rate), min_number: plain(term.min_number), max_number: plain(term.max_number),
  };
}
