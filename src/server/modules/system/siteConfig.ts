/**
 * The site configuration in the platform's shape (`GET /getSiteConfig`: every value a string, lists joined
 * by "|"), from settings/site.json.
 */
import type { SiteConfigKey } from '../../../shared/contract/system';
import type { SiteSettings } from '../../../shared/config/settings';
import { contentImageUrl } from '../content';

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
  };
}
