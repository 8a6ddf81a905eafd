/** Only https URLs or same-origin paths may be opened from a screen or the site configuration. */
export function isSafeUrl(url: string, origin = typeof window === 'undefined' ? '' : window.location.origin): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url, origin || undefined);
    return u.protocol === 'https:' || (origin !== '' && u.origin === origin);
  } catch {
    return false;
  }
}

/** `/#/pages/kefu/index` -> `/pages/kefu/index`: a page of this app, to open in place; else null. */
export function inAppRoute(url: string): string | null {
  const m = /^\/?#(\/pages\/[^#]*)$/.exec(url);
  return m ? m[1] : null;
}
