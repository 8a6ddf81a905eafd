/**
 * The market tab: favourites (the user's watch list), spot, contract and stock pairs, sortable by name,
 * price or change, prices live and flashing on change, a star on every row to follow or unfollow a pair.
 */
import { useCallback, useMemo, useState } from 'react';
import { datetime, toD } from '../../../shared/format';
import { useT } from '../../i18n';
import { LOGIN_ROUTE, navigateTo } from '../../shell/navigation';
import { EmptyState, ErrorState, Loading } from '../parts';
import { quoteListStyle, QuoteRow } from './QuoteRow';
import { useLiveQuotes, type MarketQuote } from './useLiveQuotes';
import { useWatchlist } from './useWatchlist';

export const BOARD_TABS = ['favorites', 'spot', 'contract', 'stocks'] as const;
const SEARCH_ROUTE = '/pages/market/search';
type BoardTab = (typeof BOARD_TABS)[number];
export type SortKey = 'name' | 'price' | 'change';
export interface Sort { key: SortKey; dir: 'asc' | 'desc' }

/** The pairs of a tab (favourites in the order followed), then sorted; no sort keeps that order. */
export function boardRows(quotes: MarketQuote[], tab: BoardTab, favorites: string[], sort: Sort | null): MarketQuote[] {
  let rows: MarketQuote[];
  if (tab === 'favorites') {
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
    rows = favorites.map((s) => bySymbol.get(s)).filter((q): q is MarketQuote => !!q);
  } else {
    rows = quotes.filter((q) => (tab === 'stocks' ? q.category === 'stock' : q.category !== 'stock'));
  }
  if (!sort) return rows;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const cmp = (a: MarketQuote, b: MarketQuote): number => {
    if (sort.key === 'name') return a.symbol.localeCompare(b.symbol);
    const field = sort.key === 'price' ? 'now_price' : 'change';
    return toD(a[field])!.cmp(toD(b[field])!);
  };
  return [...rows].sort((a, b) => sign * cmp(a, b));
}

/** Next state of a sort header: descending, ascending, then off. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: key === 'name' ? 'asc' : 'desc' };
  const first = key === 'name' ? 'asc' : 'desc';
  return current.dir === first ? { key, dir: first === 'asc' ? 'desc' : 'asc' } : null;
}

export default function MarketBoard() {
  const t = useT();
  const [tab, setTab] = useState<BoardTab>('spot');
  const [sort, setSort] = useState<Sort | null>(null);
  const { quotes, ready, error, isLoading, retry, staleSince } = useLiveQuotes();
  const { loggedIn, followed, followedSet, loading: favoritesLoading, toggle } = useWatchlist();
  const rows = useMemo(() => boardRows(quotes, tab, followed, sort), [quotes, tab, followed, sort]);
  const onStar = useCallback((symbol: string, isFollowed: boolean) => { void toggle(symbol, isFollowed); }, [toggle]);

  const id = 'w-board';
  const header = (key: SortKey, label: string) => (
    <button type="button" className="w-sort" onClick={() => setSort(nextSort(sort, key))} aria-pressed={sort?.key === key}>
      {label}{sort?.key === key ? (sort.dir === 'asc' ? ' ↑' : ' ↓') : <span aria-hidden="true"> ↕</span>}
    </button>
  );

  let body;
  if (isLoading) body = <Loading />;
  else if (error || !ready) body = <ErrorState onRetry={retry} />;
  else if (tab === 'favorites' && !loggedIn) {
    body = (
      <div className="w-state">
        <p>{t('market.favorites_login')}</p>
        <button type="button" className="w-button w-button-primary" onClick={() => navigateTo(LOGIN_ROUTE)}>{t('mine.login')}</button>
      </div>
    );
  } else if (tab === 'favorites' && favoritesLoading) body = <Loading />;
  else if (rows.length === 0) body = <EmptyState text={t(tab === 'favorites' ? 'market.favorites_empty' : 'list.empty')} />;
  else {
    body = (
      <ul className="w-list w-quotes" style={quoteListStyle(rows.length)}>
        {rows.map((q) => (
          <QuoteRow key={q.symbol} q={q} flash followed={followedSet.has(q.symbol)} onStar={onStar} />
        ))}
      </ul>
    );
  }

  return (
    <section className="w-section w-tabs w-market w-board" aria-labelledby={`${id}-title`}>
      <div className="w-board-head">
        <h1 className="w-title" id={`${id}-title`}>{t('tab.market')}</h1>
        <a className="w-link w-board-search" href={`#${SEARCH_ROUTE}`} onClick={(e) => { e.preventDefault(); navigateTo(SEARCH_ROUTE); }}>
          {t('market.search.title')}
        </a>
      </div>
      {staleSince !== null && (
        <p className="w-market-stale" role="status">{t('market.stale', { time: datetime(staleSince).slice(11) })}</p>
      )}
      <div role="tablist" aria-labelledby={`${id}-title`}>
        {BOARD_TABS.map((name) => (
          <button key={name} type="button" role="tab" className="w-tab" id={`${id}-${name}`} aria-selected={tab === name}
            aria-controls={`${id}-panel`} onClick={() => setTab(name)}>
            {t(`market.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        <div className="w-market-head">
          {header('name', t('home.market.pair'))}{header('price', t('home.market.price'))}{header('change', t('home.market.change'))}
        </div>
        {body}
      </div>
    </section>
  );
}
