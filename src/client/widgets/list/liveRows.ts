/**
 * Rows kept live from a socket room (`live` of a list section). One feed per room, event and key is shared
 * by every list using it (the home's ranking tabs, the market tab's categories), so switching tabs keeps the
 * latest values and the room subscription. Messages arriving within one animation frame are applied
 * together; a row object changes only when one of its live fields did, so memoised rows skip the others.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { readDotted } from '../../../shared/screens/expression';
import { subscribeRoom } from '../../state/rooms';
import type { ListLive } from '../../runtime/types';

type Values = Record<string, unknown>;

interface Feed {
  id: string;
  spec: ListLive;
  /** Latest live values per row key. */
  values: Map<string, Values>;
  version: number;
  listeners: Set<() => void>;
  users: number;
  leave: (() => void) | null;
  pending: unknown[];
  frame: number | null;
  subscribe: (l: () => void) => () => void;
  getVersion: () => number;
}

const feeds = new Map<string, Feed>();

const nextFrame = (fn: () => void): number => (typeof requestAnimationFrame === 'function'
  ? requestAnimationFrame(fn) : window.setTimeout(fn, 16));
const cancelFrame = (id: number): void => {
  if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(id);
  else clearTimeout(id);
};

function feedFor(spec: ListLive): Feed {
  const id = [spec.room, spec.event, spec.key, spec.fields.join(',')].join('\u0000');
  let feed = feeds.get(id);
  if (!feed) {
    const listeners = new Set<() => void>();
    const created: Feed = {
      id, spec, values: new Map(), version: 0, listeners, users: 0, leave: null, pending: [], frame: null,
      subscribe: (l) => { listeners.add(l); return () => { listeners.delete(l); }; },
      getVersion: () => created.version,
    };
    feed = created;
    feeds.set(id, feed);
  }
  return feed;
}

/** Applies the messages of one frame; notifies once if any row changed. */
function apply(feed: Feed): void {
  feed.frame = null;
  const messages = feed.pending;
  feed.pending = [];
  const { key, fields } = feed.spec;
  let changed = false;
  for (const m of messages) {
    if (!m || typeof m !== 'object') continue;
    const k = readDotted(m, key);
    if (k === undefined || k === null) continue;
    const id = String(k);
    const old = feed.values.get(id);
    let next: Values | null = null;
    for (const f of fields) {
      if (!Object.prototype.hasOwnProperty.call(m, f)) continue;
      const v = (m as Values)[f];
      if (old && old[f] === v) continue;
      next ??= { ...old };
      next[f] = v;
    }
    if (!next) continue;
    feed.values.set(id, next);
    changed = true;
  }
  if (!changed) return;
  feed.version++;
  for (const l of [...feed.listeners]) l();
}

function retain(feed: Feed): void {
  feed.users++;
  if (!feeds.has(feed.id)) feeds.set(feed.id, feed);
  if (feed.leave) return;
  feed.leave = subscribeRoom(feed.spec.room, feed.spec.event, (data) => {
    if (Array.isArray(data)) feed.pending.push(...data);
    else feed.pending.push(data);
    if (feed.frame === null) feed.frame = nextFrame(() => apply(feed));
  });
}

/** The last list leaving a feed closes it, unless another list takes it over in the same task (a tab switch). */
function release(feed: Feed): void {
  feed.users--;
  queueMicrotask(() => {
    if (feed.users > 0) return;
    feed.leave?.();
    feed.leave = null;
    if (feed.frame !== null) cancelFrame(feed.frame);
    feed.frame = null;
    feed.pending = [];
    feed.values.clear();
    if (feeds.get(feed.id) === feed) feeds.delete(feed.id);
  });
}

const noFeed = { subscribe: () => () => undefined, version: () => 0 };

/** The rows with their latest live values; without `live`, the rows as given. */
export function useLiveRows<T>(rows: readonly T[], live: ListLive | undefined): readonly T[] {
  const feed = live ? feedFor(live) : null;
  useEffect(() => {
    if (!feed) return undefined;
    retain(feed);
    return () => release(feed);
  }, [feed]);
  const version = useSyncExternalStore(feed ? feed.subscribe : noFeed.subscribe, feed ? feed.getVersion : noFeed.version, noFeed.version);
  // A merged row is reused while neither its row nor its live values changed.
  const merged = useRef(new WeakMap<Values, { base: T; row: T }>());
  return useMemo(() => {
    if (!feed || !feed.values.size) return rows;
    return rows.map((row) => {
      const k = readDotted(row, feed.spec.key);
      const values = k === undefined || k === null ? undefined : feed.values.get(String(k));
      if (!values || !row || typeof row !== 'object') return row;
      const hit = merged.current.get(values);
      if (hit && hit.base === row) return hit.row;
      const next = { ...(row as object), ...values } as T;
      merged.current.set(values, { base: row, row: next });
      return next;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, feed, version]);
}
