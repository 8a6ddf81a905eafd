/**
 * The operator's trading data as ops commands: `<noun>s` lists the rows, `<noun>-set <key...> <field>
 * <value>` changes one field of one row. Values are checked here by kind and again by the table's CHECK
 * constraints; a refused value changes nothing and says why.
 */
import { sql } from 'kysely';
import { D } from '../../shared/format/decimal';
import { OpsError, type OpsArgument, type OpsCommand } from '../area';
import type { Services } from '../context';
import { CURRENCIES } from '../market/currencies';
import { findInstrument } from '../market/instruments';

export type SettingKind = 'rate' | 'amount' | 'integer' | 'boolean' | 'multiples' | 'time';

const DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;

function parse(kind: SettingKind, raw: string): string | number | boolean {
  switch (kind) {
    case 'rate':
      if (!DECIMAL.test(raw) || new D(raw).gte(1)) throw new OpsError(`${raw} is not a rate: a fraction from 0 to below 1 (0.001 is 0.1%)`);
      return new D(raw).toFixed();
    case 'amount':
      if (!DECIMAL.test(raw)) throw new OpsError(`${raw} is not an amount`);
      return new D(raw).toFixed();
    case 'integer':
      if (!/^\d{1,9}$/.test(raw)) throw new OpsError(`${raw} is not a whole number`);
      return Number(raw);
    case 'boolean':
      if (!/^(on|off|true|false|yes|no)$/i.test(raw)) throw new OpsError(`${raw} is not on or off`);
      return /^(on|true|yes)$/i.test(raw);
    case 'time':
      return timeOfDay(raw);
    case 'multiples': {
      const list = raw.split(',').map((s) => s.trim());
      if (!list.every((s) => /^[1-9]\d{0,2}$/.test(s))) throw new OpsError(`${raw} is not a list of multiples such as 5,10,20`);
      const n = list.map(Number);
      if (n.some((v, i) => i > 0 && v <= n[i - 1])) throw new OpsError('the multiples must be ascending');
      return n.join(',');
    }
  }
}

export interface SettingsTable {
  /** `spot-market` gives the commands `spot-markets` and `spot-market-set`. */
  noun: string;
  table: 'spot_markets' | 'contract_markets' | 'seconds_terms' | 'seconds_markets' | 'mining_plans' | 'dual_products' | 'ieo_projects';
  /** The key columns, with how the operator names them (`BTC/USDT`, `USDT`) turned into the column's value. */
  keys: Array<{ column: string; arg: OpsArgument; value(raw: string | number): string | number }>;
  fields: Record<string, SettingKind>;
  /** One line of the listing. */
  line(row: Record<string, unknown>): string;
  /** Order of the listing. */
  orderBy: string[];
}

/** A pair as the operator names it (`BTC/USDT`, `btcusdt`) as the symbol the tables key it by. */
export function symbolKey(raw: string | number): string {
  const inst = findInstrument(String(raw));
  if (!inst) throw new OpsError(`no listed pair ${raw}`);
  return inst.symbol;
}

/** A time of day as the operator types it (`16:30`, UTC) as minutes after midnight. */
export function timeOfDay(raw: string | number): number {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(String(raw));
  if (!m) throw new OpsError(`${raw} is not a time of day such as 00:00 or 16:30 (UTC)`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** A currency as the operator names it (`USDT`, `btc`) as its id. */
export function currencyKey(name: string | number): number {
  const currency = CURRENCIES.find((c) => c.name === String(name).toUpperCase());
  if (!currency) throw new OpsError(`no currency ${name}`);
  return currency.id;
}

/** An amount argument of a command (`what` names it in the refusal). */
export function amountArg(what: string, raw: string | number): string {
  if (!DECIMAL.test(String(raw))) throw new OpsError(`${raw} is not ${what}`);
  return new D(String(raw)).toFixed();
}

/** A CHECK constraint's refusal as the operator reads it. */
export function refusal(err: unknown): OpsError | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23514') return new OpsError(`the database refused the value (${e.constraint ?? e.message})`);
  return undefined;
}

export function settingsCommands(t: SettingsTable): OpsCommand[] {
  const fieldNames = Object.keys(t.fields);
  return [
    {
      name: `${t.noun}s`, summary: `the ${t.noun.replace('-', ' ')}s and their settings`,
      async run(services: Services) {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(t.table)} order by ${sql.join(t.orderBy.map((c) => sql.ref(c)))}`.execute(services.db);
        return { lines: rows.length ? rows.map(t.line) : [`no ${t.noun}s`] };
      },
    },
    {
      name: `${t.noun}-set`,
      args: [...t.keys.map((k) => k.arg), { name: 'field', kind: 'word' }, { name: 'value', kind: 'word' }],
      summary: `change a setting of a ${t.noun.replace('-', ' ')}: ${fieldNames.join(', ')}`,
      async run(services: Services, args) {
        const field = String(args.field);
        const kind = t.fields[field];
        if (!kind) throw new OpsError(`no field ${field}: one of ${fieldNames.join(', ')}`);
        const value = parse(kind, String(args.value));
        const where = t.keys.map((k) => sql`${sql.ref(k.column)} = ${k.value(args[k.arg.name])}`);
        try {
          const { rows } = await sql<Record<string, unknown>>`update ${sql.table(t.table)} set ${sql.ref(field)} = ${value}, updated_at = now()
            where ${sql.join(where, sql` and `)} returning *`.execute(services.db);
          if (!rows[0]) throw new OpsError(`no ${t.noun} ${t.keys.map((k) => args[k.arg.name]).join(' ')}`);
          return { lines: [t.line(rows[0])] };
        } catch (err) {
          throw refusal(err) ?? err;
        }
      },
    },
  ];
}
