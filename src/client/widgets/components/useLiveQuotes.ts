/**
 * Every pair's quote, live: GET /currency/quotation_new for the snapshot, then the `tickers` room through
 * the one live-values mechanism (state/live.ts: its frame batching, and quote objects that change only
 * when their own values do). While the socket is down `staleSince` says since when; after a reconnect the
 * snapshot is fetched again.
 */
import { useEffect, useMemo } from 'react';
import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/contract';
import { TICKERS_EVENT } from '../../../shared/contract/events';
import { swrFetcher } from '../../api/request';
import { QUOTES_KEY } from '../../runtime/sourceKey';
import { useLiveRows, type LiveFeedSpec } from '../../state/live';
import { useLiveStatus } from '../../state/rooms';

type Group = ResponseOf<'GET /currency/quotation_new'>[number];
export type MarketQuote = Group['quotation'][number];

const TICKERS: LiveFeedSpec = { room: 'tickers', event: TICKERS_EVENT, key: 'currency_id', fields: ['now_price', 'change', 'volume', 'high', 'low'] };

export function useLiveQuotes() {
  const { data, error, isLoading, mutate } = useSWR<Group[]>(QUOTES_KEY, swrFetcher as (k: [string, object]) => Promise<Group[]>);
  const snapshot = useMemo(() => (data ?? []).flatMap((g) => g.quotation), [data]);
  const quotes = useLiveRows(snapshot, TICKERS);
  const { staleSince, reconnects } = useLiveStatus();
  // Ticks missed while offline are not replayed: fetch the snapshot again.
  useEffect(() => { if (reconnects > 0) void mutate(); }, [reconnects, mutate]);
  return { quotes, ready: !!data, error, isLoading, retry: () => { void mutate(); }, staleSince };
}
