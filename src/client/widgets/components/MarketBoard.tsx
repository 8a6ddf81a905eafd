/**
 * The market tab: favourites (the user's watch list), spot, contract and stock pairs, sortable by name,
 * price or change, prices live and flashing on change, a star on every row to follow or unfollow a pair.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { datetime, toD } from '../../../shared/format';
import { request, swrFetcher } from '../../api/request';
import { useT } from '../../i18n';
import { toast } from '../../shell/feedback';
import { LOGIN_ROUTE, navigateTo } from '../../shell/navigation';
import { useAppState } from '../../state/store';
import { EmptyState, ErrorState, Loading } from '../parts';
import { QuoteRow } from './QuoteRow';
import { useLiveQuotes, type MarketQuote } from './useLiveQuotes';

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

function Star({ q, followed, onToggle }: { q: MarketQuote; followed: boolean; onToggle: (q: MarketQuote, followed: boolean) => void }) {
  const t = useT();
  return (
    <button type="button" className="w-star" aria-pressed={followed}
      aria-label={t(followed ? 'market.favorite_remove' : 'market.favorite_add', { pair: q.symbol })}
      onClick={() => onToggle(q, followed)}>
      <span aria-hidden="true">{followed ? '★' : '☆'}</span>
    </button>
  );
}

export default function MarketBoard() {
  const t = useT();
  const token = useAppState((s: { token: string }) => s.token);
  const [tab, setTab] = useState<BoardTab>('spot');
  const [sort, setSort] = useState<Sort | null>(null);
  const { quotes, ready, error, isLoading, retry, staleSince } = useLiveQuotes();
  const favoritesKey = token ? (['GET /optional/list', {}] as const) : null;
  const favorites = useSWR<MarketQuote[]>(favoritesKey, swrFetcher as (k: readonly [string, object]) => Promise<MarketQuote[]>);
  const followed = useMemo(() => (favorites.data ?? []).map((q) => q.symbol), [favorites.data]);
  const followedSet = useMemo(() => new Set(followed), [followed]);
  const rows = useMemo(() => boardRows(quotes, tab, followed, sort), [quotes, tab, followed, sort]);

  const toggle = async (q: MarketQuote, isFollowed: boolean) => {
    if (!token) {
      toast(t('common.login_first'));
      navigateTo(LOGIN_ROUTE);
      return;
    }
    try {
      const message = await request<string>(isFollowed ? 'POST /optional/del' : 'POST /optional/add', { symbol: q.symbol });
      toast(message);
      await favorites.mutate();
    } catch { /* request.ts showed the server's message */ }
  };

  const id = 'w-board';
  const header = (key: SortKey, label: string) => (
    <button type="button" className="w-sort" onClick={() => setSort(nextSort(sort, key))} aria-pressed={sort?.key === key}>
      {label}{sort?.key === key ? (sort.dir === 'asc' ? ' ↑' : ' ↓') : <span aria-hidden="true"> ↕</span>}
    </button>
  );

  let body;
  if (isLoading) body = <Loading />;
  else if (error || !ready) body = <ErrorState onRetry={retry} />;
  else if (tab === 'favorites' && !token) {
    body = (
      <div className="w-state">
        <p>{t('market.favorites_login')}</p>
        <button type="button" className="w-button w-button-primary" onClick={() => navigateTo(LOGIN_ROUTE)}>{t('mine.login')}</button>
      </div>
    );
  } else if (tab === 'favorites' && favorites.isLoading) body = <Loading />;
  else if (rows.length === 0) body = <EmptyState text={t(tab === 'favorites' ? 'market.favorites_empty' : 'list.empty')} />;
  else {
    body = (
      <ul className="w-list">
        {rows.map((q) => (
          <QuoteRow key={q.symbol} q={q} flash leading={<Star q={q} followed={followedSet.has(q.symbol)} onToggle={toggle} />} />
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
