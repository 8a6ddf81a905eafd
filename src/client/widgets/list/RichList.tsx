/**
 * A list section with more than rows from an endpoint (see List.tsx): rows from scope data (`rows`), kept
 * live from a socket room (`live`), left out by a condition (`filter`) or by check boxes kept on the device
 * (`toggles`), found with a search box (`search`), ordered (`sort`, sortable `columns`), cut (`max`),
 * starred (`follow`), hidden from visitors (`login`) and masked (`mask`). Only rows whose values changed
 * re-render (RichRow is memoised on its row object, which state/live.ts keeps while the row is unchanged).
 */
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { datetime } from '../../../shared/format';
import { readDotted, test } from '../../../shared/screens/expression';
import { resolveValue } from '../../runtime/bindings';
import { useRuntime } from '../../runtime/context';
import type { ListSection } from '../../runtime/types';
import { usePagedSource } from '../../runtime/useSource';
import { DEFAULT_LIMIT } from '../../runtime/sourceKey';
import { LOGIN_ROUTE, navigateTo } from '../../platform/navigation';
import { useLiveStatus } from '../../state/rooms';
import { useAppState } from '../../state/store';
import { readList, usePref, usePrefs, writeList, writePref } from '../device';
import { ListFooter, ListTitle, useInfiniteScroll } from '../List';
import { EmptyState, ErrorState, Loading, useTexts } from '../parts';
import { useTabsMemory } from '../tabsMemory';
import { useFollow } from './follow';
import { useLiveRows } from '../../state/live';
import { RichRow } from './RichRow';
import { nextSort, RECENT_MAX, rememberSearch, searchRows, sortRows, type Order } from './rows';

type Paging = NonNullable<ListSection['paging']>;

interface Status {
  isLoading: boolean;
  error: unknown;
  retry: () => void;
  paging: Paging;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}

const NO_ROWS: unknown[] = [];
const noop = () => undefined;

/** Rows keyed by the live key, the follow key or an id; else by position. */
function rowKey(section: ListSection, item: unknown, index: number): string | number {
  for (const field of [section.live?.key, section.follow?.key, 'id']) {
    if (!field) continue;
    const v = readDotted(item, field);
    if (typeof v === 'string' || typeof v === 'number') return v;
  }
  return index;
}

function LoginPrompt({ section }: { section: ListSection }) {
  const { text, t } = useTexts();
  return (
    <section className="w-section">
      <ListTitle section={section} />
      <div className="w-state">
        <p>{text(section.login!.text)}</p>
        <button type="button" className="w-button w-button-primary" onClick={() => navigateTo(LOGIN_ROUTE)}>
          {section.login!.button ? text(section.login!.button) : t('widget.login')}
        </button>
      </div>
    </section>
  );
}

