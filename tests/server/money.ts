/** Money set up directly in the database, for server tests of withdrawals and races. */
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db';
import { ACCOUNT_TYPES, post, reconcile, totalsByCurrency } from '../../src/server/ledger';
import { hashPassword } from '../../src/server/modules/auth/passwords';

/** The payment password `canWithdraw` sets. */
export const PAY = 'Pay-secret-7';

/** A deposit of `amount` into the user's spot account, as if approved. */
export async function fund(db: Kysely<DB>, user: number, currency: number, amount: string): Promise<void> {
  await db.transaction().execute((trx) => post(trx, { cause: 'deposit', ref: 'test', legs: [
    { account: { platform: 'outside', currency }, amount: `-${amount}` },
    { account: { user, currency, type: ACCOUNT_TYPES.change }, amount },
  ] }));
}

/** Identity Lv1 and the payment password PAY, as if both had been done through the app. */
export async function canWithdraw(db: Kysely<DB>, user: number): Promise<void> {
  await db.updateTable('users').set({ real_state: 2, real_level: 1, pay_password_hash: await hashPassword(PAY) }).where('id', '=', user).execute();
}

/** Every currency sums to zero over all accounts (the platform's included). */
export async function expectTotalsZero(db: Kysely<DB>): Promise<void> {
  for (const [currency, total] of await totalsByCurrency(db)) expect([currency, total]).toEqual([currency, '0']);
}

/** Every balance equals its postings, every entry balances, and every currency sums to zero. */
export async function expectLedgerClean(db: Kysely<DB>): Promise<void> {
  const r = await reconcile(db);
  expect({ mismatches: r.mismatches, unbalanced: r.unbalanced, unheld: r.unheld, badHolds: r.badHolds }).toEqual({ mismatches: [], unbalanced: [], unheld: [], badHolds: [] });
  await expectTotalsZero(db);
}
