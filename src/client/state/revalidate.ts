/**
 * Revalidation by endpoint, after a call (runtime/callEndpoint.ts), a private event or a new configuration.
 * Plain SWR entries are found by key; paged lists (useSWRInfinite keeps its pages under one internal key that a
 * key filter cannot reach) subscribe here with their own `mutate` while on screen, and a list shown again later
 * asks whether its first page arrived before its endpoint became stale (`arrivedBeforeStale`).
 */
import { mutate as globalMutate, type ScopedMutator } from 'swr';
import { createEmitter } from '../platform/events';

const revalidations = createEmitter<Record<string, void>>();

/** The order of events below: answers arriving and endpoints becoming stale (only their order matters). */
let clock = 0;
const staleSince = new Map<string, number>();
const arrivedAt = new WeakMap<object, number>();

/** Records when an answer arrived (a paged list's fetcher passes each page through). */
export function noteArrived<T>(answer: T): T {
  if (answer && typeof answer === 'object') arrivedAt.set(answer, ++clock);
  return answer;
}

/**
 * Whether `answer` (a cached page of `endpoint`, kept by a list that was not on screen) arrived before the
 * endpoint last became stale: an answer of unknown age (a prefetched one) counts as older.
 */
export function arrivedBeforeStale(endpoint: string, answer: unknown): boolean {
  const since = staleSince.get(endpoint);
  if (since === undefined || !answer || typeof answer !== 'object') return false;
  return (arrivedAt.get(answer) ?? 0) < since;
}

export function onRevalidate(endpoint: string, fn: () => unknown): () => void {
  return revalidations.on(endpoint, fn);
}

export async function emitRevalidate(endpoints: readonly string[]): Promise<void> {
  await Promise.allSettled(endpoints.flatMap((e) => revalidations.emit(e, undefined)));
}

/**
 * Revalidates every SWR entry (plain or infinite) whose key names one of the endpoints: a key is an array
 * whose strings include the endpoints its data comes from (`[endpoint, params]`, or several endpoints).
 * Entries of unmounted screens are marked too, so they ask again when shown.
 */
export async function revalidateEndpoints(endpoints: readonly string[], mutate: ScopedMutator = globalMutate): Promise<void> {
  if (!endpoints.length) return;
  for (const endpoint of endpoints) staleSince.set(endpoint, ++clock);
  await Promise.all([
    mutate((key: unknown) => Array.isArray(key) && key.some((part) => typeof part === 'string' && endpoints.includes(part))),
    emitRevalidate(endpoints),
  ]);
}