function SearchBox({ section, query, onQuery, onSubmit }: {
  section: ListSection; query: string; onQuery: (q: string) => void; onSubmit: () => void;
}) {
  const { text } = useTexts();
  const id = useId();
  const search = section.search!;
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

function RecentSearches({ section, recent, onPick, onClear }: {
  section: ListSection; recent: string[]; onPick: (q: string) => void; onClear: () => void;
}) {
  const { text, t } = useTexts();
  const id = useId();
  const search = section.search!;
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

function RowsView({ section, rows, status }: { section: ListSection; rows: readonly unknown[]; status: Status }) {
  const { text } = useTexts();
  const { scope, pipes } = useRuntime();
  const base = scope;
  const live = useLiveRows(rows, section.live);
  const { staleSince } = useLiveStatus();
  const [masked] = usePref(section.mask, false);
  const toggles = useMemo(() => section.toggles ?? [], [section.toggles]);
  const ticked = usePrefs(toggles.map((x) => x.pref), toggles.map((x) => x.default ?? false));
  const tickedKey = ticked.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const hiding = useMemo(() => toggles.filter((_, i) => ticked[i]), [toggles, tickedKey]);
  // Lists with the same sortable columns share the order chosen, across the tabs around them.
  const sortMemory = `sort:${(section.columns ?? []).map((c) => (c.sort ? `${c.sort.by}*${c.sort.times ?? ''}` : '')).join('|')}`;
  const [sort, setSort] = useTabsMemory<Order | null>(sortMemory, null);
  const [query, setQuery] = useState('');
  const search = section.search;
  const [recent, setRecent] = useState<string[]>(() => readList(search?.remember, RECENT_MAX));
  const follow = useFollow(section.follow);
  const sentinel = useInfiniteScroll(status.paging, status);

  const visible = useMemo(() => {
    let out: readonly unknown[] = live;
    if (section.filter) out = out.filter((item) => test(section.filter, { ...base, item }));
    if (hiding.length) out = out.filter((item) => !hiding.some((x) => test(x.hides, { ...base, item })));
    if (section.sort) out = sortRows(out, section.sort);
    if (search) out = query.trim() ? searchRows(out, query, search.fields) : search.whenEmpty === 'all' ? out : [];
    if (sort) out = sortRows(out, sort);
    if (section.max) out = out.slice(0, section.max);
    return out;
  }, [live, section.filter, section.sort, section.max, hiding, search, query, sort, base]);

  const saveRecent = (next: string[]) => { setRecent(next); writeList(search?.remember, next); };
  const submit = () => { if (search?.remember) saveRecent(rememberSearch(recent, query)); };

  const quote = section.item.price !== undefined || section.item.change !== undefined;
  const columns = section.columns ?? [];
  const sortable = columns.some((c) => c.sort);
  const staleKey = section.live?.stale ?? 'widget.live.stale';

  let body;
  if (status.isLoading) body = <Loading />;
  else if (status.error !== undefined && rows.length === 0) body = <ErrorState onRetry={status.retry} />;
  else if (search && !query.trim() && search.whenEmpty !== 'all') {
    body = search.remember
      ? <RecentSearches section={section} recent={recent} onPick={setQuery} onClear={() => saveRecent([])} />
      : null;
  } else if (visible.length === 0) {
    const none = search && query.trim();
    body = <EmptyState text={none
      ? pipes.t(search.none ?? 'widget.search.none', { query: query.trim() })
      : section.empty ? text(section.empty) : undefined} />;
  } else {
    body = (
      <>
        {columns.length > 0 && (
          <div className="w-list-head" aria-hidden={sortable ? undefined : true}>
            {columns.map((c) => {
              if (!c.sort) return <span key={c.label}>{text(c.label)}</span>;
              const on = !!sort && sort.by === c.sort.by && (sort.times ?? '') === (c.sort.times ?? '');
              return (
                <button key={c.label} type="button" className="w-sort" aria-pressed={on} onClick={() => setSort(nextSort(sort, c.sort!))}>
                  {text(c.label)}{on ? (sort.dir === 'asc' ? ' ↑' : ' ↓') : <span aria-hidden="true"> ↕</span>}
                </button>
              );
            })}
          </div>
        )}
        <ul className={quote ? 'w-list w-quotes' : 'w-list'} style={quote ? ({ '--quote-rows': visible.length } as CSSProperties) : undefined}>
          {visible.map((item, i) => (
            <RichRow key={rowKey(section, item, i)} template={section.item} item={item} masked={masked} flash={section.live?.flash}
              follow={section.follow} followed={follow ? follow.followed.has(String(readDotted(item, section.follow!.key) ?? '')) : false}
              onFollow={follow?.toggle} />
          ))}
        </ul>
        {status.paging !== 'none' && <ListFooter paging={status.paging} list={status} sentinel={sentinel} />}
      </>
    );
  }

  return (
    <section className={`w-section${quote ? ' w-market' : ''}`} aria-busy={status.isLoading || status.isLoadingMore}>
      <ListTitle section={section} />
      {search && <SearchBox section={section} query={query} onQuery={setQuery} onSubmit={submit} />}
      {section.live && staleSince !== null && (
        <p className="w-live-stale" role="status">{pipes.t(staleKey, { time: datetime(staleSince).slice(11) })}</p>
      )}
      {toggles.length > 0 && (
        <div className="w-toggles">
          {toggles.map((x, i) => (
            <label key={x.pref}>
              <input type="checkbox" checked={ticked[i]} onChange={(e) => writePref(x.pref, e.target.checked)} /> {text(x.label)}
            </label>
          ))}
        </div>
      )}
      {body}
    </section>
  );
}

function SourceRows({ section }: { section: ListSection }) {
  const paging = section.paging ?? 'more';
  const list = usePagedSource(section.source!, section.limit ?? DEFAULT_LIMIT, paging !== 'none');
  // Live messages missed while offline are not replayed: fetch the rows again after a reconnect.
  const { reconnects } = useLiveStatus();
  const seen = useRef(reconnects);
  const retry = useRef(list.retry);
  retry.current = list.retry;
  useEffect(() => {
    if (section.live && reconnects > seen.current) retry.current();
    seen.current = reconnects;
  }, [reconnects, section.live]);
  const status: Status = {
    isLoading: list.isLoading, error: list.error, retry: list.retry, paging,
    hasMore: list.hasMore, isLoadingMore: list.isLoadingMore, loadMore: list.loadMore,
  };
  return <RowsView section={section} rows={list.items} status={status} />;
}

function BoundRows({ section }: { section: ListSection }) {
  const { scope, pipes } = useRuntime();
  const bound = resolveValue(section.rows, scope, pipes);
  const status: Status = { isLoading: false, error: undefined, retry: noop, paging: 'none', hasMore: false, isLoadingMore: false, loadMore: noop };
  return <RowsView section={section} rows={Array.isArray(bound) ? bound : NO_ROWS} status={status} />;
}

export default function RichList({ section }: { section: ListSection }) {
  const token = useAppState((s: { token: string }) => s.token);
  if (section.login && !token) return <LoginPrompt section={section} />;
  return section.source ? <SourceRows section={section} /> : <BoundRows section={section} />;
}
