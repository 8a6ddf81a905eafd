/**
 * The referral programme (issue 26): users invite others with their code; once a day a job pays each person
 * the rates of settings/referral.json of their downline's recharges (recorded where deposits and bought orders
 * are credited), through the ledger, with a message.
 */
import { REFERRAL_CAUSES, referralEndpoints } from '../../../shared/contract/referral';
import { defineArea } from '../../area';
import { referralHandlers } from './handlers';
import { referralJobs } from './rebates';

export { recordRecharge } from './recharges';

export const referralArea = defineArea({
  name: 'referral',
  endpoints: referralEndpoints,
  causes: REFERRAL_CAUSES,
  handlers: referralHandlers,
  jobs: referralJobs,
});
