/**
 * Serves the configuration: `/config/<kind>/<name>.<hash>.<ext>` immutable (the hash is of the content),
 * `/config/manifest.json` never cached, and the app's HTML with the boot data inlined (manifest, shell,
 * home screen and the core messages of the visitor's language), so the first screen needs no extra round
 * trip. Assets of the few previous versions stay reachable, so an app that has not yet heard of a reload
 * still gets what its manifest names.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_ELEMENT_ID, partialManifest, type BootData } from '../../shared/config/manifest';
import { SHIPPED, type Language, type LanguageList } from '../../shared/i18n/languages';
import { CHUNK_FILES, SCREEN_RUNTIME_CHUNK } from '../../shared/screens/widgetChunks';
import { EncodedBody } from '../compression';
import { drawBootHero } from './bootHero';
import { allowInlineScript } from './inlineScript';
import { ROUTE_CODE_SCRIPT_SOURCE, routeCode, routeCodeTags } from './routeCode';
import type { Asset, CompiledConfiguration } from './compile';
import type { ConfigStore } from './store';
import { withPreviewMark, type ConfigPreview, type ConfigView } from './preview';
import type { I18n } from '../i18n';

const KEPT_VERSIONS = 4;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

export function bootData(config: CompiledConfiguration, lang: Language, preview = false): BootData {
  const homeRoute = String(config.app.home ?? '');
  const home = config.screens.get(homeRoute);
  return {
    manifest: partialManifest(preview ? withPreviewMark(config.manifest) : config.manifest, lang),
    app: config.app,
    ...(home ? { home: { route: homeRoute, screen: home } } : {}),
    messages: { lang, part: 'core', data: config.ast.get(`${lang}.core`) ?? {} },
  };
}

/** The built app: its HTML, and the files of each named chunk (`chunk-files.json`, written by webpack.config.ts). */
export interface BuiltApp {
  html: string;
  chunkFiles: Record<string, string[]>;
}

/** dist/index.html and dist/chunk-files.json; undefined when the app is not built. */
export function readBuiltApp(distDir: string): BuiltApp | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const chunksFile = path.join(distDir, CHUNK_FILES);
  const chunkFiles = fs.existsSync(chunksFile) ? JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as BuiltApp['chunkFiles'] : {};
  return { html: fs.readFileSync(indexFile, 'utf8'), chunkFiles };
}

/**
 * The code of the first screen, asked for while the HTML is parsed beside the app's own code instead of after
 * it has run: the screen runtime, which every route needs, by preload links; the widgets and the screen file of
 * the route in the address bar by the route table's script (routeCode.ts), whose hash joins the page's CSP, and
 * so is the home banner's first slide (`heroImage`) when the page opens on the home route.
 */
export function firstScreenPreloads(html: string, config: CompiledConfiguration, chunkFiles: BuiltApp['chunkFiles'], heroImage?: string): { html: string; head: string } {
  const links = (chunkFiles[SCREEN_RUNTIME_CHUNK] ?? [])
    .map((file) => `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="/${encodeURI(file)}">`).join('');
  const table = routeCode(config.screens, config.manifest.screens, String(config.app.home ?? ''), chunkFiles, heroImage);
  return { html: allowInlineScript(html, ROUTE_CODE_SCRIPT_SOURCE).replace('</title>', `</title>${routeCodeTags(table)}`), head: links };
}

/** What the HTML says before any script runs, in the visitor's language. */
export interface PageHead { lang: Language; description: string; languages?: LanguageList }

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The visitor's language and direction on `<html>` (a Persian page is laid out right to left from the first
 * paint, not flipped once the app has run) and the page description search engines and link previews show.
 */
export function localiseHead(html: string, { lang, description, languages = SHIPPED }: PageHead): string {
  return html
    .replace(/<html[^>]*>/, `<html lang="${languages.tag(lang)}" dir="${languages.dir(lang)}">`)
    .replace('</title>', `</title><meta name="description" content="${escapeAttribute(description)}">`);
}

/**
 * `index.html` with the boot data as a JSON data block (not a script: the CSP stays `script-src 'self'`),
 * after `head` (the first screen's preload links).
 */
export function injectBoot(html: string, boot: BootData, head = ''): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const tag = `${head}<script id="${BOOT_ELEMENT_ID}" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

/** A preview session (preview.ts) gets the draft's manifest, marked, and the draft's files. */
export function registerConfigRoutes(app: FastifyInstance, store: ConfigStore, preview?: ConfigPreview): void {
  const archive: Map<string, Asset>[] = [store.current.assets];
  const encoded = new WeakMap<Asset, EncodedBody>();
  store.onChange((config) => {
    archive.unshift(config.assets);
    archive.length = Math.min(archive.length, KEPT_VERSIONS);
  });

  app.get('/config/manifest.json', async (req, reply) => {
    const draft = preview?.draftFor(req);
    return reply.header('cache-control', 'no-cache').header('vary', 'cookie').send(draft ? withPreviewMark(draft.manifest) : store.current.manifest);
  });
  app.get('/config/*', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0];
    const published = archive.map((a) => a.get(url)).find(Boolean);
    // A file only the draft has is for the preview session's browser alone, never for a shared cache.
    const asset = published ?? preview?.asset(req, url);
    if (!asset) return reply.callNotFound();
    const etag = `"${url.split('.').slice(-2, -1)[0]}"`;
    reply.header('cache-control', published ? IMMUTABLE : PRIVATE_IMMUTABLE).header('etag', etag).type(asset.type);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    let body = encoded.get(asset);
    if (!body) { body = new EncodedBody(asset.body()); encoded.set(asset, body); }
    return body.send(req, reply);
  });
}

/**
 * Renders the app's HTML per configuration version, language and first banner image (cached): `view` is the
 * request's configuration (the draft for a preview session), `describe` gives the page description in a
 * language (a message of the configuration, so it changes with it), `heroImage` the image the home screen
 * paints first (heroImage.ts), which the page's outline draws (bootHero.ts).
 */
export function indexRenderer(built: () => BuiltApp | undefined, describe: (lang: Language, texts: I18n) => string, heroImage: (lang: Language) => Promise<string | undefined>) {
  const cache = new Map<string, { body: EncodedBody; etag: string }>();
  return async (lang: Language, view: ConfigView): Promise<{ body: EncodedBody; etag: string } | undefined> => {
    const { config, preview } = view;
    // The first banner is looked up as customers get it: a preview session's would be the published one, drawn
    // before the draft's; it gets the app's own drawing of the draft's instead.
    const image = preview ? undefined : await heroImage(lang);
    const key = `${config.manifest.version}|${preview ? 'preview' : ''}|${lang}|${image ?? ''}`;
    let hit = cache.get(key);
    if (!hit) {
      const app = built();
      if (app === undefined) return undefined;
      const boot = bootData(config, lang, preview);
      const head = localiseHead(app.html, { lang, description: describe(lang, view.i18n), languages: config.languages });
      const code = firstScreenPreloads(head, config, app.chunkFiles, image);
      const page = image && boot.home ? drawBootHero(code.html, image, boot.home.route) : code.html;
      const out = injectBoot(page, boot, code.head);
      hit = { body: new EncodedBody(out), etag: `"${crypto.createHash('sha256').update(out).digest('hex').slice(0, 16)}"` };
      if (cache.size > 64) cache.clear();
      cache.set(key, hit);
    }
    return hit;
  };
}
