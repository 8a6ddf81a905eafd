/**
 * Spot and stock trading (issue 11): market and limit orders against the platform at the recorded prices,
 * limit orders filled by a job when the price crosses, and the operator's pair settings.
 */
import { SPOT_CAUSES, spotEndpoints } from '../../../shared/contract/spot';
import { defineArea } from '../../area';
import { spotFillsJob } from './fills';
import { spotHandlers } from './handlers';
import { seedTrading } from '../trading';
import { settingsCommands, symbolKey } from '../../ops/settings';

export const spotArea = defineArea({
  name: 'spot',
  endpoints: spotEndpoints,
  causes: SPOT_CAUSES,
  // The pairs' settings of spot, contract and seconds alike (seeddata/trading.json), the first trading area's to seed.
  seed: ({ db }) => seedTrading(db),
  handlers: spotHandlers,
  jobs: [spotFillsJob],
  ops: settingsCommands({
    noun: 'spot-market', table: 'spot_markets', orderBy: ['symbol'],
    keys: [{ column: 'symbol', arg: { name: 'symbol', kind: 'word' }, value: symbolKey }],
    fields: { enabled: 'boolean', fee_rate: 'rate', min_amount: 'amount' },
    line: (r) => `${String(r.symbol).padEnd(11)} ${r.enabled ? 'open  ' : 'paused'}  fee ${r.fee_rate}  min ${r.min_amount}`,
  }),
});
