/**
 * `referral.rebate` (daily, 00:10 UTC): pays the referral rebate of the UTC day that has just ended. Each
 * downline person whose recharges of the day add up to more than the threshold pays the people above them the
 * rates of settings/referral.json (src/shared/domain/referral.ts); each receiver is paid their day's total
 * once, by one ledger entry from the house, with a message. A day missed while the server was down is paid
 * when it runs again (catch-up 'each'); a run retried, or run by another node, pays nobody twice: the
 * scheduler runs a day once, and a receiver's day is unique in referral_rebates and in the ledger's refs.
 */
import { sql } from 'kysely';
import { BALANCE_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import { rebatesByReceiver, rebateShares, type DayRecharge } from '../../../shared/domain/referral';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { ACCOUNT_TYPES, post } from '../../ledger';
import { currencyById, DAY_MS, forEachDue, MINUTE_MS, plain } from '../../kernel';
import { USDT_ID } from '../../market/currencies';
import { postMessage } from '../messages';

/** The rebate of a day is paid this long after it ends. */
const REBATE_OFFSET_MS = 10 * MINUTE_MS;

/** The UTC day a run pays: the one that ended REBATE_OFFSET_MS before it was due. */
function rebateDay(due: Date): { start: Date; end: Date; day: string } {
  const end = new Date(due.getTime() - REBATE_OFFSET_MS);
  const start = new Date(end.getTime() - DAY_MS);
  return { start, end, day: start.toISOString().slice(0, 10) };
}

/** Who invited whom, from the day's rechargers up as many levels as the rebate pays. */
async function uplines(run: JobRun, users: readonly number[], levels: number): Promise<Map<number, number | null>> {
  const parents = new Map<number, number | null>();
  let ask = [...users];
  for (let level = 0; level < levels && ask.length; level++) {
    const rows = await run.trx.selectFrom('users').select(['id', 'parent_id']).where('id', 'in', ask).execute();
    for (const r of rows) parents.set(r.id, r.parent_id);
    ask = [...new Set(rows.map((r) => r.parent_id).filter((p): p is number => p !== null && !parents.has(p)))];
  }
  return parents;
}

async function payDay(run: JobRun): Promise<void> {
  const terms = run.services.configuration.current.referral;
  const { start, end, day } = rebateDay(run.due);
  const sums = await run.trx.selectFrom('recharges').select(['user_id', sql<string>`sum(usdt_value)`.as('usdt')])
    .where('credited_at', '>=', start).where('credited_at', '<', end).groupBy('user_id').orderBy('user_id').execute();
  const recharges: DayRecharge[] = sums.map((r) => ({ user: r.user_id, usdt: plain(r.usdt) }));
  if (!recharges.length) return;
  const parents = await uplines(run, recharges.map((r) => r.user), terms.rates.length);
  const byReceiver = rebatesByReceiver(rebateShares(recharges, (u) => parents.get(u), terms, currencyById(USDT_ID).decimals));
  const receivers = [...byReceiver.keys()].sort((a, b) => a - b).map((user_id) => ({ user_id }));
  await forEachDue(run, receivers, async ({ user_id: user }) => {
    const paid = await run.trx.selectFrom('referral_rebates').select('id').where('user_id', '=', user).where('day', '=', day).executeTakeFirst();
    if (paid) return false;
    const { amount, shares } = byReceiver.get(user)!;
    const entry = await post(run.trx, { cause: 'referral.rebate', ref: `referral:${day}:${user}`, legs: [
      { account: { platform: 'house', currency: USDT_ID }, amount: `-${amount}` },
      { account: { user, currency: USDT_ID, type: ACCOUNT_TYPES.change }, amount },
    ] });
    const rebate = await run.trx.insertInto('referral_rebates')
      .values({ user_id: user, day, amount, entry_id: entry, created_at: run.now }).returning('id').executeTakeFirstOrThrow();
    await run.trx.insertInto('referral_rebate_items').values(shares.map((s) => ({
      rebate_id: rebate.id, from_user_id: s.from, level: s.level, recharge: s.recharge, rate: s.rate, amount: s.amount,
    }))).execute();
    await postMessage(run.trx, user, 'referral_rebate', { amount, currency: 'USDT', day, people: shares.length }, run.now);
    return true;
  }, [BALANCE_EVENT, MESSAGE_EVENT]);
}

export const referralJobs: JobDefinition[] = [
  { name: 'referral.rebate', every: { everyMs: DAY_MS, offsetMs: REBATE_OFFSET_MS, catchUp: 'each' }, run: payDay },
];
