/**
 * Settings and the service menu of a fresh install. The banners, announcements, FAQ and pages are
 * configuration files: CONFIG_DIR/content/, the site's name, logos, contacts and loan terms
 * CONFIG_DIR/settings/site.json (docs/operators.md, "Content and parameters").
 */
import { SESSION_SETTINGS } from '../sessions';

const p = (...lines: string[]): string => lines.map((l) => `<p>${l}</p>`).join('');

/**
 * The site_config rows of a fresh install: how long a session lasts (sessions/policy.ts), shared by every node
 * through the database. The site configuration the apps read (`GET /getSiteConfig`) is settings/site.json.
 */
export const SITE_CONFIG: Record<string, string> = {
  session_idle_minutes: String(SESSION_SETTINGS.session_idle_minutes.default),
  session_lifetime_days: String(SESSION_SETTINGS.session_lifetime_days.default),
};

export const SETTINGS: Array<{ keyword: string; lang: 'en' | 'zh'; value: string }> = [
  // What the platform's app reads (each a string): its home page compares `version` ("<wgt|apk>,<version>")
  // with its own (SPEC 2: 0.8.0) and offers apk_download_url when they differ; the game and customer-service
  // pages open game_url and support_url.
  { keyword: 'version', lang: 'en', value: 'wgt,0.8.0' },
  { keyword: 'apk_download_url', lang: 'en', value: '' },
  { keyword: 'game_url', lang: 'en', value: '' },
  { keyword: 'support_url', lang: 'en', value: '' },
  { keyword: 'download_ios', lang: 'en', value: '' },
  { keyword: 'service_email', lang: 'en', value: 'support@example.com' },
  { keyword: 'vip_description', lang: 'en', value: p('VIP levels are based on your 30-day trading volume and average assets.', 'VIP 1: volume above 100,000 USDT. VIP 2: above 1,000,000 USDT. VIP 3: above 10,000,000 USDT.', 'Higher levels get lower trading fees, higher withdrawal limits and access to OTC loans (VIP 2 and above).') },
  { keyword: 'vip_description', lang: 'zh', value: p('VIP 等级依据您近 30 日的交易量和平均资产确定。', 'VIP 1：交易量超过 100,000 USDT；VIP 2：超过 1,000,000 USDT；VIP 3：超过 10,000,000 USDT。', '等级越高，交易手续费越低、提现额度越高，VIP 2 及以上可申请 OTC 借贷。') },
  { keyword: 'register_agreement', lang: 'en', value: p('By creating an account you confirm that you are at least 18 years old, that the information you provide is accurate, and that you understand that trading digital assets involves a high risk of loss.') },
  { keyword: 'register_agreement', lang: 'zh', value: p('创建账户即表示您确认已年满 18 周岁、所提供的信息真实准确，并了解数字资产交易存在较高的亏损风险。') },
];
