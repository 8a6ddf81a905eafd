/**
 * What the page opens on asks for its screen's definition and widget code while the HTML is parsed, beside the
 * app's own scripts instead of after them (issue 23, LCP of a deep link). The route is the URL's hash, which
 * the server never sees, so the HTML carries a small table of every route's needs (a JSON data block) and a
 * constant inline script (inlineScript.ts) adds the preload links of the
 * route in the address bar. The app's own requests then find those files on their way.
 *
 * A route's code is what its sections always draw: a section with a `visibleIf` (the trade ticket, shown to
 * a logged-in user only) is left to the app, which decides it when the screen opens (runtime/drawnAtOpen.ts).
 */
import { configUrl } from '../../shared/config/manifest';
import { SCREEN_RUNTIME_CHUNK } from '../../shared/screens/widgetChunks';
import { widgetChunksOf } from '../../shared/sections/chunks';
import { inlineScriptSource } from './inlineScript';

export const ROUTE_CODE_ELEMENT_ID = 'route-code';

/**
 * The table: `f` the files (each named once), `h` the home route (an empty hash or `#/` opens it), `i` the image
 * the home route paints first (its banner's first slide, which bootHero.ts draws), and `r` per route its screen
 * file's hash ('' when the HTML inlines the screen) followed by the indexes of its files.
 */
export interface RouteCode { f: string[]; h: string; i?: string; r: Record<string, Array<string | number>> }

/**
 * Reads the table, takes the route from the hash (without its query) and adds a preload link for its screen
 * file (as the app fetches it: a same-origin `fetch`), for each of its files and, on the home route, for the
 * image it paints first (a deep link does not download the home's banner).
 */
export const ROUTE_CODE_SCRIPT = "(function(){var d=JSON.parse(document.getElementById('" + ROUTE_CODE_ELEMENT_ID + "').textContent),"
  + "r=location.hash.slice(1).split('?')[0];if(!r||r==='/')r=d.h;var e=Object.prototype.hasOwnProperty.call(d.r,r)?d.r[r]:[''];"
  + "function p(u,a){var l=document.createElement('link');l.rel='preload';l.setAttribute('as',a);l.href=u;if(a==='fetch')l.crossOrigin='anonymous';if(a==='image')l.setAttribute('fetchpriority','high');document.head.appendChild(l)}"
  + "if(r===d.h&&d.i)p(d.i,'image');if(e[0])p('" + configUrl.screen('\u0000', '\u0001').replace('\u0000', "'+r+'").replace('\u0001', "'+e[0]+'") + "','fetch');"
  + "for(var i=1;i<e.length;i++){var f=d.f[e[i]];p('/'+f,/\\.css$/.test(f)?'style':'script')}})()";

/** The CSP source allowing ROUTE_CODE_SCRIPT (and only it) to run inline. */
export const ROUTE_CODE_SCRIPT_SOURCE = inlineScriptSource(ROUTE_CODE_SCRIPT);

const always = (section: Record<string, unknown>): boolean => section.visibleIf === undefined;

/**
 * The table for `screens` (route -> definition), the build's files of each named chunk and the home route's first
 * image; the screen runtime, which every route needs, is preloaded by the HTML itself (http.ts). A route needing
 * nothing is left out.
 */
export function routeCode(
  screens: ReadonlyMap<string, unknown>, hashes: Readonly<Record<string, string>>, homeRoute: string, chunkFiles: Readonly<Record<string, string[]>>, heroImage?: string,
): RouteCode {
  const files: string[] = [];
  const index = new Map<string, number>();
  const indexOf = (file: string): number => {
    let i = index.get(file);
    if (i === undefined) { i = files.push(file) - 1; index.set(file, i); }
    return i;
  };
  const routes: RouteCode['r'] = {};
  for (const [route, screen] of screens) {
    const own = [...new Set(widgetChunksOf(screen, undefined, always).filter((name) => name !== SCREEN_RUNTIME_CHUNK).flatMap((name) => chunkFiles[name] ?? []))];
    const screenHash = route === homeRoute ? '' : hashes[route] ?? '';
    if (!own.length && !screenHash) continue;
    routes[route] = [screenHash, ...own.map(indexOf)];
  }
  return { f: files, h: homeRoute, ...(heroImage ? { i: heroImage } : {}), r: routes };
}

/** The data block and the script, for the HTML's head. */
export function routeCodeTags(code: RouteCode): string {
  const json = JSON.stringify(code).replace(/</g, '\\u003c');
  return `<script id="${ROUTE_CODE_ELEMENT_ID}" type="application/json">${json}</script><script>${ROUTE_CODE_SCRIPT}</script>`;
}
