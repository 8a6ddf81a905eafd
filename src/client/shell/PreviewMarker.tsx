import { useT } from '../i18n/useT';
import { useManifest } from '../platform/configuration';

/** Says, on every page, that this browser sees the operator's unpublished draft (a preview session). */
export function PreviewMarker() {
  const t = useT();
  if (!useManifest().preview) return null;
  return <div className="preview-marker" role="status">{t('shell.preview_marker')}</div>;
}
