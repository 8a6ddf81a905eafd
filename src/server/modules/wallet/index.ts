/**
 * Wallets: balances and transfers, deposits, exchange, withdrawals and saved payees, with the operator's
 * review of deposits and withdrawals, and the ledger's reconciliation (a daily job and a command).
 */
import { BALANCE_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import { payeeEndpoints } from '../../../shared/contract/payees';
import { depositEndpoints, exchangeEndpoints, WALLET_CAUSES, walletEndpoints } from '../../../shared/contract/wallet';
import { withdrawEndpoints } from '../../../shared/contract/withdraw';
import { defineArea, type OpsCommand } from '../../area';
import type { Services } from '../../context';
import { reconcile, type Reconciliation } from '../../ledger';
import { approveDeposit, pendingDeposits, rejectDeposit } from './depositReview';
import { depositHandlers } from './deposits';
import { exchangeHandlers } from './exchange';
import { walletHandlers } from './handlers';
import { payeeHandlers } from './payees';
import { seedWallet } from './seed';
import { payWithdrawal, pendingWithdrawals, rejectWithdrawal } from './withdrawalReview';
import { withdrawalHandlers } from './withdrawals';
import { DAY_MS, MINUTE_MS, tellUser } from '../../kernel';

const describe = (r: { id: number; username: string; amount: string; currency_id: number; chain: string }) =>
  `#${r.id}  ${r.username}  ${r.amount} (currency ${r.currency_id}, ${r.chain})`;

/** After a decision the owner's open apps are told, so they refresh balances and records. */
async function tellOwner(services: Services, table: 'deposits' | 'withdrawals', id: number): Promise<void> {
  const row = await services.db.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  tellUser(services, row.user_id, [BALANCE_EVENT, MESSAGE_EVENT]);
}

function reconciliationLines(r: Reconciliation): string[] {
  const lines = [`${r.accounts} accounts, ${r.entries} entries: ${r.ok ? 'every balance equals its postings, every entry balances, every frozen amount is held' : 'MISMATCHES FOUND'}`];
  for (const m of r.mismatches) lines.push(`  account ${m.account_id} (${m.owner}, currency ${m.currency_id}, type ${m.type}) ${m.bucket}: balance ${m.balance}, postings ${m.postings}`);
  for (const u of r.unbalanced) lines.push(`  entry ${u.entry_id} (${u.cause} ${u.ref}) currency ${u.currency_id} sums to ${u.sum}`);
  for (const u of r.unheld) lines.push(`  account ${u.account_id} (${u.owner}, currency ${u.currency_id}, type ${u.type}) frozen ${u.frozen}, open holds ${u.held}`);
  for (const b of r.badHolds) lines.push(`  hold ${b.hold_id} (${b.cause} ${b.ref}) ${b.state}: amount ${b.amount}, captured ${b.captured}, released ${b.released}`);
  return lines;
}

const id = [{ name: 'id', kind: 'id' }] as const;
const idAndReason = [{ name: 'id', kind: 'id' }, { name: 'reason', kind: 'text' }] as const;

const ops: OpsCommand[] = [
  {
    name: 'deposits', summary: 'deposits under review',
    async run(services) {
      const rows = await pendingDeposits(services.db);
      return { lines: rows.length ? rows.map((r) => `${describe(r)}  voucher ${r.voucher}  ${new Date(r.created_at).toISOString()}`) : ['no deposits under review'] };
    },
  },
  {
    name: 'approve-deposit', args: id, summary: 'credit a deposit to the user\'s spot account',
    async run(services, a) {
      await approveDeposit(services, Number(a.id));
      await tellOwner(services, 'deposits', Number(a.id));
      return { lines: [`deposit #${a.id} approved and credited`] };
    },
  },
  {
    name: 'reject-deposit', args: idAndReason, summary: 'refuse a deposit, telling the user why',
    async run(services, a) {
      await rejectDeposit(services.db, Number(a.id), String(a.reason), services.now());
      await tellOwner(services, 'deposits', Number(a.id));
      return { lines: [`deposit #${a.id} rejected`] };
    },
  },
  {
    name: 'withdrawals', summary: 'withdrawals under review',
    async run(services) {
      const rows = await pendingWithdrawals(services.db);
      return {
        lines: rows.length
          ? rows.map((r) => `${describe(r)}  fee ${r.fee}  to ${r.destination} ${r.address}  ${new Date(r.created_at).toISOString()}\n      pay to: ${r.payee}`)
          : ['no withdrawals under review'],
      };
    },
  },
  {
    name: 'pay-withdrawal', args: id, summary: 'pay a withdrawal out (amount minus fee leaves, the fee stays with the platform)',
    async run(services, a) {
      await payWithdrawal(services.db, Number(a.id), services.now());
      await tellOwner(services, 'withdrawals', Number(a.id));
      return { lines: [`withdrawal #${a.id} paid out`] };
    },
  },
  {
    name: 'reject-withdrawal', args: idAndReason, summary: 'refuse a withdrawal; the amount is unfrozen',
    async run(services, a) {
      await rejectWithdrawal(services.db, Number(a.id), String(a.reason), services.now());
      await tellOwner(services, 'withdrawals', Number(a.id));
      return { lines: [`withdrawal #${a.id} rejected and unfrozen`] };
    },
  },
  {
    name: 'reconcile', summary: 'check every balance against the sum of its postings, and every entry against zero',
    async run(services) {
      const result = await reconcile(services.db);
      return { lines: reconciliationLines(result), exitCode: result.ok ? 0 : 1 };
    },
  },
];

export const walletArea = defineArea({
  name: 'wallet',
  endpoints: [...walletEndpoints, ...depositEndpoints, ...exchangeEndpoints, ...withdrawEndpoints, ...payeeEndpoints],
  causes: WALLET_CAUSES,
  seed: seedWallet,
  handlers: { ...walletHandlers, ...depositHandlers, ...exchangeHandlers, ...withdrawalHandlers, ...payeeHandlers },
  ops,
  jobs: [{
    name: 'wallet.reconcile',
    every: { everyMs: DAY_MS, offsetMs: 10 * MINUTE_MS, catchUp: 'latest' },
    async run({ trx, services }) {
      const result = await reconcile(trx);
      if (result.ok) services.log.info({ accounts: result.accounts, entries: result.entries }, 'ledger reconciled');
      else services.log.error({ mismatches: result.mismatches, unbalanced: result.unbalanced }, 'LEDGER MISMATCH: balances differ from their postings');
    },
  }],
  uploads: [
    { table: 'deposits', column: 'voucher' },
    { table: 'wallet_addresses', column: 'qrcode' },
  ],
});
