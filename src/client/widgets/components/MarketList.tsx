/**
 * The home market list: pair, last price (and in the chosen fiat), 24-hour change, with tabs for gainers,
 * losers and volume. Quotes come from GET /currency/quotation_new, then live from the `tickers` room;
 * only rows whose values changed re-render. While the socket is down a notice says since when prices are
 * not live; on reconnect the snapshot is fetched again.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { datetime, fiat, group, percent } from '../../../shared/format';
import { swrFetcher } from '../../api/request';
import { useT } from '../../i18n';
import { isKnownRoute } from '../../shell/routes';
import { useLiveStatus, useRoom } from '../../state/rooms';
import { useAppState } from '../../state/store';
import { Activator, ErrorState, Loading } from '../parts';

export interface MarketQuote {
  currency_id: number;
  currency_name: string;
  legal_name: string;
  symbol: string;
  now_price: string;
  change: string;
  volume: string;
  price_decimals: number;
}
interface Group { name: string; quotes: MarketQuote[] }
interface TickerEvent { currency_id: number; now_price: string; change: string; volume: string }

export const MARKET_TABS = ['gainers', 'losers', 'volume'] as const;
type MarketTab = (typeof MARKET_TABS)[number];
const ROWS = 10;
const DETAIL_ROUTE = '/pages/transaction/index';

/** The quotes of one tab, best first (volume is compared in the quote currency). */
export function rankQuotes(quotes: MarketQuote[], tab: MarketTab, limit = ROWS): MarketQuote[] {
  const key = (q: MarketQuote) => (tab === 'volume' ? Number(q.volume) * Number(q.now_price) : Number(q.change));
  return [...quotes].sort((a, b) => (tab === 'losers' ? key(a) - key(b) : key(b) - key(a))).slice(0, limit);
}

const Row = memo(function Row({ q, fiatCode, fiatRate }: { q: MarketQuote; fiatCode: string; fiatRate: string }) {
  const down = q.change.startsWith('-');
  const to = `${DETAIL_ROUTE}?symbol=${encodeURIComponent(q.symbol)}`;
  const body = (
    <>
      <span className="w-row-main"><bdi className="w-row-title">{q.currency_name}<span className="w-market-quote">/{q.legal_name}</span></bdi></span>
      <span className="w-row-value">
        <span className="w-market-price">{group(q.now_price, q.price_decimals)}</span>
        {fiatCode !== q.legal_name && <span className="w-row-sub">≈ {fiat(q.now_price, { code: fiatCode, rate: fiatRate })}</span>}
      </span>
      <span className={`w-market-change ${down ? 'is-down' : 'is-up'}`}>{percent(q.change)}</span>
    </>
  );
  return <li>{isKnownRoute(to) ? <Activator className="w-row" to={to}>{body}</Activator> : <div className="w-row">{body}</div>}</li>;
});

export default function MarketList() {
  const t = useT();
  const [tab, setTab] = useState<MarketTab>('gainers');
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
  // After a reconnect the snapshot is fetched again: ticks missed while offline are not replayed.
  useEffect(() => { if (reconnects > 0) void mutate(); }, [reconnects, mutate]);
  const fiatState = useAppState((s: { fiat?: { currency_code?: string; rate?: string | number } }) => s.fiat);
  const quotes = useMemo(() => (data ?? []).flatMap((g) => g.quotes).map((q) => {
    const e = live[q.currency_id];
    return e ? { ...q, now_price: e.now_price, change: e.change, volume: e.volume } : q;
  }), [data, live]);
  const ranked = useMemo(() => rankQuotes(quotes, tab), [quotes, tab]);

  if (isLoading) return <Loading />;
  if (error || !data) return <ErrorState onRetry={() => { void mutate(); }} />;
  const id = 'w-market';
  return (
    <section className="w-section w-tabs w-market" aria-labelledby={`${id}-title`}>
      <h2 className="w-title" id={`${id}-title`}>{t('home.market.title')}</h2>
      {staleSince !== null && (
        <p className="w-market-stale" role="status">{t('market.stale', { time: datetime(staleSince).slice(11) })}</p>
      )}
      <div role="tablist" aria-labelledby={`${id}-title`}>
        {MARKET_TABS.map((name) => (
          <button key={name} type="button" role="tab" className="w-tab" id={`${id}-${name}`} aria-selected={tab === name}
            aria-controls={`${id}-panel`} onClick={() => setTab(name)}>
            {t(`home.market.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        <div className="w-market-head" aria-hidden="true">
          <span>{t('home.market.pair')}</span><span>{t('home.market.price')}</span><span>{t('home.market.change')}</span>
        </div>
        <ul className="w-list">
          {ranked.map((q) => (
            <Row key={q.symbol} q={q} fiatCode={fiatState?.currency_code ?? 'USD'} fiatRate={String(fiatState?.rate ?? '1')} />
          ))}
        </ul>
      </div>
    </section>
  );
}
