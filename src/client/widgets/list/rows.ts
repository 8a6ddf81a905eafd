/**
 * What a list shows of its rows, as pure functions: the order (by a field, or a product of two: volume ×
 * price), the next order of a sortable header, the search and the recent searches.
 */
import { readDotted } from '../../../shared/screens/expression';
import { toD, type Decimal } from '../../../shared/format/decimal';
import type { RowOrder } from '../../runtime/types';

export interface Order extends RowOrder { dir: 'asc' | 'desc' }
export type Row = unknown;

function orderValue(row: Row, order: RowOrder): Decimal | string | null {
  const v = readDotted(row, order.by);
  if (order.times) {
    const a = toD(v);
    const b = toD(readDotted(row, order.times));
    return a && b ? a.times(b) : null;
  }
  if (v === undefined || v === null || v === '') return null;
  return toD(v) ?? String(v);
}

/** Numbers (and decimal strings) by value, texts alphabetically; rows without a value go last. */
function compareValues(a: Decimal | string | null, b: Decimal | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a !== 'string' && typeof b !== 'string') return a.cmp(b);
  return String(a).localeCompare(String(b));
}

/** A sorted copy (stable: equal rows keep their order). */
export function sortRows<T extends Row>(rows: readonly T[], order: Order): T[] {
  const sign = order.dir === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, k: orderValue(row, order) }));
  keyed.sort((x, y) => {
    if (x.k === null || y.k === null) return compareValues(x.k, y.k); // missing values last either way
    return sign * compareValues(x.k, y.k);
  });
  return keyed.map((x) => x.row);
}

/** Next state of a sort header: its first direction, the other one, then off (null). */
export function nextSort(current: Order | null, column: RowOrder & { first?: 'asc' | 'desc' }): Order | null {
  const first = column.first ?? 'asc';
  const same = current && current.by === column.by && (current.times ?? '') === (column.times ?? '');
  const base: RowOrder = column.times ? { by: column.by, times: column.times } : { by: column.by };
  if (!same) return { ...base, dir: first };
  return current.dir === first ? { ...base, dir: first === 'asc' ? 'desc' : 'asc' } : null;
}

/** Case, spaces and punctuation ignored: `eth/usdt`, `ETH USDT` and `ethusdt` are the same search. */
export function normalizeSearch(s: string): string {
  return s.toUpperCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** Rows with a field containing the query; those with a field starting with it first, then alphabetically. */
export function searchRows<T extends Row>(rows: readonly T[], query: string, fields: readonly string[]): T[] {
  const q = normalizeSearch(query);
  if (!q || !fields.length) return [];
  const hits: Array<{ row: T; prefix: boolean; name: string }> = [];
  for (const row of rows) {
    const values = fields.map((f) => {
      const v = readDotted(row, f);
      return v === undefined || v === null ? '' : normalizeSearch(String(v));
    });
    if (!values.some((v) => v.includes(q))) continue;
    hits.push({ row, prefix: values.some((v) => v.startsWith(q)), name: String(readDotted(row, fields[0]) ?? '') });
  }
  hits.sort((a, b) => Number(b.prefix) - Number(a.prefix) || a.name.localeCompare(b.name));
  return hits.map((h) => h.row);
}

export const RECENT_MAX = 10;

/** Adds a search to the front of the recent ones (no duplicates in any case, at most 10). */
export function rememberSearch(recent: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q) return [...recent];
  return [q, ...recent.filter((r) => r.toUpperCase() !== q.toUpperCase())].slice(0, RECENT_MAX);
}
