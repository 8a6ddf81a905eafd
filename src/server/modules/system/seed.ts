/**
 * The site's settings on the first start: site_config (the session policy), settings, area codes and fiat
 * rates (rows that exist are kept). The site configuration the apps read is settings/site.json (issue 24): an
 * install from before kept it in site_config, and the start names any value there that differs from the
 * file's, in the log, before removing those rows.
 */
import type { Services } from '../../context';
import { SITE_CONFIG_KEYS } from '../../../shared/contract/system';
import { AREA_CODES, FIAT_RATES } from '../../seeddata/areaCodes';
import { SETTINGS, SITE_CONFIG } from '../../seeddata/content';
import { siteConfigAnswer } from './siteConfig';

export async function seedSystem({ db, configuration, log }: Services): Promise<void> {
  const before = await db.deleteFrom('site_config').where('key', 'in', [...SITE_CONFIG_KEYS]).returning(['key', 'value']).execute();
  const served: Record<string, string> = siteConfigAnswer(configuration.current.site, configuration.current.images);
  const differing = before.filter((r) => r.key !== 'site_logo' && r.key !== 'down_logo' && r.value !== served[r.key]);
  if (differing.length) {
    log.warn({ rows: differing }, `site_config had ${differing.length} value(s) that differ from settings/site.json (an operator's change from before `
      + 'the file): the file\'s values apply now; to keep a value from the table, copy it into settings/site.json (docs/operators.md, "Content and parameters")');
  }
  await db.insertInto('site_config').values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  await db.insertInto('settings').values(SETTINGS).onConflict((oc) => oc.columns(['keyword', 'lang']).doNothing()).execute();
  await db.insertInto('area_codes').values(AREA_CODES.map(([name, area_code, iso], i) => ({ name, area_code, iso, sort: i })))
    .onConflict((oc) => oc.column('iso').doNothing()).execute();
  await db.insertInto('fiat_rates').values(FIAT_RATES.map(([currency_code, rate], i) => ({ currency_code, rate, sort: i })))
    .onConflict((oc) => oc.column('currency_code').doNothing()).execute();
}
