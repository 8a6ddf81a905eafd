/**
 * Spot and stock trading (issue 11): market and limit orders against the platform at the recorded prices,
 * limit orders filled by a job when the price crosses, and the operator's pair settings.
 */
import { spotEndpoints } from '../../../shared/contract/spot';
import { defineArea } from '../../area';
import { settingsCommands, symbolKey } from '../trading';
import { spotFillsJob } from './fills';
import { spotHandlers } from './handlers';

export const spotArea = defineArea({
  name: 'spot',
  endpoints: spotEndpoints,
  handlers: spotHandlers,
  jobs: [spotFillsJob],
  ops: settingsCommands({
    noun: 'spot-market', table: 'spot_markets', orderBy: ['symbol'],
    keys: [{ column: 'symbol', arg: { name: 'symbol', kind: 'word' }, value: symbolKey }],
    fields: { enabled: 'boolean', fee_rate: 'rate', min_amount: 'amount' },
    line: (r) => `${String(r.symbol).padEnd(11)} ${r.enabled ? 'open  ' : 'paused'}  fee ${r.fee_rate}  min ${r.min_amount}`,
  }),
});
