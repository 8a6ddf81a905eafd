/**
 * The message centre (issue 26; SPEC 2 mailMessage, 7 `/mailMessage/getList`): what the platform told one user
 * (a deposit credited, a withdrawal paid, a loan warned or its pledge sold …), newest first, with its read state.
 * A message is kept as its topic and values and worded in the reader's language when read.
 */
import { bool, endpoints, fields, id, int, intCodes, pageAt, paging, record, recordOf, str, timestamp } from './common';

/**
 * The kinds of messages a user may turn off (Settings, Notifications): deposits, withdrawals and bought crypto;
 * rewards and promotions (rebates, VIP levels, coupons). Identity and loan messages always reach them.
 */
export const MUTABLE_MESSAGE_GROUPS = ['funds', 'promotions'] as const;
export type MutableMessageGroup = (typeof MUTABLE_MESSAGE_GROUPS)[number];

export const USER_MESSAGE = record({
  id: int(), title: str(),
  /** The message's first line (the platform's list shows it under the title). */
  abstract: str(),
  /** The whole message. */
  content: str(),
  create_time: timestamp,
  /** Ours: whether the user opened it; what it is about (`deposit_approved` …). */
  read: bool, topic: str(),
});

/** Which kinds of messages reach the user: `{ funds: true, promotions: false }`. */
export const NOTIFY = recordOf(MUTABLE_MESSAGE_GROUPS, bool);
export const NOTIFY_ON = intCodes({ 0: 'off', 1: 'on' });

export const messageEndpoints = endpoints([
  {
    method: 'GET', path: '/mailMessage/getList', auth: true, refreshOn: ['message'],
    summary: 'The user\'s messages, newest first (the platform\'s `message.list[]`)',
    request: fields({ ...paging }),
    response: pageAt('list', USER_MESSAGE),
  },
  {
    method: 'GET', path: '/mailMessage/unread', auth: true, refreshOn: ['message'],
    summary: 'Ours: how many of the user\'s messages are not read yet (the badge)',
    response: record({ count: int() }),
  },
  {
    method: 'POST', path: '/mailMessage/detail', auth: true, changes: ['message'],
    summary: 'Ours: one of the user\'s messages, marked read by opening it',
    request: fields({ id: id() }, ['id']),
    response: USER_MESSAGE,
  },
  {
    method: 'POST', path: '/user/notify', auth: true, changes: ['account'],
    summary: 'Ours: turn a kind of message on (on 1) or off (on 0) for the user; answers which kinds reach them',
    request: fields({ group: str({ enum: [...MUTABLE_MESSAGE_GROUPS] }), on: NOTIFY_ON.schema }, ['group', 'on']),
    response: record({ notify: NOTIFY }),
  },
  {
    method: 'POST', path: '/mailMessage/read_all', auth: true, changes: ['message'],
    summary: 'Ours: every message of the user marked read',
    response: record({ count: int() }),
  },
]);
