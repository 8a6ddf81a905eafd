/**
 * A live list's order held calm (docs/live-lists.md): while a sort is on, rows keep their places as their
 * cells tick and are re-sorted when the rows take their live values (every CALM_RESORT_MS, `useLiveRows`),
 * never while a finger is on the list; a change of the rows themselves (one added or gone, a search) or of
 * the order chosen re-sorts at once.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEventHandler } from 'react';

/** How often a list's rows take their live values, and so how often its order is brought up to date. */
export const CALM_RESORT_MS = 3000;

type Key = string | number;

interface Settled { epoch: number; orderKey: string; inputKeys: Key[]; ranks: Map<Key, number> }

export interface CalmOrder<T> {
  rows: readonly T[];
  /** For the list element: a finger (or a pressed mouse) on it holds the order until it is lifted, even after it starts scrolling. */
  onPointerDown: PointerEventHandler;
}

/**
 * `arrange(rows)` (filter, search and sort), re-run when `rows` change, except while a finger is on the list:
 * then the order is held, and brought up to date at the first interval after the finger is lifted. The rows
 * change when their live values settle, so a re-sort orders by the values the cells show at that moment.
 * `sorted` false: no order to hold.
 */
export function useCalmOrder<T>(rows: readonly T[], arrange: (rows: readonly T[]) => readonly T[], keyOf: (row: T, index: number) => Key,
  orderKey: string, sorted: boolean): CalmOrder<T> {
  const [epoch, setEpoch] = useState(0);
  const settled = useRef<Settled | null>(null);
  const behind = useRef(false);
  const touching = useRef(false);

  useEffect(() => {
    if (!sorted) return undefined;
    // A scroll cancels the pointer (pointercancel) while the finger stays on: only lifting it ends the hold.
    const lift = () => { touching.current = false; };
    const ends = ['pointerup', 'touchend', 'touchcancel'] as const;
    for (const e of ends) window.addEventListener(e, lift, { passive: true });
    const timer = setInterval(() => {
      if (!touching.current && behind.current) setEpoch((e) => e + 1);
    }, CALM_RESORT_MS);
    return () => {
      clearInterval(timer);
      for (const e of ends) window.removeEventListener(e, lift);
    };
  }, [sorted]);

  const out = useMemo(() => {
    const keys = rows.map(keyOf);
    const s = settled.current;
    if (sorted && touching.current && s && s.epoch === epoch && s.orderKey === orderKey && sameKeys(s.inputKeys, keys)) {
      behind.current = true;
      const held = keys.flatMap((k, i) => (s.ranks.has(k) ? [{ row: rows[i], rank: s.ranks.get(k)! }] : []));
      return held.sort((a, b) => a.rank - b.rank).map((h) => h.row);
    }
    const arranged = arrange(rows);
    const index = new Map(rows.map((row, i) => [row, i]));
    settled.current = { epoch, orderKey, inputKeys: keys, ranks: new Map(arranged.map((row, rank) => [keyOf(row, index.get(row) ?? rank), rank])) };
    behind.current = false;
    return arranged;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- arrange and keyOf are new each render; orderKey names what they depend on
  }, [rows, orderKey, epoch, sorted]);

  const onPointerDown = useCallback(() => { touching.current = true; }, []);
  return { rows: out, onPointerDown };
}

function sameKeys(a: readonly Key[], b: readonly Key[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return set.size === a.length && b.every((k) => set.has(k));
}
