/**
 * Every pair's quote, live: GET /currency/quotation_new for the snapshot, then the `tickers` room. While
 * the socket is down `staleSince` says since when; after a reconnect the snapshot is fetched again. Ticks
 * are applied once per animation frame, and only the quotes whose values changed get new objects.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/contract';
import { swrFetcher } from '../../api/request';
import { TICKERS_EVENT } from '../../../shared/contract/events';
import { useLiveStatus, useRoom } from '../../state/rooms';

type Group = ResponseOf<'GET /currency/quotation_new'>[number];
export type MarketQuote = Group['quotation'][number];
interface TickerEvent { currency_id: number; now_price: string; change: string; volume: string; high?: string; low?: string }

export function useLiveQuotes() {
  const { data, error, isLoading, mutate } = useSWR<Group[]>(['GET /currency/quotation_new', {}], swrFetcher as (k: [string, object]) => Promise<Group[]>);
  const [live, setLive] = useState<Record<number, TickerEvent>>({});
  // Batches that arrive within one frame are applied together, in one render.
  const pending = useRef<TickerEvent[]>([]);
  const frame = useRef<number | null>(null);
  useEffect(() => () => { if (frame.current !== null) cancelAnimationFrame(frame.current); }, []);
  useRoom<TickerEvent[]>('tickers', TICKERS_EVENT, (batch) => {
    if (!Array.isArray(batch)) return;
    pending.current.push(...batch);
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const events = pending.current;
      pending.current = [];
      setLive((prev) => {
        let next: Record<number, TickerEvent> | null = null;
        for (const e of events) {
          const old = (next ?? prev)[e.currency_id];
          if (old && old.now_price === e.now_price && old.change === e.change && old.volume === e.volume && old.high === e.high && old.low === e.low) continue;
          next ??= { ...prev };
          next[e.currency_id] = e;
        }
        return next ?? prev;
      });
    });
  });
  const { staleSince, reconnects } = useLiveStatus();
  // Ticks missed while offline are not replayed: fetch the snapshot again.
  useEffect(() => { if (reconnects > 0) void mutate(); }, [reconnects, mutate]);
  // A quote object changes only when its own values do, so memoised rows skip the others.
  const merged = useRef(new WeakMap<TickerEvent, { base: MarketQuote; quote: MarketQuote }>());
  const quotes = useMemo(() => (data ?? []).flatMap((g) => g.quotation).map((q) => {
    const e = live[q.currency_id];
    if (!e) return q;
    const hit = merged.current.get(e);
    if (hit && hit.base === q) return hit.quote;
    const quote = { ...q, now_price: e.now_price, change: e.change, volume: e.volume, high: e.high ?? q.high, low: e.low ?? q.low };
    merged.current.set(e, { base: q, quote });
    return quote;
  }), [data, live]);
  return { quotes, ready: !!data, error, isLoading, retry: () => { void mutate(); }, staleSince };
}
