/**
 * Loans with a pledge (issue 25): applying with the pledge held, the operator's approval (paid out) or
 * rejection, daily interest and overdue interest by a job, repayment, and the pledge sold by a job when the risk
 * rate falls to the liquidation rate; each paid-out loan's health reaches the app once a tick (live.ts). Terms are settings/site.json `loans`; formulas src/shared/domain/loans.ts.
 */
import { LOAN_CAUSES, loanEndpoints } from '../../../shared/contract/loan';
import { defineArea } from '../../area';
import { loanHandlers } from './handlers';
import { loanJobs } from './jobs';
import { attachLoanHealth } from './live';
import { loanOps } from './ops';

export const loanArea = defineArea({
  name: 'loan',
  endpoints: loanEndpoints,
  causes: LOAN_CAUSES,
  handlers: loanHandlers,
  ops: loanOps,
  jobs: loanJobs,
  feeds: attachLoanHealth,
});
