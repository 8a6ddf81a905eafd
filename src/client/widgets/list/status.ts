/** Where a list's rows stand (loading, failed, more pages), whether they come from an endpoint or from scope data. */
import { useEffect, useRef } from 'react';
import type { DataSource } from '../../runtime/types';
import { usePagedSource } from '../../runtime/useSource';
import { DEFAULT_LIMIT } from '../../runtime/sourceKey';
import { useLiveStatus } from '../../state/rooms';
import type { PagedResult } from '../../runtime/useSource';

export type Paging = 'more' | 'infinite' | 'none';

export interface RowsStatus extends Omit<PagedResult, 'items'> {
  paging: Paging;
}

const noop = () => undefined;

/** Rows given whole (from scope data): never loading, one page. */
export const COMPLETE: RowsStatus = { isLoading: false, error: undefined, retry: noop, paging: 'none', hasMore: false, isLoadingMore: false, loadMore: noop };

/**
 * The pages of a list's endpoint. With `refetchOnReconnect` (live rows: messages missed while offline are
 * not replayed) the rows are fetched again after a reconnect.
 */
export function useSourceRows(section: { source: DataSource; paging?: Paging; limit?: number }, refetchOnReconnect: boolean): { rows: unknown[]; status: RowsStatus } {
  const paging = section.paging ?? 'more';
  const { items, ...list } = usePagedSource(section.source, section.limit ?? DEFAULT_LIMIT, paging !== 'none');
  const { reconnects } = useLiveStatus();
  const seen = useRef(reconnects);
  const retry = useRef(list.retry);
  retry.current = list.retry;
  useEffect(() => {
    if (refetchOnReconnect && reconnects > seen.current) retry.current();
    seen.current = reconnects;
  }, [reconnects, refetchOnReconnect]);
  return { rows: items, status: { ...list, paging } };
}
