/**
 * The home banner's first slide drawn by the HTML itself, inside the page's outline (index.html `.boot`),
 * where the app will draw it: the largest paint of the home screen then waits only for the image and the
 * stylesheet, not for the app's code to run, ask for the banner list and render (issue 23, LCP).
 *
 * The HTML is the same for every route (the route is the URL's hash, which the server never sees), so a
 * small inline script removes the drawing before the first paint when the page opens on another route
 * (inlineScript.ts). The image is lazy, so a hidden drawing never downloads it; on the home route the route
 * table's script (routeCode.ts) has already asked for it, at high priority, from the head.
 */
import { allowInlineScript, inlineScriptSource } from './inlineScript';

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Keeps the drawing when the hash is empty, `#/` or the home route (with or without a query); else takes
 * `boot--home` away, which hides it (index.html). It runs before the drawing is parsed: the browser may
 * paint what is parsed once the stylesheet has arrived, before the script has run.
 */
export const BOOT_HERO_SCRIPT = "(function(){var b=document.querySelector('.boot'),r=location.hash.slice(1).split('?')[0];"
  + "if(b&&r&&r!=='/'&&r!==b.getAttribute('data-route'))b.classList.remove('boot--home')})()";

/** The CSP source allowing BOOT_HERO_SCRIPT (and only it) to run inline. */
export const BOOT_HERO_SCRIPT_SOURCE = inlineScriptSource(BOOT_HERO_SCRIPT);

const OUTLINE = /<div class="?boot"? aria-hidden="?true"?><div class="?boot__bar"?><\/div>/;

/**
 * `html` with `image` drawn as the banner of the home screen `route` in the outline, its script and the
 * script's hash in the page's own CSP (the response header's is CONTENT_SECURITY_POLICY, static.ts).
 * Unchanged when the outline is not found (a customised index.html).
 */
export function drawBootHero(html: string, image: string, route: string): string {
  if (!OUTLINE.test(html)) return html;
  const hero = `<div class="boot boot--home" aria-hidden="true" data-route="${escapeAttribute(route)}"><div class="boot__bar"></div>`
    + `<script>${BOOT_HERO_SCRIPT}</script>`
    + `<div class="boot__hero" id="boot-hero"><img src="${escapeAttribute(image)}" alt="" width="750" height="300" loading="lazy" fetchpriority="high"></div>`;
  return allowInlineScript(html.replace(OUTLINE, hero), BOOT_HERO_SCRIPT_SOURCE);
}
