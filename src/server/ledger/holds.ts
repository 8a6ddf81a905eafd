/**
 * Holds (TigerBeetle's pending transfers, Formance's holds): money set aside in a user's `frozen` bucket for
 * something undecided (a limit order, a withdrawal under review, an application, a position's margin). A hold
 * is made by one entry (`hold`: available -> frozen), named by that entry's cause and ref, and may grow while
 * open (`addToHold`: a pledge topped up); then captured
 * (`capture`: the amount leaves frozen to where the flow's legs say, whole or in part) or released
 * (`release`: back to available), in one or several steps, until nothing remains. A hold resolved so refuses
 * any further step (HoldResolved), and no step takes more than remains (a LedgerError).
 *
 * Each step runs under the hold's row lock (FOR UPDATE), taken after the user's row and before the accounts
 * (ledger/locks.ts step 2), and writes its entry and the hold's new amounts in the caller's transaction.
 * Every frozen amount is an open hold's remainder: reconcile() checks it account by account.
 */
import type { Selectable, Transaction } from 'kysely';
import type { LedgerCause } from '../../shared/contract/causes';
import { D, type Decimal, type DecimalInput } from '../../shared/format/decimal';
import type { DB } from '../db';
import { accountKey, type AccountRef, type AccountType, type Bucket } from './accounts';
import { writeEntry, type Leg } from './entries';
import { HoldResolved, LedgerError } from './errors';

export type UserAccount = { user: number; currency: number; type: AccountType };
export type Hold = Selectable<DB['holds']>;
/** A hold by id, or by the cause and ref of the entry that made it. */
export type HoldKey = number | { cause: LedgerCause; ref: string };

export interface NewHold {
  account: UserAccount;
  amount: DecimalInput;
  cause: LedgerCause;
  ref: string;
  /** Other legs of the same entry (an opening fee paid from available beside the margin held). */
  legs?: Leg[];
}

export interface Step {
  cause: LedgerCause;
  /** The entry's ref: the hold's own by default. */
  ref?: string;
  /** Where the captured amount goes, and any other leg of the same entry (the tokens an application buys). */
  legs?: Leg[];
}

export interface Capture extends Step {
  /** What leaves frozen to the legs: all that remains by default. Nothing captured is a release. */
  amount?: DecimalInput;
  /** What becomes of the rest: held on (a position's margin after its fee), or released (an order's change). */
  rest?: 'keep' | 'release';
}

/** What remains held. */
export const remainingOf = (h: Pick<Hold, 'amount' | 'captured' | 'released'>): Decimal => new D(h.amount).minus(h.captured).minus(h.released);

/** Freezes `amount` of the account's available balance (InsufficientBalance when it is not there); returns the hold. */
export async function hold(trx: Transaction<DB>, h: NewHold): Promise<Hold> {
  const amount = new D(h.amount);
  if (amount.lte(0)) throw new LedgerError(`a hold of ${amount.toFixed()}`);
  await writeEntry(trx, { cause: h.cause, ref: h.ref, legs: merged([
    { account: h.account, amount: amount.neg().toFixed() },
    { account: h.account, bucket: 'frozen', amount: amount.toFixed() },
    ...others(h.legs),
  ]) });
  const key = accountKey(h.account);
  const account = await trx.selectFrom('ledger_accounts').select('id')
    .where('owner', '=', key.owner).where('currency_id', '=', key.currency_id).where('type', '=', key.type).executeTakeFirstOrThrow();
  return trx.insertInto('holds').values({
    account_id: account.id, user_id: h.account.user, currency_id: h.account.currency, type: h.account.type, cause: h.cause, ref: h.ref, amount: amount.toFixed(),
  }).returningAll().executeTakeFirstOrThrow();
}

/** Freezes `amount` more of the account's available balance into an open hold (a pledge topped up); returns the hold. */
export async function addToHold(trx: Transaction<DB>, key: HoldKey, step: { cause: LedgerCause; ref?: string; amount: DecimalInput }): Promise<Hold> {
  const current = await lockedHold(trx, key);
  const amount = new D(step.amount);
  if (amount.lte(0)) throw new LedgerError(`an addition of ${amount.toFixed()} to a hold`);
  const mine = accountOf(current);
  await writeEntry(trx, { cause: step.cause, ref: step.ref ?? current.ref, legs: [
    { account: mine, amount: amount.neg().toFixed() },
    { account: mine, bucket: 'frozen', amount: amount.toFixed() },
  ] });
  return trx.updateTable('holds').set({ amount: amount.plus(current.amount).toFixed() }).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
}

