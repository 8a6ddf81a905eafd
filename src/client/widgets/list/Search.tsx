/** A search box over a table's rows (`search`) and the recent searches offered while it is empty. */
import { useId, type FormEvent } from 'react';
import type { QuotesSection } from '../../runtime/types';
import { useTexts } from '../parts';

export type SearchOptions = NonNullable<QuotesSection['search']>;

export function SearchBox({ search, query, onQuery, onSubmit }: {
  search: SearchOptions; query: string; onQuery: (q: string) => void; onSubmit: () => void;
}) {
  const { text } = useTexts();
  const id = useId();
  const submit = (e: FormEvent) => { e.preventDefault(); onSubmit(); };
  return (
    <form role="search" className="w-search-bar" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>{text(search.label)}</label>
      {/* The search box is what the list is for: it takes the focus at once. */}
      <input id={id} type="search" className="w-search-input" value={query} autoComplete="off" enterKeyHint="search"
        placeholder={search.placeholder ? text(search.placeholder) : undefined} onChange={(e) => onQuery(e.target.value)} autoFocus />
    </form>
  );
}

export function RecentSearches({ search, recent, onPick, onClear }: {
  search: SearchOptions; recent: string[]; onPick: (q: string) => void; onClear: () => void;
}) {
  const { text, t } = useTexts();
  const id = useId();
  if (!recent.length) return null;
  return (
    <section className="w-section" aria-labelledby={id}>
      <div className="w-search-recent-head">
        <h2 className="w-title" id={id}>{search.recent ? text(search.recent) : t('widget.search.recent')}</h2>
        <button type="button" className="w-link" onClick={onClear}>{search.clear ? text(search.clear) : t('widget.search.clear')}</button>
      </div>
      <ul className="w-chips">
        {recent.map((r) => <li key={r}><button type="button" className="w-chip" onClick={() => onPick(r)}>{r}</button></li>)}
      </ul>
    </section>
  );
}
