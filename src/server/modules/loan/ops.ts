/**
 * The operator's review of loans: `loans` (those under review), `loan-approve 7` (the principal is paid out),
 * `loan-reject 7 "<reason>"` (the pledge is released). The owner's open apps are told after each decision.
 */
import { BALANCE_EVENT, EARN_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import type { Services } from '../../context';
import { inUserTransaction } from '../../ledger';
import { currencyById, tellUser } from '../../kernel';
import { approveLoan, rejectLoan } from './loans';

/** Read before locking: the owner's row comes before the loan's in the lock order (ledger/locks.ts). */
async function ownerOf(services: Services, id: number): Promise<number> {
  const row = await services.db.selectFrom('loans').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new OpsError(`no loan ${id}`);
  return row.user_id;
}

function tell(services: Services, user: number): void {
  tellUser(services, user, [BALANCE_EVENT, EARN_EVENT, MESSAGE_EVENT]);
}

const id = [{ name: 'id', kind: 'id' }] as const;
const idAndReason = [{ name: 'id', kind: 'id' }, { name: 'reason', kind: 'text' }] as const;

export const loanOps: OpsCommand[] = [
  {
    name: 'loans', summary: 'loans under review',
    async run(services) {
      const rows = await services.db.selectFrom('loans as l').innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.id', 'u.username', 'l.principal', 'l.days', 'l.daily_rate', 'l.pledge', 'l.pledge_currency_id', 'l.pledge_price', 'l.created_at'])
        .where('l.status', '=', 'review').orderBy('l.id').execute();
      return {
        lines: rows.length
          ? rows.map((r) => `#${r.id}  ${r.username}  ${new D(r.principal).toFixed()} USDT for ${r.days} days at ${new D(r.daily_rate).times(100).toFixed()}%/day`
            + `  pledge ${new D(r.pledge).toFixed()} ${currencyById(r.pledge_currency_id).name} at ${new D(r.pledge_price).toFixed()}  ${new Date(r.created_at).toISOString()}`)
          : ['no loans under review'],
      };
    },
  },
  {
    name: 'loan-approve', args: id, summary: 'approve a loan: the principal is paid into the user\'s spot account and interest starts',
    async run(services, a) {
      const loanId = Number(a.id);
      const user = await ownerOf(services, loanId);
      const loan = await inUserTransaction(services.db, user, (trx) => approveLoan(trx, loanId, services.now()));
      tell(services, user);
      return { lines: [`loan #${loanId} approved and paid out; due ${new Date(loan.due_at!).toISOString()}`] };
    },
  },
  {
    name: 'loan-reject', args: idAndReason, summary: 'refuse a loan, telling the user why; the pledge is released',
    async run(services, a) {
      const loanId = Number(a.id);
      if (!String(a.reason).trim()) throw new OpsError('a rejection needs a reason');
      const user = await ownerOf(services, loanId);
      await inUserTransaction(services.db, user, (trx) => rejectLoan(trx, loanId, String(a.reason).trim(), services.now()));
      tell(services, user);
      return { lines: [`loan #${loanId} rejected; the pledge is released`] };
    },
  },
];
