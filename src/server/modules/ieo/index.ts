/**
 * IEO subscriptions (issue 12): applications for a project's tokens with the spot balance, allocated pro
 * rata by a job when the subscription ends, the rest refunded, the tokens released after the lock period.
 * Projects are `ieo-project*` ops commands.
 */
import { IEO_CAUSES, ieoEndpoints } from '../../../shared/contract/ieo';
import { defineArea } from '../../area';
import { ieoHandlers } from './handlers';
import { ieoJobs } from './jobs';
import { ieoOps } from './ops';
import { seedIeo } from './seed';

export const ieoArea = defineArea({
  name: 'ieo',
  endpoints: ieoEndpoints,
  causes: IEO_CAUSES,
  seed: ({ db, now, uploadsDir }) => seedIeo(db, now(), uploadsDir),
  handlers: ieoHandlers,
  ops: ieoOps,
  jobs: ieoJobs,
});
