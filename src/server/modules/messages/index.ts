/**
 * The message centre (issue 26): each user's messages from the platform (post.ts writes them where the change
 * they report happens), listed newest first with their read state, worded in the reader's language.
 */
import { messageEndpoints, NOTIFY_ON } from '../../../shared/contract/messages';
import { MESSAGE_EVENT } from '../../../shared/contract/events';
import { readerAmount, requireUser, type Handlers, type RequestContext } from '../../context';
import { notifyOf } from './post';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db';
import { defineArea } from '../../area';
import { ApiError } from '../../errors';
import { pageOf, pageParams } from '../../kernel';

export { notifyOf, postMessage, MESSAGE_TOPICS, type MessageTopic } from './post';

type MessageRow = Selectable<DB['user_messages']>;

/** Values that are amounts or prices: grouped as the reader's language writes numbers (`1,000`, `1 000`, `۱٬۰۰۰`), exactly. */
const AMOUNTS = new Set(['amount', 'sold', 'price', 'receive', 'profit']);

function view(ctx: RequestContext, m: MessageRow) {
  const amount = readerAmount(ctx);
  const values = Object.fromEntries(Object.entries((m.params ?? {}) as Record<string, string | number>)
    .map(([k, v]) => [k, AMOUNTS.has(k) ? amount(v) : v]));
  const content = ctx.t(`msg.${m.topic}.body`, values);
  return {
    id: m.id, title: ctx.t(`msg.${m.topic}.title`, values), abstract: content.split('\n')[0], content,
    create_time: new Date(m.created_at).toISOString(), read: m.read_at !== null, topic: m.topic,
  };
}

const handlers: Handlers = {
  'GET /mailMessage/getList': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    const { rows, total } = await pageOf(ctx.services.db.selectFrom('user_messages').where('user_id', '=', user.id), { limit, offset },
      (q) => q.selectAll().orderBy('id', 'desc'));
    return { list: rows.map((m) => view(ctx, m)), page, limit, total };
  },

  'GET /mailMessage/unread': async (ctx) => {
    const user = requireUser(ctx);
    const row = await ctx.services.db.selectFrom('user_messages').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id).where('read_at', 'is', null).executeTakeFirstOrThrow();
    return { count: Number(row.n) };
  },

  'POST /mailMessage/detail': async (ctx) => {
    const user = requireUser(ctx);
    const { db } = ctx.services;
    // Opening marks it read, once: an already read message keeps when it was first read.
    const opened = await db.updateTable('user_messages').set({ read_at: ctx.services.now() })
      .where('id', '=', ctx.input.id).where('user_id', '=', user.id).where('read_at', 'is', null).returningAll().executeTakeFirst();
    const m = opened ?? await db.selectFrom('user_messages').selectAll().where('id', '=', ctx.input.id).where('user_id', '=', user.id).executeTakeFirst();
    if (!m) throw new ApiError('api.message.not_found');
    if (opened) ctx.services.tell(user.id, MESSAGE_EVENT);
    return view(ctx, m);
  },

  'POST /mailMessage/read_all': async (ctx) => {
    const user = requireUser(ctx);
    const res = await ctx.services.db.updateTable('user_messages').set({ read_at: ctx.services.now() })
      .where('user_id', '=', user.id).where('read_at', 'is', null).executeTakeFirst();
    const count = Number(res.numUpdatedRows);
    if (count) ctx.services.tell(user.id, MESSAGE_EVENT);
    return { count };
  },

  // One statement whatever the list holds, so two taps at once leave it as the last one asked.
  'POST /user/notify': async (ctx) => {
    const user = requireUser(ctx);
    const { group } = ctx.input;
    const listed = sql<string>`(',' || muted_messages || ',')`;
    const muted = NOTIFY_ON.name(ctx.input.on) === 'off'
      ? sql<string>`case when ${listed} like ${`%,${group},%`} then muted_messages else trim(both ',' from muted_messages || ',' || ${group}) end`
      : sql<string>`trim(both ',' from replace(${listed}, ${`,${group},`}, ','))`;
    const row = await ctx.services.db.updateTable('users').set({ muted_messages: muted }).where('id', '=', user.id).returning('muted_messages').executeTakeFirstOrThrow();
    ctx.services.cached.usersChanged(user.id);
    return { notify: notifyOf(row.muted_messages) };
  },
};

export const messagesArea = defineArea({ name: 'messages', endpoints: messageEndpoints, handlers });
