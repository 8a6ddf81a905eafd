/**
 * The image the home screen paints first and largest (the first slide of its top banner), found so the HTML
 * can ask for it at once: without the hint its download starts only after the app's code has run and asked
 * for the banner list. Asked through the app itself (`inject`), as a visitor in the visitor's language, and
 * kept a short while per configuration version and language. Only a banner anyone may see, whose source has
 * literal params and whose image is a plain `{{item.field}}` path on this site, is looked up.
 */
import type { FastifyInstance } from 'fastify';
import { findEndpoint } from '../../shared/contract';
import type { Language } from '../../shared/i18n/languages';
import { readDotted } from '../../shared/screens/expression';
import type { ConfigStore } from './store';

const KEPT_MS = 30_000;
const ITEM_FIELD = /^\{\{\s*item\.([A-Za-z0-9_.]+)\s*\}\}$/;

interface BannerLookup { method: string; url: string; params: Record<string, unknown>; select?: string; field: string }

function homeBanner(store: ConfigStore): BannerLookup | undefined {
  const home = store.current.screens.get(String(store.current.app.home ?? '')) as { auth?: unknown; sections?: unknown[] } | undefined;
  if (!home || home.auth) return undefined;
  const banner = (home.sections ?? []).find((s) => (s as { type?: unknown }).type === 'banner') as
    | { visibleIf?: unknown; image?: unknown; source?: { endpoint?: string; params?: unknown; select?: string } } | undefined;
  const field = typeof banner?.image === 'string' ? ITEM_FIELD.exec(banner.image)?.[1] : undefined;
  const endpoint = banner?.source?.endpoint ? findEndpoint(banner.source.endpoint) : undefined;
  const params = (banner?.source?.params ?? {}) as Record<string, unknown>;
  if (!banner || banner.visibleIf !== undefined || !field || !endpoint || endpoint.auth || JSON.stringify(params).includes('{{')) return undefined;
  return { method: endpoint.method, url: `/api${endpoint.path}`, params, select: banner.source?.select, field };
}

function firstItem(message: unknown, select: string | undefined): unknown {
  const picked = readDotted(message, select);
  const items = Array.isArray(picked) ? picked : (picked as { data?: unknown } | undefined)?.data;
  return Array.isArray(items) ? items[0] : undefined;
}

/** A path on this site (the CSP allows no other images), not a protocol-relative URL. */
const isLocalPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/') && !v.startsWith('//');

export function heroImageFinder(app: FastifyInstance, store: ConfigStore, now: () => number = Date.now) {
  const kept = new Map<string, { at: number; image: Promise<string | undefined> }>();
  const lookUp = async (lang: Language): Promise<string | undefined> => {
    const banner = homeBanner(store);
    if (!banner) return undefined;
    const params = { ...banner.params, lang };
    const res = banner.method === 'GET'
      ? await app.inject({ method: 'GET', url: `${banner.url}?${new URLSearchParams(params as Record<string, string>)}` })
      : await app.inject({ method: 'POST', url: banner.url, payload: params });
    const answer = res.json() as { type?: string; message?: unknown };
    if (answer.type !== 'ok') return undefined;
    const image = readDotted(firstItem(answer.message, banner.select), banner.field);
    return isLocalPath(image) ? image : undefined;
  };
  return (lang: Language): Promise<string | undefined> => {
    const key = `${store.current.manifest.version}|${lang}`;
    const hit = kept.get(key);
    if (hit && now() - hit.at < KEPT_MS) return hit.image;
    if (kept.size > 64) kept.clear();
    const image = lookUp(lang).catch(() => undefined);
    kept.set(key, { at: now(), image });
    return image;
  };
}
