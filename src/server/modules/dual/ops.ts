/**
 * The operator's dual-investment products: `dual-products`, `dual-product-set 3 annual_rate 0.45`,
 * `dual-product-set 3 renew off` (the series ends with this round), `dual-product-add BTC/USDT sell_high
 * 0.01 0.365 0.03 1 500 on` (a round on sale until the next 08:00 UTC, pegged 3% above the price now),
 * `dual-product-cancel 3` (every order refunded whole). A change applies to the round's orders to come.
 */
import { DUAL_TYPES } from '../../../shared/domain/dual';
import { DAY_MS } from '../../kernel';
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import { USDT_ID } from '../../market/currencies';
import { findInstrument } from '../../market/instruments';
import { refundProduct } from './orders';
import { nextTimeOfDay, peggedPrice, symbolOf } from './products';
import { amountArg, refusal, settingsCommands } from '../../ops/settings';

/** A new round's sale closes at the next 08:00 UTC (and at least an hour from now). */
export const VALUE_MINUTE = 8 * 60;

const pct = (v: unknown) => `${new D(String(v)).times(100).toFixed()}%`;
const productLine = (r: Record<string, unknown>) => `#${r.id} ${symbolOf(r as never)} ${r.type} ${r.days} days  unit ${new D(String(r.unit_price)).toFixed()}`
  + `  annual ${pct(r.annual_rate)}  peg ${new D(String(r.peg_price)).toFixed()} (${pct(r.peg_offset)})  shares ${r.remaining_shares}/${r.total_shares}`
  + `  sold until ${new Date(r.value_at as string).toISOString()}  settles ${new Date(r.settle_at as string).toISOString()}  ${r.status}${r.renew ? '  renews' : ''}`;

/** The sale of a round opened at `now`: until the next value time at least an hour away. */
export function saleEnd(now: Date): Date {
  return nextTimeOfDay(new Date(now.getTime() + 3_600_000), VALUE_MINUTE);
}

export const dualOps: OpsCommand[] = [
  ...settingsCommands({
    noun: 'dual-product', table: 'dual_products',
    keys: [{ column: 'id', arg: { name: 'id', kind: 'id' }, value: Number }],
    fields: { annual_rate: 'rate', peg_price: 'amount', peg_offset: 'rate', renew: 'boolean', sort: 'integer' },
    line: productLine,
    orderBy: ['status', 'sort', 'id'],
  }),
  {
    name: 'dual-product-add',
    args: ['pair', 'type', 'unit_price', 'annual_rate', 'peg_offset', 'days', 'shares', 'renew'].map((name) => ({ name, kind: 'word' as const })),
    summary: 'offer a dual-investment round: pair, sell_high or buy_low, price of a share, annual rate, peg offset from the price now (0.03, -0.03), days, shares, renew on/off',
    async run(services, a) {
      const inst = findInstrument(String(a.pair));
      if (!inst) throw new OpsError(`no listed pair ${a.pair}`);
      if (!(DUAL_TYPES as readonly string[]).includes(String(a.type))) throw new OpsError(`${a.type} is not sell_high or buy_low`);
      if (!/^-?0(\.\d{1,8})?$/.test(String(a.peg_offset))) throw new OpsError(`${a.peg_offset} is not an offset such as 0.03 or -0.05`);
      if (!/^\d{1,3}$/.test(String(a.days))) throw new OpsError(`${a.days} is not a number of days`);
      if (!/^\d{1,9}$/.test(String(a.shares))) throw new OpsError(`${a.shares} is not a number of shares`);
      if (!/^(on|off)$/.test(String(a.renew))) throw new OpsError(`${a.renew} is not on or off`);
      const now = services.now();
      const value = saleEnd(now);
      const price = (await services.market()).lastPrice(inst.symbol).price;
      try {
        const row = await services.db.insertInto('dual_products').values({
          currency_id: inst.id, quote_id: USDT_ID, type: a.type as (typeof DUAL_TYPES)[number], unit_price: amountArg('a price of a share', a.unit_price),
          annual_rate: amountArg('a rate', a.annual_rate), peg_offset: String(a.peg_offset), peg_price: peggedPrice(price, String(a.peg_offset), inst.priceDecimals),
          days: Number(a.days), value_at: value, settle_at: new Date(value.getTime() + Number(a.days) * DAY_MS),
          total_shares: Number(a.shares), remaining_shares: Number(a.shares), renew: a.renew === 'on',
        }).returningAll().executeTakeFirstOrThrow();
        return { lines: [productLine(row)] };
      } catch (err) {
        throw refusal(err) ?? err;
      }
    },
  },
  {
    name: 'dual-product-cancel',
    args: [{ name: 'id', kind: 'id' }],
    summary: 'withdraw a dual-investment round before it settles: every order refunded whole to its spot account',
    async run(services, a) {
      const now = services.now();
      const users = await services.db.transaction().execute(async (trx) => {
        const p = await trx.updateTable('dual_products').set({ status: 'cancelled', renew: false })
          .where('id', '=', Number(a.id)).where('status', '=', 'open').returningAll().executeTakeFirst();
        if (!p) throw new OpsError(`#${a.id} is not an open round`);
        return refundProduct(trx, p.id, now);
      });
      return { lines: [`#${a.id} cancelled; ${users.length} user(s) refunded`] };
    },
  },
];
