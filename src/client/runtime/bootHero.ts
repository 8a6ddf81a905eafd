/**
 * The home banner's first slide that the HTML drew before the app ran (src/server/configuration/bootHero.ts),
 * kept when the app replaces the page's outline, so the banner shows it while its list is on the way
 * instead of an empty box (the image would vanish and come back).
 */
let image: string | undefined;

/** Reads the drawing before the first render removes it (main.tsx). */
export function keepBootHero(doc: Document = document): void {
  image = doc.querySelector('#boot-hero img')?.getAttribute('src') ?? undefined;
}

/** The drawn image, until a banner has drawn its own slides. */
export function bootHeroImage(): string | undefined {
  return image;
}

export function forgetBootHero(): void {
  image = undefined;
}
