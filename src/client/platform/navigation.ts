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
