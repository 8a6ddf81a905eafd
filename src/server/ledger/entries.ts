/**
 * Writing one entry: its legs checked (balanced per currency, no zero, at most 18 decimals, a known cause), the
 * touched accounts created and locked in the lock order of locks.ts, the users' buckets kept from going below
 * zero. `post()` (index.ts) and the holds (holds.ts) are the only writers; only the holds move `frozen`.
 */
import { sql, type Transaction } from 'kysely';
import { LEDGER_CAUSES, type LedgerCause } from '../../shared/contract/causes';
import { D, type Decimal, type DecimalInput } from '../../shared/format/decimal';
import type { DB } from '../db';
import { accountKey, BUCKETS, type AccountRef, type Bucket } from './accounts';
import { AmountOutOfRange, InsufficientBalance, LedgerError } from './errors';
import { lockUsers } from './locks';

/** One side of a movement: `amount` (signed) added to a bucket of an account (`available` by default). */
export interface Leg { account: AccountRef; bucket?: Bucket; amount: DecimalInput }
export interface Movement {
  /** What caused it (the contract's list: `deposit`, `withdraw.freeze`, `transfer` …). */
  cause: LedgerCause;
  /** What it refers to: an order, a request, a transfer id. */
  ref?: string;
  legs: Leg[];
}

/** Largest scale the columns keep (numeric(36, 18)). */
const SCALE = 18;
/** The columns' 18 integer digits: every amount and balance is below this in magnitude. */
const LIMIT = new D('1e18');

/**
 * Refuses amounts the ledger's columns cannot hold (AmountOutOfRange). Call it on a figure derived from the
 * input (an order's total, a hold) before writing it anywhere, so a huge order is refused, not half-written.
 */
export function assertWithinLedger(...amounts: Array<DecimalInput | undefined>): void {
  for (const a of amounts) if (a !== undefined && new D(a).abs().gte(LIMIT)) throw new AmountOutOfRange(new D(a).toFixed());
}

/** The causes the ledger accepts: the catalogue's, and those of the areas an app serves (`acceptCauses`). */
const accepted = new Set<string>(LEDGER_CAUSES);

/** Called by `buildApp` with the causes its areas declare (`Area.causes`). */
export function acceptCauses(causes: Iterable<string>): void {
  for (const c of causes) accepted.add(c);
}

function checkMovement(m: Movement): Array<{ key: ReturnType<typeof accountKey>; bucket: Bucket; amount: Decimal }> {
  if (!accepted.has(m.cause)) throw new LedgerError(`unknown cause ${String(m.cause)}`);
  if (m.legs.length < 2) throw new LedgerError('a movement needs at least two legs');
  const sums = new Map<number, Decimal>();
  const legs = m.legs.map((leg) => {
    const amount = new D(leg.amount);
    if (amount.eq(0)) throw new LedgerError('a leg of zero');
    assertWithinLedger(amount);
    if ((amount.toFixed().split('.')[1]?.length ?? 0) > SCALE) throw new LedgerError(`more than ${SCALE} decimals: ${amount.toFixed()}`);
    const bucket = leg.bucket ?? 'available';
    if (!BUCKETS.includes(bucket)) throw new LedgerError(`unknown bucket ${bucket}`);
    const key = accountKey(leg.account);
    sums.set(key.currency_id, (sums.get(key.currency_id) ?? new D(0)).plus(amount));
    return { key, bucket, amount };
  });
  for (const [currency, sum] of sums) if (!sum.eq(0)) throw new LedgerError(`currency ${currency} does not balance: ${sum.toFixed()}`);
  return legs;
}

/** Applies a movement inside `trx`; returns the entry id. Throws InsufficientBalance when a user's bucket would go negative. */
export async function writeEntry(trx: Transaction<DB>, m: Movement): Promise<number> {
  const legs = checkMovement(m);
  const keys = new Map(legs.map((l) => [`${l.key.owner}|${l.key.currency_id}|${l.key.type}`, l.key]));
  const users = [...keys.values()].filter((k) => k.user_id !== null);
  const platform = [...keys.values()].filter((k) => k.user_id === null);
  // Step 1 of the lock order for the users of the legs (a no-op when the caller took it), then step 4.
  await lockUsers(trx, legs.flatMap((l) => (l.key.user_id === null ? [] : [l.key.user_id])));
  // New accounts in one fixed order: two movements creating the same two accounts never wait crosswise.
  const creation = [...keys.values()].sort((a, b) => compare(a.owner, b.owner) || a.currency_id - b.currency_id || a.type - b.type);
  await trx.insertInto('ledger_accounts').values(creation)
    .onConflict((oc) => oc.columns(['owner', 'currency_id', 'type']).doNothing()).execute();
  const accounts = (list: typeof users) => trx.selectFrom('ledger_accounts').selectAll()
    .where((eb) => eb.or(list.map((k) => eb.and([eb('owner', '=', k.owner), eb('currency_id', '=', k.currency_id), eb('type', '=', k.type)]))))
    .orderBy('id');
  const rows = [
    ...(users.length ? await accounts(users).forNoKeyUpdate().execute() : []),
    ...(platform.length ? await accounts(platform).execute() : []),
  ];
  const byKey = new Map(rows.map((r) => [`${r.owner}|${r.currency_id}|${r.type}`, r]));

  const next = new Map<string, Record<Bucket, Decimal>>();
  for (const leg of legs) {
    if (leg.key.user_id === null) continue;
    const k = `${leg.key.owner}|${leg.key.currency_id}|${leg.key.type}`;
    const row = byKey.get(k)!;
    const b = next.get(k) ?? { available: new D(row.available), frozen: new D(row.frozen), locked: new D(row.locked) };
    b[leg.bucket] = b[leg.bucket].plus(leg.amount);
    next.set(k, b);
  }
  for (const b of next.values()) {
    if (BUCKETS.some((bucket) => b[bucket].lt(0))) throw new InsufficientBalance();
    assertWithinLedger(...BUCKETS.map((bucket) => b[bucket]));
  }

  const entry = await trx.insertInto('ledger_entries').values({ cause: m.cause, ref: m.ref ?? '' }).returning('id').executeTakeFirstOrThrow();
  for (const [k, b] of next) {
    await trx.updateTable('ledger_accounts')
      .set({ available: b.available.toFixed(), frozen: b.frozen.toFixed(), locked: b.locked.toFixed(), updated_at: sql`now()` })
      .where('id', '=', byKey.get(k)!.id).execute();
  }
  await trx.insertInto('ledger_postings').values(legs.map((l) => ({
    entry_id: entry.id, account_id: byKey.get(`${l.key.owner}|${l.key.currency_id}|${l.key.type}`)!.id, bucket: l.bucket, amount: l.amount.toFixed(),
  }))).execute();
  return Number(entry.id);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
