/**
 * The operator's seconds data: `seconds-terms`, `seconds-term-set USDT 60 payout_rate 0.85`,
 * `seconds-term-add USDT 90 0.25 10 50000`, `seconds-markets`, `seconds-market-set BTC/USDT enabled off`,
 * `seconds-market-add ADA/USDT`. A term's payout rate is copied into each order when placed, so a change
 * applies to new orders only.
 */
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import { CURRENCIES } from '../../market/currencies';
import { amountArg, currencyKey, refusal, settingsCommands, symbolKey } from '../../ops/settings';

const onOff = (enabled: unknown) => (enabled ? 'on' : 'off');
const currencyName = (id: unknown) => CURRENCIES.find((c) => c.id === Number(id))?.name ?? `currency ${id}`;

const termLine = (r: Record<string, unknown>) => `${currencyName(r.currency_id)} ${r.seconds}s  payout_rate ${new D(String(r.payout_rate)).toFixed()}`
  + `  min_number ${new D(String(r.min_number)).toFixed()}  max_number ${new D(String(r.max_number)).toFixed()}  enabled ${onOff(r.enabled)}`;
const marketLine = (r: Record<string, unknown>) => `${r.symbol}  enabled ${onOff(r.enabled)}`;

/** `fn`, with a CHECK constraint's refusal as the operator reads it. */
async function checked<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw refusal(err) ?? err;
  }
}

const termCommands = settingsCommands({
  noun: 'seconds-term', table: 'seconds_terms',
  keys: [
    { column: 'currency_id', arg: { name: 'currency', kind: 'word' }, value: currencyKey },
    { column: 'seconds', arg: { name: 'seconds', kind: 'id' }, value: Number },
  ],
  // A payout rate may exceed 1 (the table allows up to 10): it is an amount here, bounded by the CHECK.
  fields: { payout_rate: 'amount', min_number: 'amount', max_number: 'amount', enabled: 'boolean' },
  line: termLine,
  orderBy: ['currency_id', 'seconds'],
});

const marketCommands = settingsCommands({
  noun: 'seconds-market', table: 'seconds_markets',
  keys: [{ column: 'symbol', arg: { name: 'symbol', kind: 'word' }, value: symbolKey }],
  fields: { enabled: 'boolean' },
  line: marketLine,
  orderBy: ['symbol'],
});

export const secondsOps: OpsCommand[] = [
  ...termCommands,
  {
    name: 'seconds-term-add',
    args: [{ name: 'currency', kind: 'word' }, { name: 'seconds', kind: 'id' }, { name: 'payout_rate', kind: 'word' }, { name: 'min', kind: 'word' }, { name: 'max', kind: 'word' }],
    summary: 'offer a new seconds-contract duration in a currency: payout rate, minimum and maximum stake',
    async run(services, a) {
      const row = {
        currency_id: currencyKey(a.currency), seconds: Number(a.seconds), payout_rate: amountArg('a payout rate', a.payout_rate),
        min_number: amountArg('an amount', a.min), max_number: amountArg('an amount', a.max),
      };
      const added = await checked(() => services.db.insertInto('seconds_terms').values(row)
        .onConflict((oc) => oc.columns(['currency_id', 'seconds']).doNothing()).returningAll().executeTakeFirst());
      if (!added) throw new OpsError(`${currencyName(row.currency_id)} ${row.seconds}s is offered already: change it with seconds-term-set`);
      return { lines: [termLine(added)] };
    },
  },
  ...marketCommands,
  {
    name: 'seconds-market-add', args: [{ name: 'symbol', kind: 'word' }], summary: 'open a listed pair for seconds contracts',
    async run(services, a) {
      const added = await services.db.insertInto('seconds_markets').values({ symbol: symbolKey(a.symbol) })
        .onConflict((oc) => oc.column('symbol').doNothing()).returningAll().executeTakeFirst();
      if (!added) throw new OpsError(`${symbolKey(a.symbol)} is a seconds market already: change it with seconds-market-set`);
      return { lines: [marketLine(added)] };
    },
  },
];
