/**
 * Renders the toast (role=status), the loading indicator and the confirm dialog and action sheet
 * (Modals.tsx: a chunk fetched in idle time after the first screen, or when first wanted).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '../i18n/useT';
import { Preloaded, preloadable } from '../runtime/preloadable';
import { useLocation } from 'react-router-dom';
import { dismissOpenedElsewhere, feedbackStore } from '../platform/feedback';
import { afterFirstScreen } from '../platform/firstScreen';

export const modals = preloadable(() => import('./Modals'));

export function FeedbackHost() {
  const state = useSyncExternalStore(feedbackStore.subscribe, feedbackStore.get, feedbackStore.get);
  const { pathname, search } = useLocation();
  useEffect(() => afterFirstScreen(() => { void modals.load(); }), []);
  useEffect(dismissOpenedElsewhere, [pathname, search]);
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {state.toast && <div className="toast" key={state.toast.id}>{state.toast.text}</div>}
      </div>
      {state.loading && <LoadingIndicator />}
      {(state.dialog || state.sheet) && <Preloaded of={modals} props={{ dialog: state.dialog, sheet: state.sheet }} />}
    </>
  );
}

function LoadingIndicator() {
  const t = useT();
  return (
    <div className="loading-overlay" role="progressbar" aria-busy="true" aria-label={t('common.loading')}>
      <span className="loading-overlay__box"><span className="spinner spinner--large" aria-hidden="true" /></span>
    </div>
  );
}

