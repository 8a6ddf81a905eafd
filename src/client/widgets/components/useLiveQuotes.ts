/**
 * Every pair's quote, live: GET /currency/quotation_new for the snapshot, then the `tickers` room. While
 * the socket is down `staleSince` says since when; after a reconnect the snapshot is fetched again.
 */
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { swrFetcher } from '../../api/request';
import { useLiveStatus, useRoom } from '../../state/rooms';

export interface MarketQuote {
  currency_id: number;
  currency_name: string;
  legal_name: string;
  symbol: string;
  category?: 'crypto' | 'stock';
  now_price: string;
  change: string;
  volume: string;
  price_decimals: number;
}
interface Group { name: string; quotes: MarketQuote[] }
interface TickerEvent { currency_id: number; now_price: string; change: string; volume: string }

export function useLiveQuotes() {
  const { data, error, isLoading, mutate } = useSWR<Group[]>(['GET /currency/quotation_new', {}], swrFetcher as (k: [string, object]) => Promise<Group[]>);
  const [live, setLive] = useState<Record<number, TickerEvent>>({});
  useRoom<TickerEvent[]>('tickers', 'daymarket', (batch) => {
    if (!Array.isArray(batch)) return;
    setLive((prev) => {
      let next: Record<number, TickerEvent> | null = null;
      for (const e of batch) {
        const old = prev[e.currency_id];
        if (old && old.now_price === e.now_price && old.change === e.change && old.volume === e.volume) continue;
        next ??= { ...prev };
        next[e.currency_id] = e;
      }
      return next ?? prev;
    });
  });
  const { staleSince, reconnects } = useLiveStatus();
  // Ticks missed while offline are not replayed: fetch the snapshot again.
  useEffect(() => { if (reconnects > 0) void mutate(); }, [reconnects, mutate]);
  const quotes = useMemo(() => (data ?? []).flatMap((g) => g.quotes).map((q) => {
    const e = live[q.currency_id];
    return e ? { ...q, now_price: e.now_price, change: e.change, volume: e.volume } : q;
  }), [data, live]);
  return { quotes, ready: !!data, error, isLoading, retry: () => { void mutate(); }, staleSince };
}
