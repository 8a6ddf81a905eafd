/**
 * `quotes`: a market table of rows from an endpoint, kept live from a socket room (`live`), left out by a
 * condition (`filter`), found with a search box (`search`: while it is empty, the recent searches and the
 * popular rows; a row opened from it is remembered as a recent search), ordered (`sort`, sortable `columns`), cut
 * (`max`), starred (`follow`) and hidden from visitors (`login`). A sorted live table re-sorts calmly
 * (list/calmOrder.ts), not on every tick. The table takes its rows' live values every few seconds, for its order and
 * filter; between those, each row's cells follow every tick without a render
 * (QuoteRow). When the rows do change, only those whose values changed re-render (QuoteRow is memoised on its row
 * object, which state/live.ts keeps while the row is unchanged).
 */
import { useId, useMemo, useState, type CSSProperties, type MouseEvent, type PointerEventHandler } from 'react';
import { datetime } from '../../shared/format';
import { readDotted, test } from '../../shared/screens/expression';
import { useRuntime } from '../runtime/context';
import type { QuotesSection } from '../runtime/types';
import { useLiveStatus } from '../state/rooms';
import { useLiveRows } from '../state/live';
import { useAppState } from '../state/store';
import { readList, writeList } from './device';
import { ListFooter, ListTitle, useInfiniteScroll } from './List';
import { EmptyState, ErrorState, Loading, useTexts } from './parts';
import { useFollow } from './list/follow';
import { CALM_RESORT_MS, useCalmOrder } from './list/calmOrder';
import { LoginPrompt } from './list/LoginPrompt';
import { QuoteRow } from './list/QuoteRow';
import { RECENT_MAX, rememberSearch, searchRows, sortRows } from './list/rows';
import { RecentSearches, SearchBox } from './list/Search';
import { SortHeader, useColumnSort } from './list/SortHeader';
import { useSourceRows } from './list/status';

/** Rows keyed by the live key, the follow key or an id; else by position. */
function rowKey(section: QuotesSection, item: unknown, index: number): string | number {
  for (const field of [section.live?.key, section.follow?.key, 'id']) {
    if (!field) continue;
    const v = readDotted(item, field);
    if (typeof v === 'string' || typeof v === 'number') return v;
  }
  return index;
}

