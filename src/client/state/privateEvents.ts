/**
 * Events of the user's private socket room: the server says what changed and which endpoints show it
 * (`{ refresh }`, from the contract's `refreshOn`), and the app asks those again (SWR entries and paged
 * lists) instead of polling.
 */
import type { Socket } from 'socket.io-client';
import { PRIVATE_EVENTS, type PrivateEventPayload } from '../../shared/contract/events';
import { revalidateEndpoints } from './revalidate';

function endpointsOf(payload: unknown): string[] {
  const refresh = (payload as Partial<PrivateEventPayload> | null)?.refresh;
  return Array.isArray(refresh) ? refresh.filter((e): e is string => typeof e === 'string') : [];
}

export function attachPrivateEvents(socket: Pick<Socket, 'on'>): void {
  for (const event of PRIVATE_EVENTS) socket.on(event, (payload: unknown) => { void revalidateEndpoints(endpointsOf(payload)); });
}
