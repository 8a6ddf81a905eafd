/**
 * The operator's lock-mining plans: `mining-plans`, `mining-plan-set 2 daily_rate_max 0.0045`,
 * `mining-plan-set 2 dividend_minute 16:30`, `mining-plan-set 2 enabled off` (closes it to new orders),
 * `mining-plan-add USDT 100 100000 0.003 0.004 5 00:00 0.004`, `mining-plan-category 2 defi` (the list it shows
 * in: lock, defi or cloud mining). Orders copy their plan's terms when locked, so a change applies to new orders only.
 */
import { MINING_CATEGORIES } from '../../../shared/contract/mining';
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import { CURRENCIES } from '../../market/currencies';
import { clockTime } from './plans';
import { amountArg, currencyKey, refusal, settingsCommands, timeOfDay } from '../../ops/settings';

const currencyName = (id: unknown) => CURRENCIES.find((c) => c.id === Number(id))?.name ?? `currency ${id}`;
const pct = (v: unknown) => `${new D(String(v)).times(100).toFixed()}%`;

const planLine = (r: Record<string, unknown>) => `#${r.id} ${r.category} ${currencyName(r.currency_id)} ${r.lock_days} days`
  + `  daily ${pct(r.daily_rate_min)}-${pct(r.daily_rate_max)}  amount ${new D(String(r.min_amount)).toFixed()}-${new D(String(r.max_amount)).toFixed()}`
  + `  dividend ${clockTime(Number(r.dividend_minute))} UTC  early ${pct(r.early_ratio)}/day  sort ${r.sort}  enabled ${r.enabled ? 'on' : 'off'}`;

export const miningOps: OpsCommand[] = [
  ...settingsCommands({
    noun: 'mining-plan', table: 'mining_plans',
    keys: [{ column: 'id', arg: { name: 'id', kind: 'id' }, value: Number }],
    fields: {
      min_amount: 'amount', max_amount: 'amount', daily_rate_min: 'rate', daily_rate_max: 'rate', lock_days: 'integer',
      dividend_minute: 'time', early_ratio: 'rate', enabled: 'boolean', sort: 'integer',
    },
    line: planLine,
    orderBy: ['sort', 'id'],
  }),
  {
    name: 'mining-plan-category',
    args: [{ name: 'id', kind: 'id' }, { name: 'category', kind: 'word' }],
    summary: `move a mining plan to the list of a category: ${MINING_CATEGORIES.join(', ')} (lock, DeFi or cloud mining)`,
    async run(services, a) {
      const category = MINING_CATEGORIES.find((c) => c === String(a.category));
      if (!category) throw new OpsError(`${a.category} is not a category: one of ${MINING_CATEGORIES.join(', ')}`);
      const row = await services.db.updateTable('mining_plans').set({ category, updated_at: services.now() })
        .where('id', '=', Number(a.id)).returningAll().executeTakeFirst();
      if (!row) throw new OpsError(`no mining-plan ${a.id}`);
      return { lines: [planLine(row)] };
    },
  },
  {
    name: 'mining-plan-add',
    args: ['currency', 'min', 'max', 'rate_min', 'rate_max', 'days', 'dividend_time', 'early_ratio'].map((name) => ({ name, kind: 'word' as const })),
    summary: 'offer a new lock-mining plan: currency, single amount from min to max, daily rate range, lock days, dividend time (UTC), early-redemption ratio a day',
    async run(services, a) {
      if (!/^\d{1,4}$/.test(String(a.days))) throw new OpsError(`${a.days} is not a number of days`);
      const row = {
        currency_id: currencyKey(a.currency), min_amount: amountArg('an amount', a.min), max_amount: amountArg('an amount', a.max),
        daily_rate_min: amountArg('a rate', a.rate_min), daily_rate_max: amountArg('a rate', a.rate_max), lock_days: Number(a.days),
        dividend_minute: timeOfDay(a.dividend_time), early_ratio: amountArg('a rate', a.early_ratio),
      };
      try {
        const added = await services.db.insertInto('mining_plans').values(row).returningAll().executeTakeFirstOrThrow();
        return { lines: [planLine(added)] };
      } catch (err) {
        throw refusal(err) ?? err;
      }
    },
  },
];
