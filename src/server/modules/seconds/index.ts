/**
 * Seconds contracts (issue 11): a stake from the micro account on a pair's price going up or down over a
 * term the operator offers; settled at expiry by a one-off job from the recorded price of the expiry second.
 */
import { SECONDS_CAUSES, secondsEndpoints } from '../../../shared/contract/seconds';
import { defineArea } from '../../area';
import { secondsHandlers } from './handlers';
import { secondsOps } from './ops';
import { SETTLE_JOB, settleOrder } from './orders';

export const secondsArea = defineArea({
  name: 'seconds',
  endpoints: secondsEndpoints,
  causes: SECONDS_CAUSES,
  handlers: secondsHandlers,
  ops: secondsOps,
  jobs: [{ name: SETTLE_JOB, run: settleOrder }],
});
