/** The operator's spot data of a pair (`spot_markets`), and the account its trades use. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES } from '../../ledger';
import type { Pair } from '../trading';

export interface SpotMarket { symbol: string; enabled: boolean; fee_rate: string; min_amount: string }

export async function spotMarket(db: Kysely<DB>, symbol: string): Promise<SpotMarket | undefined> {
  return db.selectFrom('spot_markets').select(['symbol', 'enabled', 'fee_rate', 'min_amount']).where('symbol', '=', symbol).executeTakeFirst();
}

export async function openSpotMarket(db: Kysely<DB>, symbol: string): Promise<SpotMarket> {
  const market = await spotMarket(db, symbol);
  if (!market?.enabled) throw new ApiError('api.trade.pair_closed');
  return market;
}

/** Crypto pairs trade in the spot (change) account, stocks in the stock account. */
export const spotAccount = (pair: Pair) => (pair.inst.category === 'stock' ? 'stock' : 'change') as 'stock' | 'change';
export const spotAccountType = (pair: Pair) => ACCOUNT_TYPES[spotAccount(pair)];
