/**
 * Revalidation by endpoint, after a call (runtime/callEndpoint.ts) or a private event. Plain SWR entries
 * are found by key; paged lists (useSWRInfinite keeps its pages under one internal key that a key
 * filter cannot reach) subscribe here with their own `mutate`.
 */
import { mutate as globalMutate, type ScopedMutator } from 'swr';
import { createEmitter } from '../platform/events';

const revalidations = createEmitter<Record<string, void>>();

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
  await Promise.all([
    mutate((key: unknown) => Array.isArray(key) && key.some((part) => typeof part === 'string' && endpoints.includes(part))),
    emitRevalidate(endpoints),
  ]);
}
