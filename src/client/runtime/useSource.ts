/**
 * Data for a section: `source: { endpoint, params, select }` through SWR with the shell's fetcher.
 * SWR keys are `[endpoint, params]`, so a refresh by endpoint (state/revalidate.ts) finds them.
 */
import { useEffect } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { prefetchedAnswer, swrFetcher } from '../api/request';
import { resolveValue } from './bindings';
import { readDotted } from '../../shared/screens/expression';
import { useRuntime } from './context';
import { mergeLive, onLivePatch } from '../state/live';
import { arrivedBeforeStale, noteArrived, onRevalidate } from '../state/revalidate';
import type { DataSource } from './types';
import { pageKey, type Key } from './sourceKey';

export function useSourceParams(source: DataSource | undefined): Record<string, unknown> {
  const { scope, pipes } = useRuntime();
  if (!source?.params) return {};
  return (resolveValue(source.params, scope, pipes) ?? {}) as Record<string, unknown>;
}

export interface SourceResult<T = unknown> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  retry: () => void;
}

/** One request; `data` is the response message after `select`. No source: `data` is undefined. */
export function useSource<T = unknown>(source: DataSource | undefined): SourceResult<T> {
  const params = useSourceParams(source);
  const key: Key | null = source ? [source.endpoint, params] : null;
  // An answer fetched with the screen that has arrived is drawn on the first frame (the fetcher then takes it).
  const early = key ? prefetchedAnswer(key) : undefined;
  const { data, error, isLoading, mutate } = useSWR(key, swrFetcher as (k: Key) => Promise<unknown>, early ? { fallbackData: early.message } : undefined);
  return {
    data: (source && data !== undefined ? readDotted(data, source.select) : undefined) as T | undefined,
    error,
    isLoading: Boolean(source) && isLoading && data === undefined, // SWR counts a fallback as loading
    retry: () => { void mutate(); },
  };
}

export interface PagedResult {
  items: unknown[];
  error: unknown;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** Normalises one page: a `{data, page, limit, total}` Page or a plain array. */
export function pageOf(message: unknown, select: string | undefined): { items: unknown[]; total?: number } {
  const picked = readDotted(message, select);
  if (Array.isArray(picked)) return { items: picked };
  if (picked && typeof picked === 'object' && Array.isArray((picked as { data?: unknown }).data)) {
    const p = picked as { data: unknown[]; total?: unknown };
    const total = Number(p.total);
    return { items: p.data, total: Number.isFinite(total) ? total : undefined };
  }
  return { items: [] };
}

/** A page, noted with when it arrived (revalidate.ts `arrivedBeforeStale`). */
const fetchPage = (k: Key): Promise<unknown> => (swrFetcher as (k: Key) => Promise<unknown>)(k).then(noteArrived);

/** Pages `page=1,2,…` with `limit`; `paged: false` fetches once with no paging fields. */
export function usePagedSource(source: DataSource, limit: number, paged: boolean): PagedResult {
  const params = useSourceParams(source);
  const getKey = (index: number, previous: unknown): Key | null => {
    if (!paged) return index === 0 ? [source.endpoint, params] : null;
    if (previous !== null && previous !== undefined) {
      const prev = pageOf(previous, source.select);
      if (prev.items.length < limit) return null;
    }
    return pageKey(source.endpoint, params, index + 1, limit);
  };
  const { data, error, isLoading, size, setSize, mutate, isValidating } = useSWRInfinite(getKey, fetchPage, { revalidateFirstPage: false });
  useEffect(() => onRevalidate(source.endpoint, () => mutate()), [source.endpoint, mutate]);
  // Pages kept from before the endpoint became stale (the list was not on screen then) are asked again when shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list is shown
  useEffect(() => { if (arrivedBeforeStale(source.endpoint, data?.[0])) void mutate(); }, [source.endpoint]);
  useEffect(() => onLivePatch(source.endpoint, (patch) => mutate((pages) => pages && mergeLive(pages, patch), { revalidate: false })), [source.endpoint, mutate]);
  const pages = (data ?? []).map((m) => pageOf(m, source.select));
  const items = pages.flatMap((p) => p.items);
  const last = pages[pages.length - 1];
  let hasMore = false;
  if (paged && last) {
    hasMore = last.total !== undefined ? items.length < last.total && last.items.length > 0 : last.items.length >= limit;
  }
  const isLoadingMore = isLoading || (size > 0 && data !== undefined && typeof data[size - 1] === 'undefined' && isValidating);
  return {
    items,
    error,
    isLoading,
    isLoadingMore: !isLoading && isLoadingMore,
    hasMore,
    loadMore: () => { if (hasMore && !isLoadingMore) void setSize(size + 1); },
    retry: () => { void mutate(); },
  };
}
