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
