/**
 * What the app's calls send and refresh, as the catalogue says (`idempotent`, `changes`, `refreshOn`):
 * callRules.generated.json, written by `npm run gen:call-rules` (scripts/gen-call-rules.ts), typed here.
 */
import type { RefreshEvent } from '../../shared/contract/events';
import type { CallRule } from '../../shared/contract/refresh';
import type { EndpointName } from '../../shared/contract/types';
import rules from './callRules.generated.json';

/** The rule of every endpoint with one (idempotent, or changing something), by `"METHOD /path"`. */
export const CALL_RULES = rules.calls as Readonly<Record<string, CallRule>>;

/** The endpoints whose answers each private event, or a new configuration, makes stale (their `refreshOn` lists it). */
export const REFRESHED_BY = rules.refreshedBy as Readonly<Record<RefreshEvent, readonly EndpointName[]>>;
