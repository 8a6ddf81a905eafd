/**
 * VIP levels (issue 26): a user's level follows their trading volume (recomputed daily by a job, settings/vip.json)
 * or the level the operator granted (`vip-grant`), and cuts their spot and contract fees.
 */
import { vipEndpoints } from '../../../shared/contract/vip';
import { vipDiscounts, vipLevelFor } from '../../../shared/domain/vip';
import { OpsError, defineArea, type OpsCommand } from '../../area';
import { requireUser, type Handlers } from '../../context';
import { vipJobs, windowOf } from './levels';
import { volumes } from './volume';

export { feeDiscountsOf } from './fees';

const handlers: Handlers = {
  'GET /vip/info': async (ctx) => {
    const user = requireUser(ctx);
    const { levels, window_days } = ctx.services.configuration.current.vip;
    const row = await ctx.services.db.selectFrom('users').select(['vip_level', 'vip_floor']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const { from, to } = windowOf(ctx.services, ctx.services.now());
    const volume = (await volumes(ctx.services.db, from, to, user.id)).get(user.id) ?? '0';
    const discounts = vipDiscounts(row.vip_level, levels);
    return {
      level: row.vip_level, granted: row.vip_floor, window_days, volume,
      spot_fee_discount: discounts.spot, contract_fee_discount: discounts.contract,
      next: levels.find((l) => l.level > row.vip_level) ?? null, levels,
    };
  },
};

const ops: OpsCommand[] = [{
  name: 'vip-grant', args: [{ name: 'id', kind: 'id' }, { name: 'level', kind: 'word' }],
  summary: 'grant a user a VIP level (0 takes the grant back): their volume never takes them below it',
  async run(services, a) {
    const level = Number(a.level);
    const { levels } = services.configuration.current.vip;
    if (!Number.isInteger(level) || level < 0 || level > levels.length) throw new OpsError(`the level is 0 to ${levels.length} (settings/vip.json)`);
    const id = Number(a.id);
    const { from, to } = windowOf(services, services.now());
    const volume = (await volumes(services.db, from, to, id)).get(id) ?? '0';
    const reached = vipLevelFor(volume, levels, level);
    const res = await services.db.updateTable('users').set({ vip_floor: level, vip_level: reached }).where('id', '=', id).executeTakeFirst();
    if (!res.numUpdatedRows) throw new OpsError(`no user ${id}`);
    services.cached.usersChanged(id);
    return { lines: [`user #${id}: granted VIP ${level}, now VIP ${reached}`] };
  },
}];

export const vipArea = defineArea({ name: 'vip', endpoints: vipEndpoints, handlers, jobs: vipJobs, ops });
