/**
 * The site configuration in the platform's shape (`GET /getSiteConfig`: every value a string, lists joined
 * by "|"), from settings/site.json; the settings by keyword (`GET /getSetting`) from its `settings` and the
 * pages of content/pages.json that are texts of the platform's app.
 */
import type { SiteConfigKey } from '../../../shared/contract/system';
import { SETTING_PAGES, textIn, type PageSlug } from '../../../shared/config/content';
import type { SiteSettings } from '../../../shared/config/settings';
import type { CompiledConfiguration } from '../../configuration/compile';
import type { Language } from '../../../shared/i18n/languages';
import { contentImageUrl } from '../content';

/** A setting by keyword: a value of settings/site.json, a page's HTML in `lang`, or null for an unknown one. */
export function settingValue(config: Pick<CompiledConfiguration, 'site' | 'content'>, keyword: string, lang: Language): string | null {
  const values: Record<string, string> = config.site.settings;
  if (Object.hasOwn(values, keyword)) return values[keyword];
  if ((SETTING_PAGES as readonly string[]).includes(keyword)) return textIn(config.content.pages[keyword as PageSlug].content, lang);
  return null;
}

export function siteConfigAnswer(site: SiteSettings, images: ReadonlyMap<string, string>): Record<SiteConfigKey, string> {
  const { contacts, loans } = site;
  return {
    site_name: site.site_name,
    site_logo: contentImageUrl(site.logos.site, images),
    down_logo: contentImageUrl(site.logos.download, images),
    zxkf_url: contacts.online_service,
    telegram_url: contacts.telegram,
    whatsApp_url: contacts.whatsapp,
    hk_url: contacts.repayment_specialist,
    jie_url: contacts.loan_officer,
    loan_day: loans.terms.map((t) => t.days).join('|'),
    loan_rate: loans.terms.map((t) => t.daily_rate).join('|'),
    loan_min: loans.min,
    loan_max: loans.max,
    loan_pawn: loans.pledge_currencies.join('|'),
    loan_len: loans.loan_len,
    loan_pledge_ratio: loans.pledge_ratio,
    loan_warning_risk_rate: loans.warning_risk_rate,
    loan_liquidation_risk_rate: loans.liquidation_risk_rate,
    loan_overdue_rate: loans.overdue_daily_rate,
  };
}
