/** `webView`: shows `?url=` (same-origin or https only) in a sandboxed iframe. */
import { isSafeUrl } from '../../shell/urls';
import { useT } from '../../i18n';

export default function WebView({ url }: { url?: unknown }) {
  const t = useT();
  const src = typeof url === 'string' ? url.trim() : '';
  if (!src || !isSafeUrl(src)) {
    return <div className="w-state w-error" role="alert">{t('webview.invalid_url')}</div>;
  }
  return (
    <iframe className="w-webview" src={src} title={t('webview.title')} sandbox="allow-scripts allow-forms allow-popups"
      referrerPolicy="no-referrer" loading="lazy" />
  );
}
