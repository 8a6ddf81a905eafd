/**
 * Which answers a change makes stale, read from the catalogue: a private event makes stale every endpoint
 * whose `refreshOn` lists it, and a call whatever the events of its `changes` do. The server's private
 * events and the app's calls both ask here, so an endpoint's freshness is declared once.
 */
import type { PrivateEvent, RefreshEvent } from './events';
import { endpointKey, type EndpointName, type EndpointSpec } from './types';

/** The endpoints whose answers an event makes stale (catalogue order). */
export function refreshedBy(events: readonly RefreshEvent[], specs: readonly EndpointSpec[]): EndpointName[] {
  return specs.filter((s) => s.refreshOn?.some((e) => events.includes(e))).map(endpointKey);
}

/** What the app needs to know about a call: whether it sends an Idempotency-Key, and what it changes. */
export interface CallRule {
  idempotent?: true;
  changes?: readonly PrivateEvent[];
}

/** The rule of every endpoint with one (idempotent, or `changes` something), by `"METHOD /path"`. */
export function callRules(specs: readonly EndpointSpec[]): Record<string, CallRule> {
  const rules: Record<string, CallRule> = {};
  for (const spec of specs) {
    if (!spec.idempotent && !spec.changes?.length) continue;
    rules[endpointKey(spec)] = { ...(spec.idempotent ? { idempotent: true } : {}), ...(spec.changes?.length ? { changes: spec.changes } : {}) };
  }
  return rules;
}
