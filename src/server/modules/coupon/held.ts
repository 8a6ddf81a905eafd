/**
 * The coupons a user holds: got by a claim in the coupon centre or granted (at registration, at the first
 * recharge), each a copy of its definition then. How many of a coupon one user may have is counted under the
 * user's row lock, so two claims at once never pass the limit together.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { COUPON_PRODUCTS, type CouponDefinition } from '../../../shared/config/settings';
import { COUPON_LISTS } from '../../../shared/contract/coupon';
import type { DB } from '../../db';
import type { UserCouponsTable } from '../../db/schema.generated';
import { ApiError } from '../../errors';
import { lockUsers } from '../../ledger';
import { currencyById, DAY_MS, plainOrNull, plain } from '../../kernel';
import { USDT_ID } from '../../market/currencies';
import { postMessage } from '../messages';

export type CouponRow = Selectable<UserCouponsTable>;
export type CouponList = (typeof COUPON_LISTS)[number];
type Source = CouponRow['source'];
/** How the reader's language words a coupon: its messages, and its numbers. */
export interface Words { t: (key: string, values?: Record<string, string | number>) => string; amount: (value: string) => string }

const heldCount = async (trx: Transaction<DB>, user: number, code: string) => Number((await trx.selectFrom('user_coupons')
  .select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', user).where('code', '=', code).executeTakeFirstOrThrow()).n);

async function give(trx: Transaction<DB>, user: number, c: CouponDefinition, source: Source, now: Date): Promise<CouponRow> {
  return trx.insertInto('user_coupons').values({
    user_id: user, code: c.code, kind: c.kind, rate: c.rate ?? null, amount: c.amount ?? null, max: c.max ?? null, min: c.min,
    products: (c.products ?? []).join(','), source, got_at: now, expires_at: new Date(now.getTime() + c.valid_days * DAY_MS),
  }).returningAll().executeTakeFirstOrThrow();
}

/** Claims one coupon of the centre for the user; refused when it is not offered or they have had their share. */
export async function claimCoupon(trx: Transaction<DB>, offered: readonly CouponDefinition[], user: number, code: string, now: Date): Promise<CouponRow> {
  const c = offered.find((o) => o.code === code && o.claim);
  if (!c) throw new ApiError('api.coupon.not_offered').about('code');
  await lockUsers(trx, [user]);
  if (await heldCount(trx, user, code) >= c.per_user) throw new ApiError('api.coupon.limit', { count: c.per_user }).about('code');
  return give(trx, user, c, 'claim', now);
}

/** Gives the user the coupons granted on `on` they have not had their share of, and tells them. */
export async function grantCoupons(trx: Transaction<DB>, defined: readonly CouponDefinition[], user: number, on: 'registration' | 'first_deposit', now: Date): Promise<void> {
  const granted = defined.filter((c) => c.grant_on === on);
  if (!granted.length) return;
  await lockUsers(trx, [user]);
  for (const c of granted) {
    if (await heldCount(trx, user, c.code) >= c.per_user) continue;
    await give(trx, user, c, on, now);
    await postMessage(trx, user, 'coupon_granted', { code: c.code, days: c.valid_days }, now);
  }
}

/** The list a coupon is in at `now`: used, expired (never used before it ran out) or available. */
const listOf = (r: CouponRow, now: Date): CouponList => (r.status === 'used' ? 'used' : new Date(r.expires_at) <= now ? 'expired' : 'available');

export function couponView(r: CouponRow, now: Date, words: Words) {
  const terms = {
    code: r.code, kind: r.kind, rate: plainOrNull(r.rate), amount: plainOrNull(r.amount), max: plainOrNull(r.max), min: plain(r.min),
    products: COUPON_PRODUCTS.filter((p) => r.products.split(',').includes(p)), currency: currencyById(USDT_ID).name,
  };
  return {
    id: r.id, ...terms, applies: appliesTo(terms.products), description: describeCoupon(words, terms), source: r.source, status: listOf(r, now),
    got_time: new Date(r.got_at).toISOString(), expire_time: new Date(r.expires_at).toISOString(),
    used_time: r.used_at === null ? null : new Date(r.used_at).toISOString(),
    saving: plainOrNull(r.saving), saving_currency: r.saving_currency === null ? null : currencyById(r.saving_currency).name,
  };
}

/** One list of the user's coupons: available soonest to expire first; used and expired newest first. */
export function couponsQuery(db: Kysely<DB>, user: number, list: CouponList, now: Date) {
  const mine = db.selectFrom('user_coupons').where('user_id', '=', user);
  if (list === 'used') return { query: mine.where('status', '=', 'used'), order: (q: typeof mine) => q.orderBy('used_at', 'desc').orderBy('id', 'desc') };
  const held = mine.where('status', '=', 'available');
  return list === 'available'
    ? { query: held.where('expires_at', '>', now), order: (q: typeof mine) => q.orderBy('expires_at').orderBy('id') }
    : { query: held.where('expires_at', '<=', now), order: (q: typeof mine) => q.orderBy('expires_at', 'desc').orderBy('id', 'desc') };
}

/** How many of each coupon the user has had. */
export async function heldByCode(db: Kysely<DB>, user: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('user_coupons').select(['code', (eb) => eb.fn.countAll<string>().as('n')]).where('user_id', '=', user).groupBy('code').execute();
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

/** Where a coupon applies, from its products (none: a deposit bonus). */
export function appliesTo(products: readonly ('spot' | 'contract')[]): 'spot' | 'contract' | 'trades' | 'deposit' {
  return products.length === 0 ? 'deposit' : products.length > 1 ? 'trades' : products[0];
}

/** A coupon's terms as the user reads them, in their language. */
export function describeCoupon({ t, amount }: Words, c: { kind: string; rate: string | null; amount: string | null; max: string | null; min: string; products: readonly string[] }): string {
  const products = t(`coupon.products.${c.products.length > 1 ? 'all' : c.products[0] ?? 'all'}`);
  const size = c.amount !== null ? 'amount' : c.max !== null ? 'rate_capped' : 'rate';
  // A percentage to read, formatted by the message (`{rate, number, percent}`): the money is in min, max and amount.
  const rate = c.rate === null ? 0 : Number(c.rate);
  return t(`coupon.describe.${c.kind}.${size}`, { rate, amount: c.amount === null ? '' : amount(c.amount), max: c.max === null ? '' : amount(c.max), min: amount(c.min), products, currency: currencyById(USDT_ID).name });
}
