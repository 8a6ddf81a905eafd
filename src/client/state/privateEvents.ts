/**
 * Events of the user's private socket room: the server says what changed, the app refetches those data
 * (SWR entries and paged lists by endpoint) instead of polling.
 */
import type { Socket } from 'socket.io-client';
import { ACCOUNT_EVENT, BALANCE_EVENT } from '../../shared/contract/events';
import { revalidateEndpoints } from './revalidate';

/** What shows balances or money records. */
export const BALANCE_ENDPOINTS = [
  'POST /wallet/list', 'POST /wallet/detail', 'POST /wallet/legal_log', 'GET /wallet/hzhistory', 'GET /recharge/log',
  'GET /user/withdraw/list', 'GET /currency/user_currency_list', 'POST /wallet/out_info',
] as const;
/** What shows the account's identity level. */
export const ACCOUNT_ENDPOINTS = ['GET /user/info', 'GET /real/state', 'POST /wallet/out_info'] as const;

export function attachPrivateEvents(socket: Pick<Socket, 'on'>): void {
  socket.on(BALANCE_EVENT, () => { void revalidateEndpoints(BALANCE_ENDPOINTS); });
  socket.on(ACCOUNT_EVENT, () => { void revalidateEndpoints(ACCOUNT_ENDPOINTS); });
}
