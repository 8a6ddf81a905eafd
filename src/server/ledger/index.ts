/**
 * The ledger (DESIGN "ledger/"): every movement of money is one entry of postings that sum to zero per
 * currency, written inside the caller's database transaction with the touched users' accounts locked in the
 * lock order of locks.ts (the users first, then the accounts in id order), so two movements never wait on
 * each other in a cycle. A user's bucket that would go below zero refuses the whole entry with "insufficient
 * balance"; the CHECK constraint of the table backs this up.
 *
 * Platform accounts (outside, fees, house) are on the other side of nearly every movement, so they take no
 * lock and their rows are never updated: their postings are appended and their balance is the sum of them
 * (`platformBalances`). Movements of different users therefore never wait for each other.
 *
 * A user's `frozen` bucket moves only through holds (holds.ts): each frozen amount is what an open hold has
 * left, which reconcile() checks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { D } from '../../shared/format/decimal';
import type { DB } from '../db';
import { writeEntry, type Movement } from './entries';
import { LedgerError } from './errors';
import type { UserAccount } from './holds';

export * from './accounts';
export * from './errors';
export { inUserTransaction, lockUsers } from './locks';
export { reconcile, type Reconciliation } from './reconcile';
export { acceptCauses, assertWithinLedger, type Leg, type Movement } from './entries';
export * from './holds';

export interface Balance { currency_id: number; type: number; available: string; frozen: string; locked: string }

/**
 * Applies a movement inside `trx`; returns the entry id. Throws InsufficientBalance when a user's bucket would
 * go negative. Money enters or leaves `frozen` only through a hold (holds.ts), so every frozen amount is an
 * open hold's: a leg on `frozen` here is refused.
 */
export async function post(trx: Transaction<DB>, m: Movement): Promise<number> {
  if (m.legs.some((l) => l.bucket === 'frozen')) throw new LedgerError(`${m.cause}: frozen moves only through a hold`);
  return writeEntry(trx, m);
}

/** The available balance of one of a user's accounts ('0' when it has none yet). */
export async function availableOf(db: Kysely<DB>, account: UserAccount): Promise<string> {
  const row = await db.selectFrom('ledger_accounts').select('available')
    .where('user_id', '=', account.user).where('currency_id', '=', account.currency).where('type', '=', account.type).executeTakeFirst();
  return row ? decimal(row.available) : '0';
}

/** A user's non-empty balances, by currency and account type. */
export async function balancesOf(db: Kysely<DB>, userId: number): Promise<Balance[]> {
  const rows = await db.selectFrom('ledger_accounts').select(['currency_id', 'type', 'available', 'frozen', 'locked'])
    .where('user_id', '=', userId).orderBy('currency_id').orderBy('type').execute();
  return rows.map((r) => ({ currency_id: r.currency_id, type: r.type, available: decimal(r.available), frozen: decimal(r.frozen), locked: decimal(r.locked) }));
}

/** The platform's balances (the sums of their postings), by account and currency. */
export async function platformBalances(db: Kysely<DB>): Promise<Array<{ owner: string; currency_id: number; balance: string }>> {
  const rows = await sql<{ owner: string; currency_id: number; balance: string }>`
    select a.owner, a.currency_id, coalesce(sum(p.amount), 0)::text as balance
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    where a.user_id is null
    group by a.owner, a.currency_id
    order by a.owner, a.currency_id`.execute(db);
  return rows.rows.map((r) => ({ ...r, balance: decimal(r.balance) }));
}

/** Sum of every account of each currency (users' buckets and the platform's postings): zero for every currency, always. */
export async function totalsByCurrency(db: Kysely<DB>): Promise<Map<number, string>> {
  const rows = await sql<{ currency_id: number; total: string }>`
    select currency_id, sum(total)::text as total from (
      select currency_id, available + frozen + locked as total from ledger_accounts where user_id is not null
      union all
      select a.currency_id, p.amount from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.user_id is null
    ) as parts group by currency_id`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.currency_id), decimal(r.total)]));
}

/** A NUMERIC from either backend as a plain decimal string without trailing zeros. */
function decimal(v: string | number): string {
  return new D(v).toFixed();
}
