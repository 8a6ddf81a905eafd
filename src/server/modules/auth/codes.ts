/**
 * Verification codes: 6 digits, valid 10 minutes, single use, a new code replaces the previous one of the
 * same address and scene, 5 wrong tries invalidate a code. Sending is limited per address to one code per
 * 60 seconds and 10 per hour.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isEmail } from '../../../shared/validators/email';
import type { DB } from '../../db';
import type { Services } from '../../context';
import { ApiError } from '../../errors';
import type { Language } from '../../../shared/i18n/languages';
import { sha256 } from '../../sessions';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const HOURLY_LIMIT = 10;
export const MAX_ATTEMPTS = 5;

export interface Address {
  kind: 'email' | 'mobile';
  /** Normalised: lower-case email, or `+<area> <digits>`. */
  address: string;
  email?: string;
  mobile?: string;
  areaCode?: string;
}

export interface AddressInput {
  user_string: string;
  type?: string;
  area_code?: string;
  area_code_id?: number;
  country_code?: string;
}

/** `+<digits>` without leading zeros: `1`, `01`, `001`, `+1` are one dialing code. */
export function normaliseAreaCode(value: string | undefined): string | undefined {
  const digits = (value ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return digits && digits.length <= 4 ? `+${digits}` : undefined;
}

/**
 * The national number as the numbering plan writes it (libphonenumber: no trunk prefix, so `07911 123456`
 * and `7911123456` under +44 are one phone), or the digits as typed when the plan does not know the number.
 */
function nationalNumber(areaCode: string, digits: string): string {
  let parsed;
  try {
    parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: areaCode.slice(1) });
  } catch {
    return digits; // a dialing code no numbering plan has (+42): libphonenumber throws
  }
  return parsed?.isPossible() && `+${parsed.countryCallingCode}` === areaCode ? parsed.nationalNumber : digits;
}

export async function resolveAddress(db: Kysely<DB>, input: AddressInput): Promise<Address> {
  const raw = String(input.user_string ?? '').trim();
  const mobile = input.type === 'mobile' || (input.type !== 'email' && !raw.includes('@'));
  if (!mobile) {
    const email = raw.toLowerCase();
    if (!isEmail(email)) throw new ApiError('error.format.email');
    return { kind: 'email', address: email, email };
  }
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{5,15}$/.test(digits)) throw new ApiError('error.format.mobile');
  let areaCode = normaliseAreaCode(input.area_code) ?? normaliseAreaCode(input.country_code);
  if (!areaCode && input.area_code_id) {
    const row = await db.selectFrom('area_codes').select('area_code').where('id', '=', Number(input.area_code_id)).executeTakeFirst();
    areaCode = normaliseAreaCode(row?.area_code);
  }
  if (!areaCode) throw new ApiError('api.area_code_required');
  const national = nationalNumber(areaCode, digits);
  return { kind: 'mobile', address: `${areaCode} ${national}`, mobile: national, areaCode };
}

const codeHash = (addr: Address, scene: string, code: string): string => sha256(`${addr.address}\u0000${scene}\u0000${code}`);

export async function sendCode(services: Services, lang: Language, addr: Address, scene: string): Promise<void> {
  const now = services.now();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await services.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${addr.address}))`.execute(trx);
    const recent = await trx.selectFrom('verification_codes')
      .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`max(created_at)`.as('last')])
      .where('address', '=', addr.address)
      .where('created_at', '>', new Date(now.getTime() - 3600_000))
      .executeTakeFirstOrThrow();
    const last = recent.last ? new Date(recent.last).getTime() : 0;
    if (last && now.getTime() - last < RESEND_INTERVAL_MS) {
      throw new ApiError('api.code.too_frequent', { seconds: Math.ceil((RESEND_INTERVAL_MS - (now.getTime() - last)) / 1000) });
    }
    if (recent.n >= HOURLY_LIMIT) throw new ApiError('api.code.hourly_limit');
    await trx.updateTable('verification_codes').set({ used_at: now })
      .where('address', '=', addr.address).where('scene', '=', scene).where('used_at', 'is', null).execute();
    await trx.insertInto('verification_codes').values({
      address: addr.address, scene, code_hash: codeHash(addr, scene, code),
      created_at: now, expires_at: new Date(now.getTime() + CODE_TTL_MS),
    }).execute();
  });
  const t = services.i18n.t;
  await services.mail.send({
    channel: addr.kind === 'email' ? 'mail' : 'sms',
    to: addr.address,
    scene,
    subject: t(lang, 'api.mail.subject'),
    body: t(lang, 'api.mail.body', { code, minutes: CODE_TTL_MS / 60000 }),
    code,
  });
}

/**
 * Checks the latest code of the address sent for one of `scenes` (a scene, or the scenes a step takes). A
 * wrong code counts a try (the fifth wrong try invalidates it). With `consume` the code is used up. Use the
 * transaction's `db` when inside one (a wrong try counted there is undone by its rollback: check outside
 * first, as register and forget do).
 *
 * Each try is decided by one UPDATE guarded by `used_at is null`, never by a count read earlier: concurrent
 * wrong tries each add one while the code is alive and the MAX_ATTEMPTS-th kills it, so no more are counted;
 * a right code passes only if it is still alive at its own UPDATE (which uses it up with `consume`), so it
 * passes once, and never after the wrong tries killed it.
 */
export async function checkCode(
  db: Kysely<DB>, now: Date, addr: Address, scenes: string | readonly string[], code: string, consume: boolean,
): Promise<void> {
  const row = await db.selectFrom('verification_codes').select(['id', 'scene', 'code_hash'])
    .where('address', '=', addr.address).where('scene', 'in', typeof scenes === 'string' ? [scenes] : [...scenes])
    .where('used_at', 'is', null).where('expires_at', '>', now)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) throw new ApiError('api.code.invalid');
  const given = Buffer.from(codeHash(addr, row.scene, String(code)));
  const stored = Buffer.from(row.code_hash);
  const alive = db.updateTable('verification_codes').where('id', '=', row.id).where('used_at', 'is', null);
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) {
    await alive.set((eb) => ({
      attempts: eb('attempts', '+', 1),
      used_at: sql<Date | null>`case when attempts + 1 >= ${MAX_ATTEMPTS} then ${now}::timestamptz end`,
    })).execute();
    throw new ApiError('api.code.invalid');
  }
  const passed = await alive.where('expires_at', '>', now)
    .set({ used_at: consume ? now : sql<Date | null>`used_at` })
    .returning('id').executeTakeFirst();
  if (!passed) throw new ApiError('api.code.invalid');
}
