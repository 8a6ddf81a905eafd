/**
 * Live values, one mechanism for every live thing on screen (DESIGN "Real time"):
 * - feeds of a public room (`tickers`): each row's live fields by its key, merged into the rows a widget
 *   shows (a list section's `live`, the pair detail's quotes). One feed per room, event, key and fields is
 *   shared by everything using it (the home's ranking tabs, the market tab's categories), so switching tabs
 *   keeps the latest values and the room subscription. Messages arriving within one animation frame are
 *   applied together; a row object changes only when one of its live fields did, so memoised rows skip the
 *   others. A list may take its rows settled (`settleMs`: merged at most that often, for its order) while
 *   each row's cells follow every tick through `useLiveRow`, writing their texts without a render.
 * - patches of the private room (`lever_trade`): rows merged by id into the cached answers of the endpoints
 *   the patch names, and records merged by name (`totals`), without asking the server again. Plain SWR
 *   entries are found by key; paged lists subscribe here with their own `mutate` (onLivePatch).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { mutate as globalMutate, type ScopedMutator } from 'swr';
import { LIVE_EVENTS, type LivePatch, type LiveRow } from '../../shared/contract/events';
import { readDotted } from '../../shared/screens/expression';
import { createEmitter } from '../platform/events';
import { subscribeRoom } from './rooms';

/** Which room and event a feed listens to, the field naming a row (dotted), and the fields that are live. */
export interface LiveFeedSpec { room: string; event: string; key: string; fields: readonly string[] }

type Values = Record<string, unknown>;

