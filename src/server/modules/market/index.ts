/** Quotes, candles, depth and the watchlist, from the market simulator. */
import { marketEndpoints } from '../../../shared/contract/market';
import { defineArea } from '../../area';
import { marketHandlers } from './handlers';

export const marketArea = defineArea({ name: 'market', endpoints: marketEndpoints, handlers: marketHandlers });
