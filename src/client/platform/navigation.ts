/**
 * Navigation usable outside React. App.tsx registers its router; before that (or in tests without a
 * router) the hash is set directly.
 */
export const HOME_ROUTE = '/pages/index/index';
export const LOGIN_ROUTE = '/pages/common/login';
export const REAL_NAME_ROUTE = '/pages/setting/real_mark';

export interface NavigatorLike {
  navigate(to: string | number, opts?: { replace?: boolean }): unknown;
  state: { location: { key: string } };
}

let router: NavigatorLike | null = null;

export function setRouter(r: NavigatorLike | null): void {
  router = r;
}

/** Opens a route, e.g. "/pages/common/login?x=1". */
export function navigateTo(path: string, opts: { replace?: boolean } = {}): void {
  if (router) {
    void router.navigate(path, { replace: !!opts.replace });
    return;
  }
  if (opts.replace) window.location.replace(`#${path}`);
  else window.location.hash = `#${path}`;
}

/** The route shown now, with its query (`/pages/transaction/currency?symbol=BTC%2FUSDT`); '' outside a browser. */
export function currentRoute(): string {
  return typeof location === 'undefined' ? '' : location.hash.replace(/^#/, '');
}

/** A route the user may be sent back to after logging in: a page of the app, not the login page itself. */
export function isBackRoute(to: unknown): to is string {
  return typeof to === 'string' && /^\/pages\/[A-Za-z0-9_/-]+(\?[^#\s]*)?$/.test(to) && to.split('?')[0] !== LOGIN_ROUTE;
}

/** The login page that returns to `back` (by default the route shown now) once the user has logged in. */
export function loginRoute(back: string = currentRoute()): string {
  return isBackRoute(back) ? `${LOGIN_ROUTE}?back=${encodeURIComponent(back)}` : LOGIN_ROUTE;
}

/** Replaces the current entry (redirects, tab switches). */
export function redirectTo(path: string): void {
  navigateTo(path, { replace: true });
}

/** Goes back one entry; on a page opened directly (no in-app history) goes home instead. */
export function goBack(): void {
  if (router) {
    if (router.state.location.key !== 'default') void router.navigate(-1);
    else void router.navigate(HOME_ROUTE, { replace: true });
    return;
  }
  window.history.back();
}
