/**
 * A user's trading volume of the VIP window, in USDT: the quote total of their spot orders filled and the value
 * at opening (price x lots x lot size) of their contract positions opened, in [from, to). Every pair is quoted
 * in USDT.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db';
import { plain } from '../../kernel';

export async function volumes(db: Kysely<DB> | Transaction<DB>, from: Date, to: Date, user?: number): Promise<Map<number, string>> {
  const only = user === undefined ? sql`` : sql`and user_id = ${user}`;
  const rows = await sql<{ user_id: number; volume: string }>`
    select user_id, sum(v) as volume from (
      select user_id, total as v from spot_orders where status = 'filled' and done_at >= ${from} and done_at < ${to} ${only}
      union all
      select user_id, open_price * lots * lot_size as v from contract_positions where opened_at >= ${from} and opened_at < ${to} ${only}
    ) t group by user_id`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.user_id), plain(r.volume)]));
}
