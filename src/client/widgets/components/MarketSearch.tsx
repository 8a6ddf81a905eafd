/**
 * Pair search (`/pages/market/search`): filters every pair as you type (by symbol or base, any case);
 * a submitted search is kept in the recent searches (at most 10, newest first, on this device).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { readJson, STORAGE_KEYS, writeJson } from '../../state/storage';
import { EmptyState, ErrorState, Loading } from '../parts';
import { quoteListStyle, QuoteRow } from './QuoteRow';
import { useLiveQuotes, type MarketQuote } from './useLiveQuotes';

const RECENT_MAX = 10;

export function searchPairs(quotes: MarketQuote[], query: string): MarketQuote[] {
  const q = query.trim().toUpperCase().replace(/\s+/g, '');
  if (!q) return [];
  const compact = (s: string) => s.replace('/', '');
  return quotes
    .filter((x) => x.symbol.includes(q) || compact(x.symbol).includes(compact(q)))
    .sort((a, b) => Number(!a.currency_name.startsWith(q)) - Number(!b.currency_name.startsWith(q)) || a.symbol.localeCompare(b.symbol));
}

/** Adds a search to the front of the recent list (no duplicates, at most 10). */
export function remember(recent: string[], query: string): string[] {
  const q = query.trim();
  if (!q) return recent;
  return [q, ...recent.filter((r) => r.toUpperCase() !== q.toUpperCase())].slice(0, RECENT_MAX);
}

function loadRecent(): string[] {
  const stored = readJson<unknown>(STORAGE_KEYS.marketSearches);
  return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string').slice(0, RECENT_MAX) : [];
}

export default function MarketSearch() {
  const t = useT();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<string[]>(loadRecent);
  const { quotes, ready, error, isLoading, retry } = useLiveQuotes();
  const results = useMemo(() => searchPairs(quotes, query), [quotes, query]);

  const saveRecent = (next: string[]) => { setRecent(next); writeJson(STORAGE_KEYS.marketSearches, next); };
  const submit = (e: FormEvent) => { e.preventDefault(); saveRecent(remember(recent, query)); };

  let body;
  if (isLoading) body = <Loading />;
  else if (error || !ready) body = <ErrorState onRetry={retry} />;
  else if (!query.trim()) {
    body = recent.length > 0 && (
      <section className="w-section" aria-labelledby={`${inputId}-recent`}>
        <div className="w-search-recent-head">
          <h2 className="w-title" id={`${inputId}-recent`}>{t('market.search.recent')}</h2>
          <button type="button" className="w-link" onClick={() => saveRecent([])}>{t('market.search.clear')}</button>
        </div>
        <ul className="w-chips">
          {recent.map((r) => <li key={r}><button type="button" className="w-chip" onClick={() => setQuery(r)}>{r}</button></li>)}
        </ul>
      </section>
    );
  } else if (results.length === 0) body = <EmptyState text={t('market.search.none', { query: query.trim() })} />;
  else body = <ul className="w-list w-market w-quotes" style={quoteListStyle(results.length)}>{results.map((q) => <QuoteRow key={q.symbol} q={q} />)}</ul>;

  return (
    <div className="w-search">
      <form role="search" className="w-search-bar" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>{t('market.search.label')}</label>
        <input id={inputId} type="search" className="w-search-input" value={query} autoComplete="off" enterKeyHint="search"
          placeholder={t('market.search.placeholder')} onChange={(e) => setQuery(e.target.value)} autoFocus />
      </form>
      {body}
    </div>
  );
}
