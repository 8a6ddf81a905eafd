/**
 * Connects the request layer (api/) to the app. Each call carries the stored token and the interface
 * language, and its own failures' texts come from the active messages. What the user sees of calls
 * (api/events): the loading indicator once a call has taken LOADING_DELAY_MS, the failures' messages as
 * toasts, and after 999 (the user is cleared) or 998 the login or real-name page, REDIRECT_DELAY_MS later
 * so the toast can be read. main.tsx connects it before the first render.
 */
import { requestEvents } from '../api/events';
import { setRequestContext } from '../api/request';
import { translate } from '../i18n/intl';
import { hideLoading, showLoading, toast } from '../platform/feedback';
import { LOGIN_ROUTE, REAL_NAME_ROUTE, navigateTo } from '../platform/navigation';
import { appState, clearUser } from '../state/store';

export const LOADING_DELAY_MS = 800;
export const REDIRECT_DELAY_MS = 1200;

/** Connects; returns the function that disconnects (tests). */
export function connectRequests(): () => void {
  setRequestContext({ token: () => appState.get().token, lang: () => appState.get().lang, translate });

  /** Per call wanting the indicator: the timer that shows it, or 'shown' once it did. */
  const loading = new Map<number, ReturnType<typeof setTimeout> | 'shown'>();
  let redirect: ReturnType<typeof setTimeout> | undefined;
  /** The first of several calls failing together decides where to go. */
  const redirectSoon = (route: string): void => {
    if (redirect) return;
    redirect = setTimeout(() => { redirect = undefined; navigateTo(route); }, REDIRECT_DELAY_MS);
  };

  const stops = [
    requestEvents.on('loadingStarted', ({ id }) => {
      loading.set(id, setTimeout(() => { loading.set(id, 'shown'); showLoading(); }, LOADING_DELAY_MS));
    }),
    requestEvents.on('loadingStopped', ({ id }) => {
      const state = loading.get(id);
      loading.delete(id);
      if (state === 'shown') hideLoading();
      else clearTimeout(state);
    }),
    requestEvents.on('sessionExpired', ({ message }) => {
      toast(message);
      clearUser();
      redirectSoon(LOGIN_ROUTE);
    }),
    requestEvents.on('verificationNeeded', ({ message }) => {
      toast(message);
      redirectSoon(REAL_NAME_ROUTE);
    }),
    requestEvents.on('failed', ({ error, silent }) => {
      if (!silent) toast(error.message);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    for (const state of loading.values()) if (state !== 'shown') clearTimeout(state);
    clearTimeout(redirect);
  };
}
