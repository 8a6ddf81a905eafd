/** Account lookups and invitation codes. */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db';
import type { Address } from './codes';

export async function findUserIdByAddress(db: Kysely<DB>, addr: Address): Promise<number | undefined> {
  const q = db.selectFrom('users').select('id');
  const row = addr.kind === 'email'
    ? await q.where(sql<string>`lower(email)`, '=', addr.email!).executeTakeFirst()
    : await q.where('mobile', '=', addr.mobile!).where('area_code', '=', addr.areaCode!).executeTakeFirst();
  return row?.id;
}

/** Login name: an email (case-insensitive), a mobile number or the username. */
export async function findUserForLogin(db: Kysely<DB>, userString: string): Promise<{ id: number; password_hash: string } | undefined> {
  const s = userString.trim();
  return db.selectFrom('users').select(['id', 'password_hash'])
    .where((eb) => eb.or([
      eb(sql<string>`lower(email)`, '=', s.toLowerCase()),
      eb('mobile', '=', s.replace(/[\s-]/g, '')),
      eb('username', '=', s),
    ]))
    .orderBy('id').limit(1).executeTakeFirst();
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return out;
}

/** A fresh invitation code of 6 characters (7 or 8 if 6 keep colliding); no 0/O/1/I to avoid confusion. */
export async function uniqueInvitationCode(db: Kysely<DB>): Promise<string> {
  for (const length of [6, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8]) {
    const code = randomCode(length);
    const taken = await db.selectFrom('users').select('id').where('extension_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('could not allocate an invitation code');
}

/**
 * A new account's nickname until the user picks one: "User" and six random digits, which fits the
 * nickname rule (2-10 letters or digits) and does not reveal the email or phone number.
 */
export function defaultNickname(): string {
  return `User${crypto.randomInt(100_000, 1_000_000)}`;
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
