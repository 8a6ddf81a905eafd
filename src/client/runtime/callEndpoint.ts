/**
 * The one way the app calls an endpoint for the user (a screen's `call` action, a form's submit, a list's
 * follow star). It reads the catalogue's rule for the endpoint (api/callRules.ts):
 * - an idempotent endpoint gets an Idempotency-Key, one per user intent: the same payload sent again to
 *   the same endpoint (a retry after a lost answer, a second tap) reuses it until a call of it succeeds, so
 *   the money moves once;
 * - after a success it asks again what the call changed (`changes` -> the endpoints whose `refreshOn` lists
 *   those events), so no screen or form lists what to refresh.
 */
import type { ScopedMutator } from 'swr';
import { CALL_RULES, REFRESHED_BY } from '../api/callRules';
import { newIdempotencyKey, requestByName, type RequestOptions } from '../api/request';
import { revalidateEndpoints } from '../state/revalidate';

export interface CallOptions extends Omit<RequestOptions, 'idempotencyKey'> {
  /** The SWR cache's mutate (from useSWRConfig); the global one when absent. */
  mutate?: ScopedMutator;
}

/** The keys of the intents not yet known to have succeeded, by endpoint and payload. */
const pendingIntents = new Map<string, string>();

export async function callEndpoint(endpoint: string, input: Record<string, unknown> = {}, options: CallOptions = {}): Promise<unknown> {
  const { mutate, ...requestOptions } = options;
  const rule = CALL_RULES[endpoint];
  const intent = rule?.idempotent ? JSON.stringify([endpoint, input]) : '';
  let idempotencyKey: string | undefined;
  if (intent) {
    idempotencyKey = pendingIntents.get(intent) ?? newIdempotencyKey();
    pendingIntents.set(intent, idempotencyKey);
  }
  const answer = await requestByName(endpoint, input, idempotencyKey ? { ...requestOptions, idempotencyKey } : requestOptions);
  if (intent) pendingIntents.delete(intent);
  if (rule?.changes) await revalidateEndpoints([...new Set(rule.changes.flatMap((event) => REFRESHED_BY[event]))], mutate);
  return answer;
}
