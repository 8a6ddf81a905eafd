/**
 * What the request layer tells the rest of the app. It shows nothing and navigates nowhere itself: the
 * shell (shell/connectRequests.ts) turns these into the loading indicator, toasts and redirects.
 */
import { createEmitter } from '../platform/events';
import type { ApiError } from './request';

export interface RequestEvents {
  /** A call that wants the loading indicator started; `loadingStopped` with the same id follows once it settled. */
  loadingStarted: { id: number };
  loadingStopped: { id: number };
  /** Answer 999: the session is over. `message` is the server's, already localised. */
  sessionExpired: { message: string };
  /** Answer 998: the user must verify their identity first. */
  verificationNeeded: { message: string };
  /**
   * Any other failure (an error answer, HTTP, network, timeout, an unreadable answer); `error.message` is
   * localised. `silent` calls (SWR fetches, launch tasks) asked for it not to be shown.
   */
  failed: { error: ApiError; silent: boolean };
}

export const requestEvents = createEmitter<RequestEvents>();
