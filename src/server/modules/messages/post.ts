/**
 * What the platform tells a user lands in their message centre: `postMessage` is called inside the transaction
 * of the change it reports (a message exists exactly when the change happened), with the topic and its values;
 * the texts are `msg.<topic>.title` and `msg.<topic>.body`, worded in the reader's language when read. After
 * the commit the caller tells the user's open apps (MESSAGE_EVENT), as it tells them of their balance.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db';

export const MESSAGE_TOPICS = [
  'deposit_approved', 'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'identity_approved', 'identity_rejected',
  'loan_approved', 'loan_rejected', 'loan_warning', 'loan_liquidated', 'fiat_paid', 'fiat_rejected',
  'referral_rebate', 'vip_changed', 'coupon_granted', 'coupon_bonus',
] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

export async function postMessage(db: Kysely<DB> | Transaction<DB>, user: number, topic: MessageTopic, params: Record<string, string | number>, now: Date): Promise<void> {
  await db.insertInto('user_messages').values({ user_id: user, topic, params: JSON.stringify(params), created_at: now }).execute();
}
