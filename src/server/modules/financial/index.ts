/** The earn hub (issue 12): the user's positions and earnings over lock mining, dual investment and IEO. */
import { financialEndpoints } from '../../../shared/contract/financial';
import { defineArea } from '../../area';
import { financialHandlers } from './handlers';

export const financialArea = defineArea({ name: 'financial', endpoints: financialEndpoints, handlers: financialHandlers });
export { lastUsdtPrice, usdtPriceOf } from './prices';
