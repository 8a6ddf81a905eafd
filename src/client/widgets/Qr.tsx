/** `qr`: a QR code (SVG data URL from the `qrcode` package) for a text such as an address or link. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { copyText } from '../runtime/actions';
import { useSource } from '../runtime/useSource';
import { toast } from '../platform/feedback';
import type { QrSection } from '../runtime/types';
import { ErrorState, Loading, useTexts } from './parts';
import './qr.css';

export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export default function Qr({ section }: { section: QrSection }) {
  const src = useSource(section.source);
  const { text, t } = useTexts(section.source ? { data: src.data } : {}); // without a source, the data in scope (a data-fed tab)
  const value = section.source && src.data === undefined ? '' : text(section.text);
  // The image of the text it was drawn for: while another text is drawn, none (null).
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  const url = drawn && drawn.text === value ? drawn.url : null;
  useEffect(() => {
    if (!value) return undefined;
    let live = true;
    const show = (u: string) => { if (live) setDrawn({ text: value, url: u }); };
    void qrDataUrl(value).then(show, () => show(''));
    return () => { live = false; };
  }, [value]);
  if (src.isLoading) return <Loading />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  if (!value) return null;
  return (
    <figure className="w-section w-qr">
      {url ? <img src={url} alt={t('widget.qr.alt')} /> : <Loading />}
      {section.caption && <figcaption>{text(section.caption)}</figcaption>}
      {section.showText && (
        <div className="w-qr-text">
          <code data-testid="qr-text">{value}</code>
          <button type="button" onClick={() => { void copyText(value).then((ok) => toast(t(ok ? 'widget.copied' : 'widget.copy_failed'))); }}>{t('widget.copy')}</button>
        </div>
      )}
    </figure>
  );
}
