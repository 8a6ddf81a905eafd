/**
 * Buying crypto with money (issue 25): bank transfer orders to be paid to the operator's beneficiary, declared
 * done with a screenshot, confirmed by the operator (the USDT credited through the ledger) or rejected, cancelled
 * by a job once their window has passed; card and wallet orders paid through an on-ramp provider (providers.ts),
 * whose signed webhook (webhook.ts) settles them. Terms are settings/buy.json; the fee formula src/shared/domain/fiat.ts.
 */
import { FIAT_CAUSES, fiatEndpoints } from '../../../shared/contract/fiat';
import { defineArea } from '../../area';
import { fiatHandlers } from './handlers';
import { fiatJobs } from './jobs';
import { fiatOps } from './ops';
import { registerWebhookRoutes } from './webhook';

export const fiatArea = defineArea({
  name: 'fiat',
  endpoints: fiatEndpoints,
  causes: FIAT_CAUSES,
  handlers: fiatHandlers,
  ops: fiatOps,
  jobs: fiatJobs,
  uploads: [{ table: 'fiat_orders', column: 'voucher' }],
  routes: registerWebhookRoutes,
});
