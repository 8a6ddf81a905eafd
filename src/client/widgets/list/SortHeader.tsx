/**
 * A table's header row (`columns`); a column with `sort` is a button ordering the rows by that field. Tables
 * with the same sortable columns share the order chosen, across the tabs around them.
 */
import type { QuotesSection } from '../../runtime/types';
import { useTabsMemory } from '../tabsMemory';
import { useTexts } from '../parts';
import { nextSort, type Order } from './rows';

export type Column = NonNullable<QuotesSection['columns']>[number];

/** The order chosen with the header of `columns` (null: the table's own). */
export function useColumnSort(columns: readonly Column[]): [Order | null, (order: Order | null) => void] {
  const memory = `sort:${columns.map((c) => (c.sort ? `${c.sort.by}*${c.sort.times ?? ''}` : '')).join('|')}`;
  return useTabsMemory<Order | null>(memory, null);
}

export function SortHeader({ columns, sort, onSort }: { columns: readonly Column[]; sort: Order | null; onSort: (order: Order | null) => void }) {
  const { text } = useTexts();
  const sortable = columns.some((c) => c.sort);
  return (
    <div className="w-list-head" aria-hidden={sortable ? undefined : true}>
      {columns.map((c) => {
        if (!c.sort) return <span key={c.label}>{text(c.label)}</span>;
        const on = !!sort && sort.by === c.sort.by && (sort.times ?? '') === (c.sort.times ?? '');
        return (
          <button key={c.label} type="button" className="w-sort" aria-pressed={on} onClick={() => onSort(nextSort(sort, c.sort!))}>
            {text(c.label)}{on ? (sort.dir === 'asc' ? ' ↑' : ' ↓') : <span aria-hidden="true"> ↕</span>}
          </button>
        );
      })}
    </div>
  );
}
