/** `fiat.expire` (every minute): a bank transfer order still to be paid once its window has passed is cancelled. */
import { BALANCE_EVENT } from '../../../shared/contract/events';
import type { JobDefinition } from '../../jobs/types';
import { forEachDue, MINUTE_MS } from '../../kernel';
import { expireOrder } from './orders';

export const fiatJobs: JobDefinition[] = [{
  name: 'fiat.expire', every: { everyMs: MINUTE_MS, catchUp: 'latest' },
  async run(run) {
    const due = await run.trx.selectFrom('fiat_orders').select(['id', 'user_id'])
      .where('status', '=', 'to_pay').where('expires_at', '<=', run.now).orderBy('user_id').orderBy('id').limit(500).execute();
    await forEachDue(run, due, (o) => expireOrder(run.trx, o.id, run.now), [BALANCE_EVENT]);
  },
}];
