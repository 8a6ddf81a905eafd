/** Which in-app links lead to a screen (the shell registers the routes of the served configuration). */

let knownRoutes: ReadonlySet<string> | null = null;

/** The shell registers the routes that have a screen file; until it does (or after `null`), every route counts as known. */
export function setKnownRoutes(routes: readonly string[] | null): void {
  knownRoutes = routes && new Set(routes);
}

/**
 * Whether an in-app link leads to a screen. Shortcuts and menu rows whose screen does not exist yet are
 * hidden rather than shown as dead links; they appear once their screen file is added.
 */
export function isKnownRoute(to: string): boolean {
  if (!knownRoutes || !to.startsWith('/pages/')) return true;
  return knownRoutes.has(to.split('?')[0]);
}