function QuotesTable({ section }: { section: QuotesSection }) {
  const { text } = useTexts();
  const { scope: base, pipes } = useRuntime();
  const { rows, status } = useSourceRows(section, !!section.live);
  const columns = section.columns ?? [];
  const [sort, setSort] = useColumnSort(columns);
  // The rows take their live values every few seconds, for the calm order and the filter: their cells follow
  // each tick themselves.
  const live = useLiveRows(rows, section.live, CALM_RESORT_MS);
  const { staleSince } = useLiveStatus();
  const [query, setQuery] = useState('');
  const search = section.search;
  const [recent, setRecent] = useState<string[]>(() => readList(search?.remember, RECENT_MAX));
  const follow = useFollow(section.follow);
  const sentinel = useInfiniteScroll(status.paging, status);

  // Filtered, searched and sorted; while a sort is on, the order is held calm between re-sorts (calmOrder.ts).
  const arrange = (rows: readonly unknown[]) => {
    let out = rows;
    if (section.filter) out = out.filter((item) => test(section.filter, { ...base, item }));
    if (section.sort) out = sortRows(out, section.sort);
    if (search) out = query.trim() ? searchRows(out, query, search.fields) : search.whenEmpty === 'all' ? out : [];
    if (sort) out = sortRows(out, sort);
    return out;
  };
  const keyOf = (item: unknown, i: number) => rowKey(section, item, i);
  const arranged = useCalmOrder(live, arrange, keyOf, JSON.stringify([section.filter, section.sort, query, sort]), !!(section.sort || sort));
  const visible = useMemo(() => (section.max ? arranged.rows.slice(0, section.max) : arranged.rows), [arranged.rows, section.max]);
  const quote = section.item.price !== undefined || section.item.change !== undefined;
  const popularId = useId();
  const popularOptions = search?.popular;
  const arrangePopular = (rows: readonly unknown[]) => {
    if (!popularOptions || query.trim()) return [];
    const out = section.filter ? rows.filter((item) => test(section.filter, { ...base, item })) : rows;
    return sortRows(out, popularOptions.sort).slice(0, popularOptions.max ?? 10);
  };
  const popularOrder = useCalmOrder(live, arrangePopular, keyOf, JSON.stringify([section.filter, popularOptions, query.trim() !== '']), !!popularOptions);
  const popular = popularOrder.rows;

  const saveRecent = (next: string[]) => { setRecent(next); writeList(search?.remember, next); };
  const submit = () => { if (search?.remember) saveRecent(rememberSearch(recent, query)); };
  /** A row opened from the results or the popular rows is a recent search: its first searched field (the pair). */
  const rememberOpened = (rows: readonly unknown[]) => (e: MouseEvent<HTMLUListElement>) => {
    if (!search?.remember) return;
    const row = (e.target as Element).closest('.w-row');
    const li = row?.closest('li');
    if (!row || !li || li.parentElement !== e.currentTarget) return;
    const value = readDotted(rows[Array.prototype.indexOf.call(e.currentTarget.children, li)], search.fields[0]);
    if (typeof value === 'string' || typeof value === 'number') saveRecent(rememberSearch(recent, String(value)));
  };
  const quoteList = (rows: readonly unknown[], onPointerDown: PointerEventHandler, labelledBy?: string) => (
    <ul className={quote ? 'w-list w-quotes' : 'w-list'} style={quote ? ({ '--quote-rows': rows.length } as CSSProperties) : undefined}
      aria-labelledby={labelledBy} onClickCapture={search ? rememberOpened(rows) : undefined} onPointerDown={onPointerDown}>
      {rows.map((item, i) => (
        <QuoteRow key={rowKey(section, item, i)} template={section.item} item={item} live={section.live} flash={section.live?.flash}
          follow={section.follow} followed={follow ? follow.followed.has(String(readDotted(item, section.follow!.key) ?? '')) : false}
          onFollow={follow?.toggle} />
      ))}
    </ul>
  );

  const staleKey = section.live?.stale ?? 'widget.live.stale';

  let body;
  if (status.isLoading) body = <Loading rows={Math.min(section.max ?? 5, 5)} />;
  else if (status.error !== undefined && rows.length === 0) body = <ErrorState onRetry={status.retry} />;
  else if (search && !query.trim() && search.whenEmpty !== 'all') {
    body = (
      <>
        {search.remember && <RecentSearches search={search} recent={recent} onPick={setQuery} onClear={() => saveRecent([])} />}
        {search.popular && popular.length > 0 && (
          <>
            <h2 className="w-title" id={popularId}>{text(search.popular.title)}</h2>
            {quoteList(popular, popularOrder.onPointerDown, popularId)}
          </>
        )}
      </>
    );
  } else if (visible.length === 0) {
    const none = search && query.trim();
    body = <EmptyState text={none
      ? pipes.t(search.none ?? 'widget.search.none', { query: query.trim() })
      : section.empty ? text(section.empty) : undefined} action={none ? undefined : section.emptyAction} />;
  } else {
    body = (
      <>
        {columns.length > 0 && <SortHeader columns={columns} sort={sort} onSort={setSort} />}
        {quoteList(visible, arranged.onPointerDown)}
        {status.paging !== 'none' && <ListFooter paging={status.paging} list={status} sentinel={sentinel} />}
      </>
    );
  }

  return (
    <section className={`w-section${quote ? ' w-market' : ''}`} aria-busy={status.isLoading || status.isLoadingMore}>
      <ListTitle section={section} />
      {search && <SearchBox search={search} query={query} onQuery={setQuery} onSubmit={submit} />}
      {section.live && staleSince !== null && (
        <p className="w-live-stale" role="status">{pipes.t(staleKey, { time: datetime(staleSince).slice(11) })}</p>
      )}
      {body}
    </section>
  );
}

export default function Quotes({ section }: { section: QuotesSection }) {
  const token = useAppState((s: { token: string }) => s.token);
  if (section.login && !token) return <LoginPrompt section={section} login={section.login} />;
  return <QuotesTable section={section} />;
}