interface Feed {
  id: string;
  spec: LiveFeedSpec;
  /** Latest live values per row key. */
  values: Map<string, Values>;
  version: number;
  listeners: Set<() => void>;
  /** Per row key: what follows that row's every change (useLiveRow). */
  rowListeners: Map<string, Set<(values: Values) => void>>;
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

function feedFor(spec: LiveFeedSpec): Feed {
  const id = [spec.room, spec.event, spec.key, spec.fields.join(',')].join('\u0000');
  let feed = feeds.get(id);
  if (!feed) {
    const listeners = new Set<() => void>();
    const created: Feed = {
      id, spec, values: new Map(), version: 0, listeners, rowListeners: new Map(), users: 0, leave: null, pending: [], frame: null,
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
  const changed = new Set<string>();
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
    changed.add(id);
  }
  if (!changed.size) return;
  feed.version++;
  for (const id of changed) {
    const values = feed.values.get(id)!;
    for (const l of [...(feed.rowListeners.get(id) ?? [])]) l(values);
  }
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

/** The last user leaving a feed closes it, unless another takes it over in the same task (a tab switch). */
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

/** The feed `live` names, held open while the component using it is on screen. */
function useFeed(live: LiveFeedSpec | undefined): Feed | null {
  const feed = live ? feedFor(live) : null;
  useEffect(() => {
    if (!feed) return undefined;
    retain(feed);
    return () => release(feed);
  }, [feed]);
  return feed;
}

/**
 * The feed's version as a list sees it: every change, or with `settleMs` the latest version at most that often
 * (the version seen only moves when the timer fires, so a render in between sees the same one).
 */
function settledVersion(feed: Feed, settleMs: number): { subscribe: (l: () => void) => () => void; getVersion: () => number } {
  if (!settleMs) return feed;
  let seen = feed.version;
  return {
    subscribe: (l) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const off = feed.subscribe(() => {
        timer ??= setTimeout(() => { timer = undefined; seen = feed.version; l(); }, settleMs);
      });
      return () => { off(); clearTimeout(timer); };
    },
    getVersion: () => seen,
  };
}

/**
 * The rows with their latest live values; without a feed, the rows as given. With `settleMs` a tick renders the
 * list at most that often (a list's order), while its cells follow each tick with {@link useLiveRow}; a render
 * for another reason (a sort chosen, a search) takes the latest values too.
 */
export function useLiveRows<T>(rows: readonly T[], live: LiveFeedSpec | undefined, settleMs = 0): readonly T[] {
  const feed = useFeed(live);
  const source = useMemo(() => (feed ? settledVersion(feed, settleMs) : null), [feed, settleMs]);
  useSyncExternalStore(source ? source.subscribe : noFeed.subscribe, source ? source.getVersion : noFeed.version, noFeed.version);
  // Any render takes the latest values (a sort chosen orders by what the cells show); settling only spaces the renders.
  const version = feed?.version;
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

/**
 * One row's live values: the latest when the component renders, and `onTick(values)` on each change after, in
 * the animation frame that applies it and without a render (a live cell writing its own text).
 */
export function useLiveRow(live: LiveFeedSpec | undefined, key: unknown, onTick: (values: Values) => void): Values | undefined {
  const feed = useFeed(live);
  const id = key === undefined || key === null ? undefined : String(key);
  const latest = useRef(onTick);
  latest.current = onTick;
  useEffect(() => {
    if (!feed || id === undefined) return undefined;
    const listener = (values: Values) => latest.current(values);
    let set = feed.rowListeners.get(id);
    if (!set) feed.rowListeners.set(id, set = new Set());
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && feed.rowListeners.get(id) === set) feed.rowListeners.delete(id);
    };
  }, [feed, id]);
  return feed && id !== undefined ? feed.values.get(id) : undefined;
}

const patches = createEmitter<Record<string, LivePatch>>();

/** Listens to the patches naming `endpoint` (a paged list merging them into its pages) until the returned function is called. */
export function onLivePatch(endpoint: string, fn: (patch: LivePatch) => unknown): () => void {
  return patches.on(endpoint, fn);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The patch in a payload, or undefined when it is malformed (nothing is merged then). */
export function patchOf(payload: unknown): LivePatch | undefined {
  const patch = isRecord(payload) ? payload.patch : undefined;
  if (!isRecord(patch) || !Array.isArray(patch.endpoints) || !patch.endpoints.every((e) => typeof e === 'string')) return undefined;
  const rows = Array.isArray(patch.rows) ? patch.rows.filter((r): r is LiveRow => isRecord(r) && typeof r.id === 'number') : undefined;
  const records = isRecord(patch.records) ? Object.fromEntries(Object.entries(patch.records).filter(([, v]) => isRecord(v))) as LivePatch['records'] : undefined;
  return { endpoints: patch.endpoints as string[], rows, records };
}

/**
 * `value` with the patch merged: a row (an object with an `id` the patch names) takes the patch's fields,
 * unless the patch names a `status` the row is no longer in; a property named in `records` takes the
 * record's fields; arrays and nested objects are walked. Unchanged parts keep their identity.
 */
export function mergeLive<T>(value: T, patch: LivePatch, depth = 0): T {
  if (depth > 4) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => { const m = mergeLive(v, patch, depth + 1); changed ||= m !== v; return m; });
    return (changed ? next : value) as T;
  }
  if (!isRecord(value)) return value;
  const row = typeof value.id === 'number' ? patch.rows?.find((r) => r.id === value.id) : undefined;
  if (row) return (row.status === undefined || row.status === value.status ? { ...value, ...row } : value) as T;
  let out: Record<string, unknown> | undefined;
  for (const [key, v] of Object.entries(value)) {
    const record = patch.records?.[key];
    const m = record && isRecord(v) ? { ...v, ...record } : mergeLive(v, patch, depth + 1);
    if (m !== v) { out ??= { ...value }; out[key] = m; }
  }
  return (out ?? value) as T;
}

export async function applyLivePatch(patch: LivePatch, mutate: ScopedMutator = globalMutate): Promise<void> {
  const { endpoints } = patch;
  if (!endpoints.length) return;
  await Promise.allSettled([
    mutate((key: unknown) => Array.isArray(key) && key.some((part) => typeof part === 'string' && endpoints.includes(part)),
      (data: unknown) => (data === undefined ? data : mergeLive(data, patch)), { revalidate: false }),
    ...endpoints.flatMap((e) => patches.emit(e, patch)),
  ]);
}

export function attachLivePatches(socket: Pick<Socket, 'on'>): void {
  for (const event of LIVE_EVENTS) {
    socket.on(event, (payload: unknown) => {
      const patch = patchOf(payload);
      if (patch) void applyLivePatch(patch);
    });
  }
}
