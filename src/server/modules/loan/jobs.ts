/**
 * `loan.interest` (every minute): accrues each paid-out loan's days due by now, a day's interest at a time from
 * the payout, overdue interest past the due date; days missed while the server was down are accrued once each.
 * `loan.risk` (every 5 seconds): each pledge currency's last price against the loans pledged in it; a loan whose
 * risk rate fell to its liquidation rate has its pledge sold, one at its warning rate is warned (once).
 * `loan.due` (hourly): each paid-out loan due within a day is reminded to its owner, once.
 */
import { BALANCE_EVENT, EARN_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { DAY_MS, forEachDue, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../kernel';
import { usdtPriceOf } from '../financial';
import { accrueDue, checkRisk, remindDue } from './loans';

const BATCH = 500;

async function runInterest(run: JobRun): Promise<void> {
  const due = await run.trx.selectFrom('loans').select(['id', 'user_id'])
    .where('status', '=', 'paid').where('next_accrual_at', '<=', run.now)
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  await forEachDue(run, due, (l) => accrueDue(run.trx, l.id, run.now), [EARN_EVENT]);
}

async function runRisk(run: JobRun): Promise<void> {
  const currencies = await run.trx.selectFrom('loans').select('pledge_currency_id').distinct().where('status', '=', 'paid').execute();
  for (const { pledge_currency_id: currency } of currencies) {
    const price = await usdtPriceOf(run.services, currency);
    const reached = await run.trx.selectFrom('loans').select(['id', 'user_id'])
      .where('status', '=', 'paid').where('pledge_currency_id', '=', currency)
      .where((eb) => eb.or([eb('liquidation_price', '>=', price), eb.and([eb('warned_at', 'is', null), eb('warning_price', '>=', price)])]))
      .orderBy('user_id').orderBy('id').limit(BATCH).execute();
    await forEachDue(run, reached, (l) => checkRisk(run.trx, l.id, price, run.now), [EARN_EVENT, BALANCE_EVENT, MESSAGE_EVENT]);
  }
}

async function runDueReminders(run: JobRun): Promise<void> {
  const soon = await run.trx.selectFrom('loans').select(['id', 'user_id'])
    .where('status', '=', 'paid').where('due_reminded_at', 'is', null).where('due_at', '<=', new Date(run.now.getTime() + DAY_MS))
    .orderBy('user_id').orderBy('id').limit(BATCH).execute();
  await forEachDue(run, soon, (l) => remindDue(run.trx, l.id, run.now), [MESSAGE_EVENT]);
}

export const loanJobs: JobDefinition[] = [
  { name: 'loan.interest', every: { everyMs: MINUTE_MS, catchUp: 'latest' }, run: runInterest },
  { name: 'loan.risk', every: { everyMs: 5 * SECOND_MS, catchUp: 'latest' }, run: runRisk },
  { name: 'loan.due', every: { everyMs: HOUR_MS, catchUp: 'latest' }, run: runDueReminders },
];
