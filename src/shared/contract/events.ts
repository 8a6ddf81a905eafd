/** Names of socket events (a module of its own: the socket chunk imports it, not the whole contract). */

/**
 * Private socket events (the user's room): `balance` after anything that changed their balances or money
 * records, `account` after an operator decided on their identity verification, `trade` after an order,
 * position or seconds contract changed (a job's fill or settlement included). The payload names the
 * endpoints to ask again: those whose contract entry lists the event in `refreshOn`.
 */
export const BALANCE_EVENT = 'balance';
export const ACCOUNT_EVENT = 'account';
/** An order filled or was cancelled, a position opened or closed, a seconds contract settled (issue 11). */
export const TRADE_EVENT = 'trade';
export const PRIVATE_EVENTS = [BALANCE_EVENT, ACCOUNT_EVENT, TRADE_EVENT] as const;
export type PrivateEvent = (typeof PRIVATE_EVENTS)[number];

export interface PrivateEventPayload { refresh: string[] }
