/**
 * `vip.levels` (daily, 00:20 UTC): each user's level from their volume of the window (settings/vip.json), never
 * below the level the operator granted; a user whose level changes is told by a message. After downtime only
 * the latest run is due: a level is a state, not a payment.
 */
import { MESSAGE_EVENT } from '../../../shared/contract/events';
import { vipLevelFor } from '../../../shared/domain/vip';
import type { Services } from '../../context';
import type { JobDefinition, JobRun } from '../../jobs/types';
import { DAY_MS, MINUTE_MS, tellUser } from '../../kernel';
import { lockUsers } from '../../ledger';
import { postMessage } from '../messages';
import { volumes } from './volume';

export const windowOf = (services: Services, now: Date) => ({ from: new Date(now.getTime() - services.configuration.current.vip.window_days * DAY_MS), to: now });

async function recompute(run: JobRun): Promise<void> {
  const { levels } = run.services.configuration.current.vip;
  const { from, to } = windowOf(run.services, run.now);
  const traded = await volumes(run.trx, from, to);
  // Those who traded, and those above their granted level (who may fall back to it).
  const users = await run.trx.selectFrom('users').select(['id', 'vip_level', 'vip_floor'])
    .where((eb) => eb.or([eb('id', 'in', [0, ...traded.keys()]), eb('vip_level', '<>', eb.ref('vip_floor'))])).execute();
  const changes = users.map((u) => ({ ...u, to: vipLevelFor(traded.get(u.id) ?? '0', levels, u.vip_floor) })).filter((u) => u.to !== u.vip_level);
  await lockUsers(run.trx, changes.map((u) => u.id));
  for (const u of changes) {
    await run.trx.updateTable('users').set({ vip_level: u.to }).where('id', '=', u.id).execute();
    await postMessage(run.trx, u.id, 'vip_changed', { level: u.to, from: u.vip_level }, run.now);
  }
  run.afterCommit(() => {
    for (const u of changes) {
      run.services.cached.usersChanged(u.id);
      tellUser(run.services, u.id, [MESSAGE_EVENT]);
    }
  });
}

export const vipJobs: JobDefinition[] = [
  { name: 'vip.levels', every: { everyMs: DAY_MS, offsetMs: 20 * MINUTE_MS, catchUp: 'latest' }, run: recompute },
];
