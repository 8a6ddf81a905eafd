/** The referral page's reads: the user's code and the rebate's terms, their downline per level, their rebates, their invitees. */
import { sql, type Expression, type SqlBool } from 'kysely';
import { D } from '../../../shared/format/decimal';
import { maskMobile } from '../../../shared/format/mask';
import { requireUser, type Handlers } from '../../context';
import { pageOf, pageParams, plain } from '../../kernel';

/** Whether user `id` has traded: a spot order filled, a contract position opened or a seconds order placed. */
const traded = (id: Expression<number>) => sql<SqlBool>`(
  exists (select 1 from spot_orders s where s.user_id = ${id} and s.status = 'filled')
  or exists (select 1 from contract_positions c where c.user_id = ${id} and c.status in ('open', 'closed'))
  or exists (select 1 from seconds_orders o where o.user_id = ${id}))`;

/** `ab****c@example.com`, `138****8000`: four stars whatever the length, enough for the inviter to recognise, not to contact. */
function maskedAccount(username: string): string {
  const at = username.indexOf('@');
  if (at < 0) return maskMobile(username);
  const local = [...username.slice(0, at)];
  const kept = local.length > 3 ? `${local.slice(0, 2).join('')}****${local[local.length - 1]}` : `${local[0]}****`;
  return `${kept}${username.slice(at)}`;
}

export const referralHandlers: Handlers = {
  'GET /referral/info': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    const terms = ctx.services.configuration.current.referral;
    const me = await db.selectFrom('users').select('extension_code').where('id', '=', user.id).executeTakeFirstOrThrow();
    const tree = await sql<{ level: number; invitees: string; traded: string }>`
      with recursive tree(id, level) as (
        select id, 1 from users where parent_id = ${user.id}
        union all
        select u.id, t.level + 1 from users u join tree t on u.parent_id = t.id where t.level < ${terms.rates.length}
      )
      select level, count(*) as invitees, count(*) filter (where ${traded(sql.ref('tree.id'))}) as traded from tree group by level`.execute(db);
    const paid = await db.selectFrom('referral_rebate_items as i').innerJoin('referral_rebates as r', 'r.id', 'i.rebate_id')
      .select(['i.level', sql<string>`sum(i.amount)`.as('rebate')]).where('r.user_id', '=', user.id).groupBy('i.level').execute();
    const levels = terms.rates.map((rate, i) => {
      const counts = tree.rows.find((r) => Number(r.level) === i + 1);
      const rebate = paid.find((r) => Number(r.level) === i + 1)?.rebate ?? '0';
      return { level: i + 1, rate, invitees: Number(counts?.invitees ?? 0), traded: Number(counts?.traded ?? 0), rebate: plain(rebate) };
    });
    const total = await db.selectFrom('referral_rebates').select(sql<string>`coalesce(sum(amount), 0)`.as('sum')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return {
      extension_code: me.extension_code, currency: 'USDT', daily_recharge_above: terms.daily_recharge_above,
      invitees: levels.reduce((n, l) => n + l.invitees, 0), traded: levels.reduce((n, l) => n + l.traded, 0),
      rebate_total: plain(total.sum), levels,
    };
  },

  'GET /referral/rebates': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const { rows, total } = await pageOf(ctx.services.db.selectFrom('referral_rebates as r').where('r.user_id', '=', user.id), { limit, offset },
      (q) => q.select(['r.id', 'r.day', 'r.amount', 'r.created_at',
        (eb) => eb.selectFrom('referral_rebate_items as i').select(sql<string>`count(*)`.as('n')).whereRef('i.rebate_id', '=', 'r.id').as('people')])
        .orderBy('r.day', 'desc'));
    return {
      data: rows.map((r) => ({
        id: r.id, day: r.day,
        amount: new D(r.amount).toFixed(), currency: 'USDT', people: Number(r.people), create_time: new Date(r.created_at).toISOString(),
      })),
      page, limit, total,
    };
  },

  'GET /referral/invitees': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const { rows, total } = await pageOf(ctx.services.db.selectFrom('users as u').where('u.parent_id', '=', user.id), { limit, offset },
      (q) => q.select(['u.username', 'u.created_at', traded(sql.ref('u.id')).as('traded')]).orderBy('u.id', 'desc'));
    return {
      data: rows.map((r) => ({ account: maskedAccount(r.username), registered_at: new Date(r.created_at).toISOString(), traded: Boolean(r.traded) })),
      page, limit, total,
    };
  },
};
