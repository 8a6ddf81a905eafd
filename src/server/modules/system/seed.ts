/**
 * The site's settings on the first start: site_config (the session policy), area codes and fiat rates (rows
 * that exist are kept). The site configuration and the settings the apps read are settings/site.json and
 * content/pages.json (issue 24): an install from before kept them in site_config and settings, and the start
 * names any value there that differs from the configuration's, in the log, before removing those rows.
 */
import type { Services } from '../../context';
import { SITE_CONFIG_KEYS } from '../../../shared/contract/system';
import { AREA_CODES, FIAT_RATES } from '../../seeddata/areaCodes';
import { SITE_CONFIG } from '../../seeddata/content';
import { settingValue, siteConfigAnswer } from './siteConfig';
import type { Language } from '../../../shared/i18n/languages';

export async function seedSystem({ db, configuration, log }: Services): Promise<void> {
  const settings = await db.deleteFrom('settings').returning(['keyword', 'lang', 'value']).execute();
  const differingSettings = settings.filter((r) => r.value !== settingValue(configuration.current, r.keyword, r.lang as Language));
  if (differingSettings.length) {
    log.warn({ rows: differingSettings }, `settings had ${differingSettings.length} text(s) that differ from settings/site.json and content/pages.json (an `
      + 'operator\'s change from before the files): the files apply now; to keep one, copy it there (docs/operators.md, "Content and parameters")');
  }
  const before = await db.deleteFrom('site_config').where('key', 'in', [...SITE_CONFIG_KEYS]).returning(['key', 'value']).execute();
  const served: Record<string, string> = siteConfigAnswer(configuration.current.site, configuration.current.images);
  const differing = before.filter((r) => r.key !== 'site_logo' && r.key !== 'down_logo' && r.value !== served[r.key]);
  if (differing.length) {
    log.warn({ rows: differing }, `site_config had ${differing.length} value(s) that differ from settings/site.json (an operator's change from before `
      + 'the file): the file\'s values apply now; to keep a value from the table, copy it into settings/site.json (docs/operators.md, "Content and parameters")');
  }
  await db.insertInto('site_config').values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  await db.insertInto('area_codes').values(AREA_CODES.map(([name, area_code, iso], i) => ({ name, area_code, iso, sort: i })))
    .onConflict((oc) => oc.column('iso').doNothing()).execute();
  await db.insertInto('fiat_rates').values(FIAT_RATES.map(([currency_code, rate], i) => ({ currency_code, rate, sort: i })))
    .onConflict((oc) => oc.column('currency_code').doNothing()).execute();
}
