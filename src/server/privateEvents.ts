/**
 * What a private event tells the user's apps to ask again: every served endpoint whose contract entry
 * lists the event in `refreshOn` (computed once; the app keeps no list of its own).
 */
import type { EndpointSpec } from '../shared/contract';
import { refreshedBy } from '../shared/contract/refresh';
import { PRIVATE_EVENTS, type PrivateEvent, type PrivateEventPayload } from '../shared/contract/events';
import type { Realtime } from './realtime';

export type Tell = (userId: number, event: PrivateEvent) => void;

export function privateEvents(realtime: Realtime, specs: readonly EndpointSpec[]): Tell {
  const payloads = Object.fromEntries(PRIVATE_EVENTS.map((event) => [event, {
    refresh: refreshedBy([event], specs),
  } satisfies PrivateEventPayload])) as Record<PrivateEvent, PrivateEventPayload>;
  return (userId, event) => realtime.toUser(userId, event, payloads[event]);
}
