/**
 * Dual-currency investment (issue 12): whole shares of an operator's product bought with the spot balance,
 * settled at maturity by a job from the recorded reference price against the pegged price (SPEC 9). Products
 * are `dual-product*` ops commands.
 */
import { DUAL_CAUSES, dualEndpoints } from '../../../shared/contract/dual';
import { defineArea } from '../../area';
import { dualHandlers } from './handlers';
import { dualJobs } from './jobs';
import { dualOps } from './ops';
import { seedDual } from './seed';

export const dualArea = defineArea({
  name: 'dual',
  endpoints: dualEndpoints,
  causes: DUAL_CAUSES,
  seed: ({ db, now }) => seedDual(db, now()),
  handlers: dualHandlers,
  ops: dualOps,
  jobs: dualJobs,
});
