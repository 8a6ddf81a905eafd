/** Names of socket events (a module of its own: the socket chunk imports it, not the whole contract). */

/**
 * Private socket events (the user's room): `balance` after anything that changed their balances or money
 * records (payload `{}`: refetch), `account` after an operator decided on their identity verification.
 */
export const BALANCE_EVENT = 'balance';
export const ACCOUNT_EVENT = 'account';
