/**
 * Live events of the private room (`lever_trade`) carry a patch: rows merged by id into the cached answers of
 * the endpoints it names, and records merged by name (`totals`), without asking the server again. Plain SWR
 * entries are found by key; paged lists subscribe here with their own `mutate` (as in revalidate.ts).
 */
import type { Socket } from 'socket.io-client';
import { mutate as globalMutate, type ScopedMutator } from 'swr';
import { LIVE_EVENTS, type LivePatch, type LiveRow } from '../../shared/contract/events';

type Listener = (patch: LivePatch) => unknown;

const listeners = new Map<string, Set<Listener>>();

export function onLivePatch(endpoint: string, fn: Listener): () => void {
  let set = listeners.get(endpoint);
  if (!set) { set = new Set(); listeners.set(endpoint, set); }
  set.add(fn);
  return () => { set.delete(fn); if (!set.size) listeners.delete(endpoint); };
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
  const calls: unknown[] = [
    mutate((key: unknown) => Array.isArray(key) && key.some((part) => typeof part === 'string' && endpoints.includes(part)),
      (data: unknown) => (data === undefined ? data : mergeLive(data, patch)), { revalidate: false }),
  ];
  for (const e of endpoints) for (const fn of [...(listeners.get(e) ?? [])]) calls.push(fn(patch));
  await Promise.allSettled(calls);
}

export function attachLivePatches(socket: Pick<Socket, 'on'>): void {
  for (const event of LIVE_EVENTS) {
    socket.on(event, (payload: unknown) => {
      const patch = patchOf(payload);
      if (patch) void applyLivePatch(patch);
    });
  }
}
