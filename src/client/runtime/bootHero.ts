/**
 * The home banner's first slide that the HTML drew before the app ran (src/server/configuration/bootHero.ts),
 * kept when the app replaces the page's outline, so the banner shows it while its list is on the way
 * instead of an empty box (the image would vanish and come back).
 */
let image: string | undefined;

/** Reads the drawing before the first render removes it (main.tsx). */
export function keepBootHero(doc: Document = document): void {
  image = doc.querySelector('.boot--home #boot-hero img')?.getAttribute('src') ?? undefined;
}

/** The drawn image, until a banner has drawn its own slides. */
export function bootHeroImage(): string | undefined {
  return image;
}

export function forgetBootHero(): void {
  image = undefined;
}

/**
 * On the home route the outline with the drawn slide stays above the app until the app draws its banner
 * (which shows the same slide), or `release` (the first screen drawn) if that comes first: the app's first
 * frames, before the screen's code has run, would otherwise blank the slide out for a moment. Fixed above
 * the page, so taking it away moves nothing.
 */
export function holdBootOutline(container: HTMLElement, release: (done: () => void) => void): void {
  const outline = container.querySelector('.boot--home');
  if (!outline) return;
  const done = () => { observer.disconnect(); outline.remove(); };
  const observer = new MutationObserver(() => { if (container.querySelector('.w-banner')) done(); });
  outline.classList.add('boot--over');
  container.ownerDocument.body.append(outline);
  observer.observe(container, { childList: true, subtree: true });
  release(done);
}
