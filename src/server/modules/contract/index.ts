/**
 * Contracts with leverage (issue 11): isolated-margin positions in the lever account's USDT, opened at the
 * recorded last price or entrusted at a limit price; take-profit, stop-loss, liquidation and the overnight
 * fee run as jobs; open positions' live values reach the app once a tick (live.ts); the operator's pairs and rates are `contract-market*` ops commands.
 */
import { CONTRACT_CAUSES, leverEndpoints } from '../../../shared/contract/lever';
import { defineArea } from '../../area';
import { contractHandlers } from './handlers';
import { contractJobs } from './jobs';
import { attachLivePositions } from './live';
import { contractMarketOps } from './markets';

export { contractTerms, type ContractTerms } from './markets';

export const contractArea = defineArea({
  name: 'contract',
  endpoints: leverEndpoints,
  causes: CONTRACT_CAUSES,
  handlers: contractHandlers,
  ops: contractMarketOps,
  jobs: contractJobs,
  feeds: attachLivePositions,
});
