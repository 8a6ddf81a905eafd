/**
 * What the platform tells a user lands in their message centre: `postMessage` is called inside the transaction
 * of the change it reports (a message exists exactly when the change happened), with the topic and its values;
 * the texts are `msg.<topic>.title` and `msg.<topic>.body`, worded in the reader's language when read. After
 * the commit the caller tells the user's open apps (MESSAGE_EVENT), as it tells them of their balance.
 */
import type { Kysely, Transaction } from 'kysely';
import { MUTABLE_MESSAGE_GROUPS, type MutableMessageGroup } from '../../../shared/contract/messages';
import type { DB } from '../../db';

export const MESSAGE_TOPICS = [
  'deposit_approved', 'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'identity_approved', 'identity_rejected',
  'loan_approved', 'loan_rejected', 'loan_warning', 'loan_liquidated', 'fiat_paid', 'fiat_rejected',
  'referral_rebate', 'vip_changed', 'coupon_granted', 'coupon_bonus', 'loan_due', 'position_closed',
] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

/** The kind of each topic a user may turn off; a topic of none always reaches them (identity, loans). */
const GROUP_OF: Partial<Record<MessageTopic, MutableMessageGroup>> = {
  deposit_approved: 'funds', deposit_rejected: 'funds', withdrawal_paid: 'funds', withdrawal_rejected: 'funds', fiat_paid: 'funds', fiat_rejected: 'funds',
  referral_rebate: 'promotions', vip_changed: 'promotions', coupon_granted: 'promotions', coupon_bonus: 'promotions',
};

/** The kinds of messages a user turned off, from their `muted_messages`. */
export const mutedGroups = (muted: string): MutableMessageGroup[] => MUTABLE_MESSAGE_GROUPS.filter((g) => muted.split(',').includes(g));

/** Which kinds reach a user whose `muted_messages` is `muted`. */
export const notifyOf = (muted: string): Record<MutableMessageGroup, boolean> =>
  Object.fromEntries(MUTABLE_MESSAGE_GROUPS.map((g) => [g, !mutedGroups(muted).includes(g)])) as Record<MutableMessageGroup, boolean>;

export async function postMessage(db: Kysely<DB> | Transaction<DB>, user: number, topic: MessageTopic, params: Record<string, string | number>, now: Date): Promise<void> {
  const group = GROUP_OF[topic];
  if (group) {
    const row = await db.selectFrom('users').select('muted_messages').where('id', '=', user).executeTakeFirst();
    if (row && mutedGroups(row.muted_messages).includes(group)) return;
  }
  await db.insertInto('user_messages').values({ user_id: user, topic, params: JSON.stringify(params), created_at: now }).execute();
}
