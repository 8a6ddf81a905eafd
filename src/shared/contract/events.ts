/** Names of socket events (a module of its own: the socket chunk imports it, not the whole contract). */
import { CONFIG_EVENT } from '../config/manifest';

/**
 * What our app sends in the socket's `auth` (beside the token): it subscribes to the market rooms it shows.
 * A socket without it is the platform's app, which never subscribes: it gets every pair's `daymarket`,
 * `market_depth` and `kline` once a second (src/server/realtime/marketRooms.ts).
 */
export const SUBSCRIBER_AUTH = { subscribes: true } as const;

/**
 * The `tickers` room's message: every pair's `daymarket` object in one array, once a market second. A name of
 * our own, because `daymarket` is the platform's and means one pair; one batch costs a phone one message a
 * second instead of one per pair.
 */
export const TICKERS_EVENT = 'tickers';

/**
 * The `trades:<symbol>` room's message: the pair's recent prints (`GET /market/trades`'s rows, newest first)
 * with its `currency_name` and `legal_name`, once a market second. Ours: the platform has no trade feed.
 */
export const TRADES_EVENT = 'market_trades';

/**
 * Private socket events (the user's room): `balance` after anything that changed their balances or money
 * records, `account` after an operator decided on their identity verification, `trade` after an order,
 * position or seconds contract changed (a job's fill or settlement included). The payload names the
 * endpoints to ask again: those whose contract entry lists the event in `refreshOn`. The app's own calls
 * name them too (`changes`): `account` then also covers the user's settings they changed themselves (saved
 * payees, sessions, the watch list), which the server announces to no one.
 */
export const BALANCE_EVENT = 'balance';
export const ACCOUNT_EVENT = 'account';
/** An order filled or was cancelled, a position opened or closed, a seconds contract settled (issue 11). */
export const TRADE_EVENT = 'trade';
/** A job paid a yield, released a principal, settled an investment or allocated a subscription (issue 12). */
export const EARN_EVENT = 'earn';
/** A message reached the user's message centre, or they read one (issue 26). */
export const MESSAGE_EVENT = 'message';
export const PRIVATE_EVENTS = [BALANCE_EVENT, ACCOUNT_EVENT, TRADE_EVENT, EARN_EVENT, MESSAGE_EVENT] as const;
export type PrivateEvent = (typeof PRIVATE_EVENTS)[number];

/**
 * What makes an endpoint's answer stale (`refreshOn`): a private event, or a newly published configuration (the
 * public socket event `config`), for the answers read from it (content, site settings, chains).
 */
export const REFRESH_EVENTS = [...PRIVATE_EVENTS, CONFIG_EVENT] as const;
export type RefreshEvent = (typeof REFRESH_EVENTS)[number];

export interface PrivateEventPayload { refresh: string[] }

/**
 * Live events of the private room, named as the backends of this app family name them (DESIGN.md "Real
 * time"). `lever_trade` comes once a market tick while the user holds open positions: the lever account's
 * summary and a patch of the positions' live fields. `lever_closed` names positions just closed (the app
 * asks again on the `trade` event sent with it).
 */
export const LEVER_TRADE_EVENT = 'lever_trade';
export const LEVER_CLOSED_EVENT = 'lever_closed';
/**
 * Ours: once a market tick while the user has a loan paid out, a patch of each such loan's health (risk rate,
 * the pledge's last price, liquidation price, days left), so the loan screens follow the price without asking.
 */
export const LOAN_HEALTH_EVENT = 'loan_health';
export const LIVE_EVENTS = [LEVER_TRADE_EVENT, LOAN_HEALTH_EVENT] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** A row's live fields, merged into the cached row of the same id (only while it is in `status`, when named). */
export type LiveRow = { id: number; status?: string | number } & Record<string, unknown>;

/**
 * What a live event changes in the answers of `endpoints` (those whose contract entry lists the event in
 * `patchOn`), without asking again: rows merged by id into their lists, and records merged by name.
 */
export interface LivePatch {
  endpoints: string[];
  rows?: LiveRow[];
  records?: Record<string, Record<string, unknown>>;
}

export interface LeverTradePayload {
  available: string; margin: string; profits_total: string; hazard_rate: string; positions: number;
  patch: LivePatch;
}

export interface LeverClosedPayload { id: number[] }

export interface LoanHealthPayload { patch: LivePatch }
