/**
 * `frame`: a page of this site (`url`, e.g. `{{query.url}}`) in a sandboxed iframe without same-origin
 * rights. The Content-Security-Policy allows frames of the own origin only (`frame-src 'self'`), so an https
 * page elsewhere is offered in the browser instead; anything else is refused.
 */
import { isSafeUrl } from '../platform/urls';
import type { FrameSection } from '../runtime/types';
import { useTexts } from './parts';
import './frame.css';

/** A path or URL of this page's own origin (http or https). */
export function isOwnOrigin(url: string, origin = typeof window === 'undefined' ? '' : window.location.origin): boolean {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return true;
  if (!origin) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === origin;
  } catch {
    return false;
  }
}

export default function Frame({ section }: { section: FrameSection }) {
  const { t, text, route } = useTexts();
  const url = route(section.url).trim();
  if (url && isOwnOrigin(url)) {
    return (
      <iframe className="w-frame" src={url} title={text(section.label)} sandbox="allow-scripts allow-forms allow-popups"
        referrerPolicy="no-referrer" loading="lazy" />
    );
  }
  if (url && isSafeUrl(url)) {
    return (
      <div className="w-state" role="alert">
        <p>{t('widget.frame.elsewhere')}</p>
        <button type="button" className="w-button w-button-primary" onClick={() => { window.open(url, '_blank', 'noopener,noreferrer'); }}>
          {t('widget.frame.open')}
        </button>
      </div>
    );
  }
  return <div className="w-state w-error" role="alert">{t('widget.frame.invalid')}</div>;
}
