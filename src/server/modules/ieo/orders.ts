/**
 * The life of an IEO application and the money each step moves: applied (its cost frozen in the spot
 * account; the project's applied sum raised in the same statement that checks the window), allocated when
 * the project is done (pro rata when oversubscribed: the tokens passed locked in the spot account from the
 * house, their cost to the house, the rest of the frozen amount back), released after the lock period.
 * Each step is a guarded update, so whoever gets there first does it once.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { allocate, applicationCost } from '../../../shared/domain/ieo';
import { currencyById, DAY_MS, isoOrNull, plain, plainOrNull } from '../../kernel';
import { D, type Decimal } from '../../../shared/format/decimal';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { ACCOUNT_TYPES, capture, hold, post, type Leg } from '../../ledger';
import { nonNegative, type ProjectRow } from './projects';

export type IeoOrderRow = Selectable<DB['ieo_orders']>;

const refOf = (id: number) => `ieo:${id}`;
const spot = (user: number, currency: number) => ({ user, currency, type: ACCOUNT_TYPES.change });
const house = (currency: number) => ({ platform: 'house' as const, currency });

/** What the user applied for in `project` so far. */
export async function appliedBy(db: Kysely<DB>, user: number, project: number): Promise<Decimal> {
  const row = await db.selectFrom('ieo_orders').select((eb) => eb.fn.sum<string>('quantity').as('sum'))
    .where('user_id', '=', user).where('project_id', '=', project).executeTakeFirst();
  return new D(row?.sum ?? 0);
}

/** Applies for `quantity` tokens of project `p` at `now` (the caller holds the user's row). */
export async function apply(trx: Transaction<DB>, p: ProjectRow, user: number, quantity: Decimal, now: Date): Promise<IeoOrderRow> {
  const mine = await appliedBy(trx, user, p.id);
  if (mine.plus(quantity).gt(p.max_amount)) {
    throw new ApiError('api.ieo.above_max', { max: nonNegative(new D(p.max_amount).minus(mine)).toFixed(), currency: currencyById(p.currency_id).name });
  }
  const opened = await trx.updateTable('ieo_projects').set((eb) => ({ applied: eb('applied', '+', quantity.toFixed()) }))
    .where('id', '=', p.id).where('status', '=', 'active').where('starts_at', '<=', now).where('ends_at', '>', now)
    .returning('id').executeTakeFirst();
  if (!opened) throw new ApiError('api.ieo.not_open');
  const payAmount = applicationCost(quantity, p.price, currencyById(p.pay_currency_id).decimals);
  const order = await trx.insertInto('ieo_orders').values({
    user_id: user, project_id: p.id, quantity: quantity.toFixed(), price: p.price, pay_currency_id: p.pay_currency_id,
    pay_amount: payAmount.toFixed(), status: 'applied', created_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  await hold(trx, { account: spot(user, p.pay_currency_id), amount: payAmount, cause: 'ieo.apply', ref: refOf(order.id) });
  return order;
}

/** Allocates application `id` of a done project; undefined when it was allocated already. */
export async function allocateOrder(trx: Transaction<DB>, id: number, now: Date): Promise<IeoOrderRow | undefined> {
  const o = await trx.selectFrom('ieo_orders').selectAll().where('id', '=', id).where('status', '=', 'applied').executeTakeFirst();
  if (!o) return undefined;
  const p = await trx.selectFrom('ieo_projects').selectAll().where('id', '=', o.project_id).executeTakeFirstOrThrow();
  if (p.status !== 'done') return undefined;
  const a = allocate({ quantity: o.quantity, payAmount: o.pay_amount }, p,
    { token: currencyById(p.currency_id).decimals, pay: currencyById(p.pay_currency_id).decimals });
  const releaseAt = new Date(Math.max(now.getTime(), new Date(p.ends_at).getTime() + p.lock_days * DAY_MS));
  const done = await trx.updateTable('ieo_orders').set({
    status: 'allocated', passed: a.passed.toFixed(), cost: a.cost.toFixed(), refund: a.refund.toFixed(), allocated_at: now, release_at: releaseAt,
  }).where('id', '=', id).where('status', '=', 'applied').returningAll().executeTakeFirst();
  if (!done) return undefined;
  await trx.updateTable('ieo_projects').set((eb) => ({ passed: eb('passed', '+', a.passed.toFixed()) })).where('id', '=', p.id).execute();
  const legs: Leg[] = [];
  if (a.cost.gt(0)) legs.push({ account: house(o.pay_currency_id), amount: a.cost.toFixed() });
  if (a.passed.gt(0)) {
    legs.push({ account: house(p.currency_id), amount: a.passed.neg().toFixed() }, { account: spot(o.user_id, p.currency_id), bucket: 'locked', amount: a.passed.toFixed() });
  }
  // The cost of the tokens passed goes to the house; the refund, the rest of the hold, back to available.
  await capture(trx, { cause: 'ieo.apply', ref: refOf(id) }, { cause: 'ieo.allocate', amount: a.cost, rest: 'release', legs });
  return done;
}

/** Releases the tokens of allocated application `id` once its lock period is over. */
export async function releaseOrder(trx: Transaction<DB>, id: number, now: Date): Promise<IeoOrderRow | undefined> {
  const o = await trx.updateTable('ieo_orders').set({ status: 'released', released_at: now })
    .where('id', '=', id).where('status', '=', 'allocated').where('release_at', '<=', now).returningAll().executeTakeFirst();
  if (!o) return undefined;
  if (new D(o.passed ?? 0).gt(0)) {
    const p = await trx.selectFrom('ieo_projects').select('currency_id').where('id', '=', o.project_id).executeTakeFirstOrThrow();
    await post(trx, { cause: 'ieo.release', ref: refOf(id), legs: [
      { account: spot(o.user_id, p.currency_id), bucket: 'locked', amount: new D(o.passed!).neg().toFixed() },
      { account: spot(o.user_id, p.currency_id), amount: plain(o.passed!) },
    ] });
  }
  return o;
}

/** When the tokens of an application unlock: its release time once allocated, planned as end + lock days before. */
const unlocksAt = (o: IeoOrderRow, p: ProjectRow): Date =>
  (o.release_at ? new Date(o.release_at) : new Date(new Date(p.ends_at).getTime() + p.lock_days * DAY_MS));

/** An application as the platform's screens read it (IEO_ORDER). */
export function orderView(o: IeoOrderRow, p: ProjectRow) {
  return {
    id: o.id, project_id: o.project_id, name: p.name, currency_name: currencyById(p.currency_id).name,
    pay_currency_name: currencyById(o.pay_currency_id).name, coin_amount: plain(o.quantity), price: plain(o.price), pay_amount: plain(o.pay_amount),
    status: o.status, give_amount: plain(o.passed ?? 0), cost: plainOrNull(o.cost), refund: plainOrNull(o.refund),
    created_at: new Date(o.created_at).toISOString(), end_at: new Date(p.ends_at).toISOString(),
    allocated_at: isoOrNull(o.allocated_at), sell_begin: unlocksAt(o, p).toISOString(), released_at: isoOrNull(o.released_at),
  };
}
