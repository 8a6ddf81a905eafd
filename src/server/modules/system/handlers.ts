/** Site configuration, settings, dialing codes and fiat rates. */
import { FIAT_CURRENCIES } from '../../../shared/domain/currencies';
import { oneOf } from '../../../shared/contract/common';
import { D } from '../../../shared/format/decimal';
import { regionName } from '../../../shared/format/locale';
import { settingValue, siteConfigAnswer } from './siteConfig';
import type { Handlers } from '../../context';

/** A NUMERIC string without trailing zeros or exponent ("7.250000" -> "7.25"). */
export const decimalString = (v: string | number): string => new D(v).toFixed();

export const systemHandlers: Handlers = {
  'GET /getSiteConfig': async (ctx) => siteConfigAnswer(ctx.config.site, ctx.config.images),
  'GET /getSetting': async (ctx) => {
    const keyword = String(ctx.input.keyword);
    return { keyword, value: settingValue(ctx.config, keyword, ctx.lang) };
  },
  'GET /area_code': async (ctx) => {
    const rows = await ctx.services.db.selectFrom('area_codes').select(['id', 'name', 'area_code', 'iso']).orderBy('sort').orderBy('name').execute();
    const locale = ctx.services.i18n.languages().tag(ctx.lang);
    return rows.map((r) => ({ ...r, local_name: regionName(r.iso, locale) }));
  },
  'GET /currency/rates': async (ctx) => {
    const rows = await ctx.services.db.selectFrom('fiat_rates').select(['currency_code', 'rate']).orderBy('sort').orderBy('currency_code').execute();
    return rows.map((r) => ({ currency_code: oneOf(FIAT_CURRENCIES, r.currency_code.trim()), rate: decimalString(r.rate) }));
  },
  'POST /app/section_error': async (ctx) => {
    const { route, path, type, reason } = ctx.input;
    ctx.services.log.warn({ route, path, type, reason, version: ctx.services.configuration.current.manifest.version }, 'the app could not show a section');
    return null;
  },
};
