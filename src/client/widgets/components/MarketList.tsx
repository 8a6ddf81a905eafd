/**
 * The home market list: pair, last price (and in the chosen fiat), 24-hour change, with tabs for gainers,
 * losers and volume. Quotes come from GET /currency/quotation_new, then live from the `tickers` room;
 * only rows whose values changed re-render. While the socket is down a notice says since when prices are
 * not live; on reconnect the snapshot is fetched again.
 */
import { useMemo, useState } from 'react';
import { datetime, toD } from '../../../shared/format';
import { useT } from '../../i18n';
import { ErrorState, Loading } from '../parts';
import { quoteListStyle, QuoteRow } from './QuoteRow';
import { useLiveQuotes, type MarketQuote } from './useLiveQuotes';

export type { MarketQuote } from './useLiveQuotes';

export const MARKET_TABS = ['gainers', 'losers', 'volume'] as const;
type MarketTab = (typeof MARKET_TABS)[number];
const ROWS = 10;

/** The quotes of one tab, best first (volume is compared in the quote currency). */
export function rankQuotes(quotes: MarketQuote[], tab: MarketTab, limit = ROWS): MarketQuote[] {
  const key = (q: MarketQuote) => (tab === 'volume' ? toD(q.volume)!.times(q.now_price) : toD(q.change)!);
  const keyed = quotes.map((q) => ({ q, k: key(q) }));
  keyed.sort((a, b) => (tab === 'losers' ? a.k.cmp(b.k) : b.k.cmp(a.k)));
  return keyed.slice(0, limit).map((x) => x.q);
}

export default function MarketList() {
  const t = useT();
  const [tab, setTab] = useState<MarketTab>('gainers');
  const { quotes, ready, error, isLoading, retry, staleSince } = useLiveQuotes();
  const ranked = useMemo(() => rankQuotes(quotes, tab), [quotes, tab]);

  if (isLoading) return <Loading />;
  if (error || !ready) return <ErrorState onRetry={retry} />;
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
        <ul className="w-list w-quotes" style={quoteListStyle(ranked.length)}>
          {ranked.map((q) => <QuoteRow key={q.symbol} q={q} />)}
        </ul>
      </div>
    </section>
  );
}
