/**
 * `records`: rows from an endpoint or from scope data (`rows`), each with label/value fields, buttons or a
 * countdown (RecordRow), left out by check boxes kept on the device (`toggles`), found with a search box
 * (`search`, as the quotes tables' one: list/Search.tsx, list/rows.ts), cut (`max`) and masked (`mask`).
 */
import { useMemo, useState } from 'react';
import { test } from '../../shared/screens/expression';
import { resolveValue } from '../runtime/bindings';
import { useRuntime } from '../runtime/context';
import type { DataSource, RecordsSection } from '../runtime/types';
import { readList, usePref, usePrefs, writeList, writePref } from './device';
import { ListFooter, ListTitle, useInfiniteScroll } from './List';
import { EmptyState, ErrorState, Loading, useTexts } from './parts';
import { RecordRow } from './list/RecordRow';
import { RECENT_MAX, rememberSearch, searchRows } from './list/rows';
import { RecentSearches, SearchBox } from './list/Search';
import { COMPLETE, useSourceRows, type RowsStatus } from './list/status';

const NO_ROWS: unknown[] = [];

/** A row's `id` as its key, unless another row has the same (a coin listed once per network): then its place. */
function rowKey(item: unknown, i: number, rows: readonly unknown[]): string | number {
  const id = (item as { id?: string | number } | null)?.id;
  if (id === undefined || rows.some((other, j) => j !== i && (other as { id?: unknown } | null)?.id === id)) return `#${i}`;
  return id;
}

function RowsView({ section, rows, status }: { section: RecordsSection; rows: readonly unknown[]; status: RowsStatus }) {
  const { text, t } = useTexts();
  const { scope: base } = useRuntime();
  const [masked] = usePref(section.mask, false);
  const toggles = useMemo(() => section.toggles ?? [], [section.toggles]);
  const ticked = usePrefs(toggles.map((x) => x.pref), toggles.map((x) => x.default ?? false));
  const tickedKey = ticked.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const hiding = useMemo(() => toggles.filter((_, i) => ticked[i]), [toggles, tickedKey]);
  const sentinel = useInfiniteScroll(status.paging, status);

  const search = section.search;
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<string[]>(() => readList(search?.remember, RECENT_MAX));
  const saveRecent = (next: string[]) => { setRecent(next); writeList(search?.remember, next); };
  const waiting = Boolean(search && !query.trim() && search.whenEmpty !== 'all');

  const visible = useMemo(() => {
    let out: readonly unknown[] = rows;
    if (hiding.length) out = out.filter((item) => !hiding.some((x) => test(x.hides, { ...base, item })));
    if (search && query.trim()) out = searchRows(out, query, search.fields);
    if (section.max) out = out.slice(0, section.max);
    return out;
  }, [rows, section.max, hiding, base, search, query]);

  let body;
  if (status.isLoading) body = <Loading rows={Math.min(section.max ?? 3, 3)} />;
  else if (status.error !== undefined && rows.length === 0) body = <ErrorState onRetry={status.retry} />;
  else if (waiting) {
    body = search?.remember
      ? <RecentSearches search={search} recent={recent} onPick={setQuery} onClear={() => saveRecent([])} />
      : null;
  } else if (visible.length === 0 && search && query.trim()) body = <EmptyState text={t(search.none ?? 'widget.search.none', { query: query.trim() })} />;
  else if (visible.length === 0) body = <EmptyState text={section.empty ? text(section.empty) : undefined} hint={section.emptyHint ? text(section.emptyHint) : undefined} action={section.emptyAction} />;
  else {
    body = (
      <>
        <ul className="w-list">
          {visible.map((item, i) => (
            <RecordRow key={rowKey(item, i, visible)} template={section.item} item={item} masked={masked} />
          ))}
        </ul>
        {status.paging !== 'none' && <ListFooter paging={status.paging} list={status} sentinel={sentinel} />}
      </>
    );
  }

  return (
    <section className="w-section" aria-busy={status.isLoading || status.isLoadingMore}>
      <ListTitle section={section} />
      {toggles.length > 0 && (
        <div className="w-toggles">
          {toggles.map((x, i) => (
            <label key={x.pref} className="check">
              <input type="checkbox" className="check__box" checked={ticked[i]} onChange={(e) => writePref(x.pref, e.target.checked)} /> {text(x.label)}
            </label>
          ))}
        </div>
      )}
      {search && <SearchBox search={search} query={query} onQuery={setQuery} onSubmit={() => { if (search.remember) saveRecent(rememberSearch(recent, query)); }} />}
      {body}
    </section>
  );
}

function SourceRows({ section, source }: { section: RecordsSection; source: DataSource }) {
  const { rows, status } = useSourceRows({ ...section, source }, false);
  return <RowsView section={section} rows={rows} status={status} />;
}

function BoundRows({ section }: { section: RecordsSection }) {
  const { scope, pipes } = useRuntime();
  const bound = resolveValue(section.rows, scope, pipes);
  return <RowsView section={section} rows={Array.isArray(bound) ? bound : NO_ROWS} status={COMPLETE} />;
}

export default function Records({ section }: { section: RecordsSection }) {
  return section.source ? <SourceRows section={section} source={section.source} /> : <BoundRows section={section} />;
}
