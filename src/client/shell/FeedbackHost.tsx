/**
 * Renders the toast (role=status), the loading indicator and the confirm dialog and action sheet
 * (Modals.tsx: a chunk fetched in idle time after the first screen, or when first wanted). While a sheet or
 * dialog is open the toast shows at the top of the screen, so it never hides the sheet's fields.
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
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
  const overModal = useModalOpen(!!state.toast) || !!state.dialog || !!state.sheet;
  return (
    <>
      <div className={overModal ? 'toast-region toast-region--over-modal' : 'toast-region'} role="status" aria-live="polite" aria-atomic="true">
        {state.toast && <div className="toast" key={state.toast.id}>{state.toast.text}</div>}
      </div>
      {state.loading && <LoadingIndicator />}
      {(state.dialog || state.sheet) && <Preloaded of={modals} props={{ dialog: state.dialog, sheet: state.sheet }} />}
    </>
  );
}

const MODAL = '[aria-modal="true"]';

/**
 * Whether a modal (a form's confirm sheet, a dialog: anything `aria-modal`) is in the page, watched only while
 * `watching` (a toast is shown), so a page's live updates cost nothing otherwise.
 */
function useModalOpen(watching: boolean): boolean {
  const [open, setOpen] = useState(false);
  // Before paint: the toast never flashes at the bottom over a sheet first.
  useLayoutEffect(() => {
    if (!watching) return undefined;
    const check = () => setOpen(document.querySelector(MODAL) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [watching]);
  return watching && open;
}

function LoadingIndicator() {
  const t = useT();
  return (
    <div className="loading-overlay" role="progressbar" aria-busy="true" aria-label={t('common.loading')}>
      <span className="loading-overlay__box"><span className="spinner spinner--large" aria-hidden="true" /></span>
    </div>
  );
}

