/** Site configuration, settings, dialing codes and fiat rates. */
import { FIAT_CURRENCIES } from '../domain/currencies';
import { arrayOf, decimal, endpoints, fields, int, nullable, record, recordOf, str } from './common';

/**
 * The keys of the site configuration (SPEC 3, 7). The contact links: zxkf_url online customer service,
 * telegram_url, whatsApp_url, hk_url the repayment specialist, jie_url the loan officer ('' when not set).
 */
export type SiteConfigKey = (typeof SITE_CONFIG_KEYS)[number];
export const SITE_CONFIG_KEYS = [
  'site_name', 'site_logo', 'down_logo', 'zxkf_url', 'telegram_url', 'whatsApp_url', 'hk_url', 'jie_url',
  'loan_day', 'loan_rate', 'loan_min', 'loan_max', 'loan_pawn', 'loan_len',
  // Ours (settings/site.json `loans`): what the loan form needs to show the pledge and the risk before submitting.
  'loan_pledge_ratio', 'loan_warning_risk_rate', 'loan_liquidation_risk_rate', 'loan_overdue_rate',
] as const;

export { FIAT_CURRENCIES };

export const systemEndpoints = endpoints([
  {
    method: 'GET', path: '/getSiteConfig', auth: false, refreshOn: ['config'], summary: 'Site configuration (all values are strings)',
    response: recordOf(SITE_CONFIG_KEYS, str()),
  },
  {
    method: 'GET', path: '/getSetting', auth: false, refreshOn: ['config'],
    summary: 'One setting by keyword, in the request\'s language or else English; value null when unset. Every install has '
      + '`version` (`<wgt|apk>,<version>`, which the platform\'s app compares with its own), `apk_download_url`, `game_url` and `support_url`',
    request: fields({ keyword: str({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }) }, ['keyword']),
    response: record({ keyword: str(), value: nullable(str()) }),
  },
  {
    method: 'GET', path: '/area_code', auth: false, summary: 'Countries with dialing codes',
    response: arrayOf(record({
      id: int(), name: str(), area_code: str({ pattern: '^\\+\\d+$' }), iso: str({ pattern: '^[A-Z]{2}$' }),
      /** Ours: the country's name in the request's language (what a search on the area list matches too). */
      local_name: str(),
    })),
  },
  {
    method: 'GET', path: '/currency/rates', auth: false, summary: 'Fiat rates per 1 USD as decimal strings',
    response: arrayOf(record({ currency_code: str({ enum: [...FIAT_CURRENCIES] }), rate: decimal })),
  },
  {
    method: 'POST', path: '/app/section_error', auth: false,
    summary: 'The app reports a screen section it could not show (written to the server log for operators)',
    request: fields({
      route: str({ minLength: 1, maxLength: 200 }),
      path: str({ minLength: 1, maxLength: 200 }),
      type: str({ maxLength: 40 }),
      reason: str({ maxLength: 500 }),
    }, ['route', 'path']),
    response: nullable(str()),
  },
]);
