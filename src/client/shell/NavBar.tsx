/** The custom navigation bar (SPEC 2: no native title bar): back arrow, the screen's title, right actions. */
import { useEffect, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { useAppState } from '../state/store';
import { BackIcon } from './icons';
import { goBack } from '../platform/navigation';

/** A title is a message key unless it is a `{{…}}` binding (resolved by the runtime, not the shell). */
export function isMessageKey(text: string | undefined): text is string {
  return !!text && !text.includes('{{');
}

interface Props {
  title?: string;
  /** The title already resolved (a bound title, resolved by the runtime). */
  text?: string;
  back?: boolean;
  right?: ReactNode;
  onBack?: () => void;
}

export function NavBar({ title, text: resolved, back = true, right, onBack = goBack }: Props) {
  const t = useT();
  const siteName = useAppState((s) => s.siteName);
  const text = isMessageKey(title) ? t(title) : resolved ?? '';
  useEffect(() => {
    document.title = [text, siteName].filter(Boolean).join(' - ') || document.title;
  }, [text, siteName]);
  return (
    <header className="navbar">
      <div className="navbar__start">
        {back && (
          <button type="button" className="navbar__back icon-btn" aria-label={t('common.back')} onClick={onBack}>
            <BackIcon />
          </button>
        )}
      </div>
      <h1 className="navbar__title">{text}</h1>
      <div className="navbar__end">{right}</div>
    </header>
  );
}
