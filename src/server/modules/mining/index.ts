/**
 * Lock mining (issue 12): an amount of the spot account locked in an operator's plan for a number of days,
 * a daily yield paid at the plan's dividend time by a job, the principal back at the end of the term, or
 * early with a penalty. Plans are `mining-plan*` ops commands.
 */
import { MINING_CAUSES, miningEndpoints } from '../../../shared/contract/mining';
import { defineArea } from '../../area';
import { miningHandlers } from './handlers';
import { miningJobs } from './jobs';
import { miningOps } from './ops';
import { seedMining } from './seed';

export const miningArea = defineArea({
  name: 'mining',
  endpoints: miningEndpoints,
  causes: MINING_CAUSES,
  seed: ({ db }) => seedMining(db),
  handlers: miningHandlers,
  ops: miningOps,
  jobs: miningJobs,
});
