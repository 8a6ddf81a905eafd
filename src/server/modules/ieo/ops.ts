/**
 * The operator's IEO projects: `ieo-projects`, `ieo-project-set 2 max_amount 50000`, `ieo-project-add TON
 * USDT 2.5 1000000 10 50000 0 7 30 10 Toncoin launch round` (currency, pay currency, price, total, min and max
 * of one account, starts in 0 days, lasts 7, tokens locked 30 days after the end, listed 10 days after the
 * end, then the name), `ieo-project-close 2` (ends the subscription now: the job allocates within a minute).
 */
import { currencyById, DAY_MS } from '../../kernel';
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import { tokenLogo } from './logo';
import { amountArg, currencyKey, refusal, settingsCommands } from '../../ops/settings';

const projectLine = (r: Record<string, unknown>) => `#${r.id} ${r.name}  ${currencyById(r.currency_id).name} at ${new D(String(r.price)).toFixed()} ${currencyById(r.pay_currency_id).name}`
  + `  total ${new D(String(r.total)).toFixed()}  applied ${new D(String(r.applied)).toFixed()}  passed ${new D(String(r.passed)).toFixed()}`
  + `  per account ${new D(String(r.min_amount)).toFixed()}-${new D(String(r.max_amount)).toFixed()}  lock ${r.lock_days} days`
  + `  ${new Date(r.starts_at as string).toISOString()} to ${new Date(r.ends_at as string).toISOString()}  listed ${new Date(r.listing_at as string).toISOString()}  ${r.status}`;

const days = (raw: unknown, what: string) => {
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(String(raw))) throw new OpsError(`${raw} is not a number of days (${what})`);
  return Number(raw) * DAY_MS;
};

export const ieoOps: OpsCommand[] = [
  ...settingsCommands({
    noun: 'ieo-project', table: 'ieo_projects',
    keys: [{ column: 'id', arg: { name: 'id', kind: 'id' }, value: Number }],
    fields: { total: 'amount', min_amount: 'amount', max_amount: 'amount', lock_days: 'integer', sort: 'integer' },
    line: projectLine,
    orderBy: ['sort', 'id'],
  }),
  {
    name: 'ieo-project-add',
    args: [
      ...['currency', 'pay_currency', 'price', 'total', 'min', 'max', 'starts_in_days', 'days', 'lock_days', 'listing_after_days'].map((name) => ({ name, kind: 'word' as const })),
      { name: 'name', kind: 'text' as const },
    ],
    summary: 'offer an IEO: token, pay currency, price, total, min and max per account, starts in (days), lasts (days), lock days, listed after (days), name',
    async run(services, a) {
      const now = services.now().getTime();
      const starts = now + days(a.starts_in_days, 'starts in');
      const ends = starts + days(a.days, 'lasts');
      if (ends <= starts) throw new OpsError('the subscription must last some time');
      if (!/^\d{1,4}$/.test(String(a.lock_days))) throw new OpsError(`${a.lock_days} is not a number of days`);
      const currency = currencyKey(a.currency);
      try {
        const row = await services.db.insertInto('ieo_projects').values({
          name: String(a.name), currency_id: currency, logo: tokenLogo(services.uploadsDir, currencyById(currency).name), pay_currency_id: currencyKey(a.pay_currency),
          price: amountArg('a price', a.price), total: amountArg('a total', a.total), min_amount: amountArg('an amount', a.min), max_amount: amountArg('an amount', a.max),
          lock_days: Number(a.lock_days), starts_at: new Date(starts), ends_at: new Date(ends), listing_at: new Date(ends + days(a.listing_after_days, 'listed after')),
          status: starts <= now ? 'active' : 'warmup',
        }).returningAll().executeTakeFirstOrThrow();
        return { lines: [projectLine(row)] };
      } catch (err) {
        throw refusal(err) ?? err;
      }
    },
  },
  {
    name: 'ieo-project-close',
    args: [{ name: 'id', kind: 'id' }],
    summary: 'end an IEO\'s subscription now: the job allocates its applications within a minute',
    async run(services, a) {
      const now = services.now();
      const p = await services.db.selectFrom('ieo_projects').selectAll().where('id', '=', Number(a.id)).executeTakeFirst();
      if (!p || p.status === 'done') throw new OpsError(`#${a.id} is not a project in warm-up or in progress`);
      const starts = new Date(Math.min(new Date(p.starts_at).getTime(), now.getTime() - 1000));
      const row = await services.db.updateTable('ieo_projects').set({ starts_at: starts, ends_at: now, status: 'done', updated_at: now })
        .where('id', '=', p.id).where('status', '!=', 'done').returningAll().executeTakeFirst();
      if (!row) throw new OpsError(`#${a.id} has just ended`);
      return { lines: [projectLine(row)] };
    },
  },
];
