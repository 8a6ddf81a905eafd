/**
 * The site_config rows of a fresh install. The banners, announcements, FAQ, pages and service menu are
 * configuration files (CONFIG_DIR/content/), the site's name, logos, contacts, settings and loan terms
 * CONFIG_DIR/settings/site.json (docs/operators.md, "Content and parameters").
 */
import { SESSION_SETTINGS } from '../sessions';

/**
 * The site_config rows of a fresh install: how long a session lasts (sessions/policy.ts), shared by every node
 * through the database. The site configuration the apps read (`GET /getSiteConfig`) is settings/site.json.
 */
export const SITE_CONFIG: Record<string, string> = {
  session_idle_minutes: String(SESSION_SETTINGS.session_idle_minutes.default),
  session_lifetime_days: String(SESSION_SETTINGS.session_lifetime_days.default),
};
