/** Names of socket events (a module of its own: the socket chunk imports it, not the whole contract). */

/**
 * Private socket events (the user's room): `balance` after anything that changed their balances or money
 * records, `account` after an operator decided on their identity verification. The payload names the
 * endpoints to ask again: those whose contract entry lists the event in `refreshOn`.
 */
export const BALANCE_EVENT = 'balance';
export const ACCOUNT_EVENT = 'account';
export const PRIVATE_EVENTS = [BALANCE_EVENT, ACCOUNT_EVENT] as const;
export type PrivateEvent = (typeof PRIVATE_EVENTS)[number];

export interface PrivateEventPayload { refresh: string[] }
