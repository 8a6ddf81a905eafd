/**
 * Revalidation by endpoint, after a call (runtime/callEndpoint.ts) or a private event. Plain SWR entries
 * are found by key; paged lists (useSWRInfinite keeps its pages under one internal key that a key
 * filter cannot reach) subscribe here with their own `mutate`.
 */
import { mutate as globalMutate, type ScopedMutator } from 'swr';

type Listener = () => unknown;

const listeners = new Map<string, Set<Listener>>();

export function onRevalidate(endpoint: string, fn: Listener): () => void {
  let set = listeners.get(endpoint);
  if (!set) { set = new Set(); listeners.set(endpoint, set); }
  set.add(fn);
  return () => { set.delete(fn); if (!set.size) listeners.delete(endpoint); };
}

export async function emitRevalidate(endpoints: readonly string[]): Promise<void> {
  const calls: unknown[] = [];
  for (const e of endpoints) for (const fn of [...(listeners.get(e) ?? [])]) calls.push(fn());
  await Promise.allSettled(calls);
}

/**
 * Revalidates every SWR entry (plain or infinite) whose key names one of the endpoints: a key is an array
 * whose strings include the endpoints its data comes from (`[endpoint, params]`, or several endpoints).
 * Entries of unmounted screens are marked too, so they ask again when shown.
 */
export async function revalidateEndpoints(endpoints: readonly string[], mutate: ScopedMutator = globalMutate): Promise<void> {
  if (!endpoints.length) return;
  await Promise.all([
    mutate((key: unknown) => Array.isArray(key) && key.some((part) => typeof part === 'string' && endpoints.includes(part))),
    emitRevalidate(endpoints),
  ]);
}
