/**
 * reconcile(): every user's balance checked against the sum of its postings, bucket by bucket (a platform
 * account has no balance of its own: it is the sum of its postings), and every entry
 * against zero per currency, every frozen balance against what its open holds have left, and every hold against
 * its amount (never more captured and released than held), in one consistent snapshot (repeatable read, so movements committing meanwhile
 * are either wholly in or wholly out). Run by the property tests, `npm run ops -- reconcile` and a daily job.
 */
import { sql, type Kysely } from 'kysely';
import { D } from '../../shared/format/decimal';
import type { DB } from '../db';

export interface BalanceMismatch {
  account_id: number; owner: string; currency_id: number; type: number; bucket: string;
  /** What the account row says. */
  balance: string;
  /** What its postings add up to. */
  postings: string;
}

export interface UnbalancedEntry { entry_id: number; cause: string; ref: string; currency_id: number; sum: string }

/** A user's frozen balance that is not what its open holds have left (holds.ts). */
export interface UnheldFrozen { account_id: number; owner: string; currency_id: number; type: number; frozen: string; held: string }

/** A hold that gave out more than it held, or whose state says otherwise than its amounts. */
export interface BadHold { hold_id: number; cause: string; ref: string; state: string; amount: string; captured: string; released: string }

export interface Reconciliation {
  ok: boolean;
  accounts: number;
  entries: number;
  mismatches: BalanceMismatch[];
  unbalanced: UnbalancedEntry[];
  unheld: UnheldFrozen[];
  badHolds: BadHold[];
}

const plain = (v: string | number) => new D(v).toFixed();

/** In `db`'s own snapshot, or inside the caller's transaction (a job's). */
export async function reconcile(db: Kysely<DB>): Promise<Reconciliation> {
  if (db.isTransaction) return check(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(check);
}

async function check(trx: Kysely<DB>): Promise<Reconciliation> {
  {
    const counts = await sql<{ accounts: string | number; entries: string | number }>`
      select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_entries) as entries`.execute(trx);
    const mismatches = await sql<BalanceMismatch>`
      with sums as (select account_id, bucket, sum(amount) as total from ledger_postings group by account_id, bucket),
      held as (
        select a.id, a.owner, a.currency_id, a.type, b.bucket,
          case b.bucket when 'available' then a.available when 'frozen' then a.frozen else a.locked end as balance
        from ledger_accounts a cross join (values ('available'), ('frozen'), ('locked')) as b (bucket)
        where a.user_id is not null
      )
      select h.id as account_id, h.owner, h.currency_id, h.type, h.bucket, h.balance::text as balance, coalesce(s.total, 0)::text as postings
      from held h left join sums s on s.account_id = h.id and s.bucket = h.bucket
      where h.balance <> coalesce(s.total, 0)
      order by h.id, h.bucket`.execute(trx);
    const unbalanced = await sql<UnbalancedEntry>`
      select e.id as entry_id, e.cause, e.ref, a.currency_id, sum(p.amount)::text as sum
      from ledger_postings p join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
      group by e.id, e.cause, e.ref, a.currency_id
      having sum(p.amount) <> 0
      order by e.id`.execute(trx);
    const unheld = await sql<UnheldFrozen>`
      with held as (select account_id, sum(amount - captured - released) as held from holds where state = 'open' group by account_id)
      select a.id as account_id, a.owner, a.currency_id, a.type, a.frozen::text as frozen, coalesce(h.held, 0)::text as held
      from ledger_accounts a left join held h on h.account_id = a.id
      where a.user_id is not null and a.frozen <> coalesce(h.held, 0)
      order by a.id`.execute(trx);
    const badHolds = await sql<BadHold>`
      select id as hold_id, cause, ref, state, amount::text as amount, captured::text as captured, released::text as released
      from holds
      where captured < 0 or released < 0 or captured + released > amount or (state = 'open') <> (captured + released < amount)
      order by id`.execute(trx);
    const [count] = counts.rows;
    const out: Reconciliation = {
      ok: mismatches.rows.length === 0 && unbalanced.rows.length === 0 && unheld.rows.length === 0 && badHolds.rows.length === 0,
      accounts: Number(count.accounts),
      entries: Number(count.entries),
      mismatches: mismatches.rows.map((m) => ({ ...m, account_id: Number(m.account_id), balance: plain(m.balance), postings: plain(m.postings) })),
      unbalanced: unbalanced.rows.map((u) => ({ ...u, entry_id: Number(u.entry_id), sum: plain(u.sum) })),
      unheld: unheld.rows.map((u) => ({ ...u, account_id: Number(u.account_id), frozen: plain(u.frozen), held: plain(u.held) })),
      badHolds: badHolds.rows.map((b) => ({ ...b, hold_id: Number(b.hold_id), amount: plain(b.amount), captured: plain(b.captured), released: plain(b.released) })),
    };
    return out;
  }
}
