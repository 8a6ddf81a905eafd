/** The site's settings on the first start: site_config, settings, area codes, fiat rates and the logos (rows that exist are kept). */
import type { Services } from '../../context';
import { AREA_CODES, FIAT_RATES } from '../../seeddata/areaCodes';
import { logoSvg, SETTINGS, SITE_CONFIG } from '../../seeddata/content';
import { writeFileOnce } from '../../seeddata/files';

export async function seedSystem({ db, uploadsDir }: Services): Promise<void> {
  writeFileOnce(uploadsDir, 'logo.svg', logoSvg(64));
  writeFileOnce(uploadsDir, 'logo-download.svg', logoSvg(128));
  await db.insertInto('site_config').values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  await db.insertInto('settings').values(SETTINGS).onConflict((oc) => oc.columns(['keyword', 'lang']).doNothing()).execute();
  await db.insertInto('area_codes').values(AREA_CODES.map(([name, area_code, iso], i) => ({ name, area_code, iso, sort: i })))
    .onConflict((oc) => oc.column('iso').doNothing()).execute();
  await db.insertInto('fiat_rates').values(FIAT_RATES.map(([currency_code, rate], i) => ({ currency_code, rate, sort: i })))
    .onConflict((oc) => oc.column('currency_code').doNothing()).execute();
}