/** Captures part or all of what remains of an open hold; returns the hold as it is now. */
export async function capture(trx: Transaction<DB>, key: HoldKey, c: Capture): Promise<Hold> {
  return resolve(trx, key, c, (remaining) => {
    const captured = c.amount === undefined ? remaining : new D(c.amount);
    if (captured.lt(0) || captured.gt(remaining)) throw new LedgerError(`a capture of ${captured.toFixed()} from a hold of ${remaining.toFixed()}`);
    return { captured, released: c.rest === 'release' ? remaining.minus(captured) : new D(0) };
  });
}

/** Releases what remains of an open hold back to available (with any other legs of the step); returns the hold. */
export async function release(trx: Transaction<DB>, key: HoldKey, step: Step): Promise<Hold> {
  return resolve(trx, key, step, (remaining) => ({ captured: new D(0), released: remaining }));
}

/**
 * Ends a hold with `payout` back to available: what it held beyond the payout is captured by `counterparty`,
 * what the payout exceeds it by is paid by `counterparty` (a seconds contract settled, a position closed).
 */
export async function payOut(trx: Transaction<DB>, key: HoldKey, p: Step & { payout: Decimal; counterparty: AccountRef }): Promise<Hold> {
  const current = await lockedHold(trx, key);
  const kept = remainingOf(current).minus(p.payout);
  const mine = accountOf(current);
  if (kept.gte(0)) {
    return capture(trx, Number(current.id), { cause: p.cause, ref: p.ref, amount: kept, rest: 'release', legs: [{ account: p.counterparty, amount: kept.toFixed() }, ...(p.legs ?? [])] });
  }
  return release(trx, Number(current.id), { cause: p.cause, ref: p.ref, legs: [
    { account: mine, amount: kept.neg().toFixed() }, { account: p.counterparty, amount: kept.toFixed() }, ...(p.legs ?? []),
  ] });
}

async function resolve(
  trx: Transaction<DB>, key: HoldKey, step: Step, split: (remaining: Decimal) => { captured: Decimal; released: Decimal },
): Promise<Hold> {
  const current = await lockedHold(trx, key);
  const remaining = remainingOf(current);
  const { captured, released } = split(remaining);
  const mine = accountOf(current);
  const leaving = captured.plus(released);
  if (leaving.gt(0)) {
    await writeEntry(trx, { cause: step.cause, ref: step.ref ?? current.ref, legs: merged([
      { account: mine, bucket: 'frozen', amount: leaving.neg().toFixed() },
      { account: mine, amount: released.toFixed() },
      ...others(step.legs),
    ]) });
  } else if (step.legs?.length) {
    await writeEntry(trx, { cause: step.cause, ref: step.ref ?? current.ref, legs: merged(others(step.legs)) });
  }
  const total = { captured: captured.plus(current.captured), released: released.plus(current.released) };
  const open = remaining.minus(leaving).gt(0);
  const state = open ? 'open' : total.released.eq(0) ? 'captured' : total.captured.eq(0) ? 'released' : 'settled';
  return trx.updateTable('holds')
    .set({ captured: total.captured.toFixed(), released: total.released.toFixed(), state, resolved_at: open ? null : new Date() })
    .where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
}

/** The hold's row, locked; HoldResolved when nothing remains of it. */
async function lockedHold(trx: Transaction<DB>, key: HoldKey): Promise<Hold> {
  const q = trx.selectFrom('holds').selectAll();
  const found = await (typeof key === 'number' ? q.where('id', '=', key) : q.where('cause', '=', key.cause).where('ref', '=', key.ref))
    .forUpdate().executeTakeFirst();
  if (!found) throw new LedgerError(`no hold ${JSON.stringify(key)}`);
  if (found.state !== 'open') throw new HoldResolved(`${found.cause} ${found.ref}`);
  return found;
}

function accountOf(h: Hold): UserAccount {
  return { user: h.user_id, currency: h.currency_id, type: h.type as AccountType };
}

/** A step's other legs: anything but frozen, which only the hold itself moves. */
function others(legs: Leg[] = []): Leg[] {
  if (legs.some((l) => l.bucket === 'frozen')) throw new LedgerError('frozen moves only through the hold itself');
  return legs;
}

/** One leg per account and bucket (the first one's place), none of zero: the entry reads as one movement per bucket. */
function merged(legs: Leg[]): Leg[] {
  const sums = new Map<string, { account: AccountRef; bucket: Bucket; amount: Decimal }>();
  for (const leg of legs) {
    const bucket = leg.bucket ?? 'available';
    const k = accountKey(leg.account);
    const id = `${k.owner}|${k.currency_id}|${k.type}|${bucket}`;
    const sum = sums.get(id);
    if (sum) sum.amount = sum.amount.plus(leg.amount);
    else sums.set(id, { account: leg.account, bucket, amount: new D(leg.amount) });
  }
  return [...sums.values()].filter((l) => !l.amount.eq(0)).map((l) => ({ account: l.account, bucket: l.bucket, amount: l.amount.toFixed() }));
}
