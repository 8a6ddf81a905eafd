/**
 * Floating customer-service button (bottom right, inline-end in RTL): opens siteConfig.zxkf_url, an
 * outside https page in a new window or a page of this app in place.
 */
import { useLocation } from 'react-router-dom';
import { useT } from '../i18n/useT';
import { inAppRoute, isSafeUrl } from '../platform/urls';
import { useAppState } from '../state/store';
import { appConfig } from '../platform/appConfig';
import { ServiceIcon } from './icons';
import { navigateTo } from '../platform/navigation';
import { isKnownRoute } from '../platform/routes';

/** The URL comes from the server: opened only when the runtime's URL rule allows it (https or same origin). */
export function serviceUrl(raw: unknown): string | null {
  const url = typeof raw === 'string' ? raw.trim() : '';
  return url && isSafeUrl(url) ? url : null;
}

export function ServiceButton({ withTabBar = false }: { withTabBar?: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const cfg = appConfig.serviceButton;
  // configKey is configuration (screens/app.json): any key of the site configuration the server sends.
  const raw = useAppState((s) => (s.siteConfig as Record<string, unknown> | null | undefined)?.[cfg.configKey]);
  const url = serviceUrl(raw);
  if (!cfg.enabled || !url || cfg.hideOn?.includes(pathname)) return null;
  const route = inAppRoute(url);
  if (route) {
    // Shown once the app has that screen; opened in place, not in a new window.
    if (!isKnownRoute(route)) return null;
    return (
      <a className={`service-btn${withTabBar ? ' service-btn--above-tabs' : ''}`} href={`#${route}`} aria-label={t(cfg.label)}
        onClick={(e) => { e.preventDefault(); navigateTo(route); }}>
        <ServiceIcon />
      </a>
    );
  }
  return (
    <a
      className={`service-btn${withTabBar ? ' service-btn--above-tabs' : ''}`}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t(cfg.label)}
    >
      <ServiceIcon />
    </a>
  );
}
