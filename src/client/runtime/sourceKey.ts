/**
 * The SWR keys of a section's requests: `[endpoint, params]`, a page adding `page` and `limit`. Kept apart
 * from the hooks (useSource.ts) so the entry chunk can compute them (prefetchScreen.ts) without the hooks.
 */
import type { Section } from './types';

export type Key = [string, Record<string, unknown>];

/** Every pair's quote, which the pair detail (useLiveQuotes) asks for first. */
export const QUOTES_KEY: Key = ['GET /currency/quotation_new', {}];

/** What a named component (`component` section) asks for first, whatever its props. */
const COMPONENT_SOURCES: Partial<Record<string, Key>> = { pairDetail: QUOTES_KEY };

/** Rows a paged list asks for at a time unless its section says `limit`. */
export const DEFAULT_LIMIT = 10;

export function pageKey(endpoint: string, params: Record<string, unknown>, page: number, limit: number): Key {
  return [endpoint, { ...params, page, limit }];
}

/**
 * The key of the first request a section's widget makes with `params` (its source's, resolved): a list
 * that pages asks for its first page, every other section for `[endpoint, params]`.
 */
export function sourceKey(section: Section, params: Record<string, unknown>): Key | null {
  if (section.type === 'component') return COMPONENT_SOURCES[section.name] ?? null;
  if (!('source' in section) || !section.source) return null;
  const { endpoint } = section.source;
  if (section.type === 'list' && (section.paging ?? 'more') !== 'none') return pageKey(endpoint, params, 1, section.limit ?? DEFAULT_LIMIT);
  return [endpoint, params];
}

