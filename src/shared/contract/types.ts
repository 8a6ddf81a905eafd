/**
 * The endpoint catalogue: every call of SPEC section 7 is declared once here, and both the server
 * (route registration, request validation) and the client (screen lint, typed calls) read it.
 */
import type { LiveEvent, PrivateEvent, RefreshEvent } from './events';

export type HttpMethod = 'GET' | 'POST';

/** A JSON Schema object (draft-07 subset that ajv understands). Kept loose on purpose. */
export type JsonSchema = { [key: string]: unknown };

export interface EndpointSpec {
  method: HttpMethod;
  path: string;
  /** true when the call needs a logged-in user (Authorization header with a valid token). */
  auth: boolean;
  /** Schema of the request fields (query for GET, form body for POST), without the `lang` field. */
  request?: JsonSchema;
  /** Schema of the `message` of a successful envelope. */
  response?: JsonSchema;
  /** Short description for the catalogue reader. */
  summary: string;
  /**
   * Message keys of request validation failures by `"<field>.<keyword>"` (like a form file's `messages`),
   * tried before the generic `error.<keyword>` texts.
   */
  messages?: Record<string, string>;
  /**
   * Moves money: accepts an `Idempotency-Key` header; a repeat with the same key gets the first answer,
   * the same key with a different request is refused.
   */
  idempotent?: boolean;
  /**
   * Private socket events after which the app asks this endpoint again (its answer shows what they change), and
   * `config` for an answer read from the served configuration (a newly published one makes it stale).
   */
  refreshOn?: readonly RefreshEvent[];
  /**
   * What a successful call changes, named by the private events that announce such a change: right after
   * it, the app asks again every endpoint whose `refreshOn` lists one of them (the socket's event may come
   * later, or not at all while it is down), so no screen lists what to refresh.
   */
  changes?: readonly PrivateEvent[];
  /** Live socket events whose patch the app merges into this endpoint's cached answer (events.ts `LivePatch`). */
  patchOn?: readonly LiveEvent[];
  /**
   * Other names the platform's app sends a field under, on some of its screens: wire name -> the field's
   * name in `request` (`/user/forget` takes `account` for `user_string` from the password page). Renamed
   * before anything reads the request, so every rule sees one name.
   */
  aliases?: Readonly<Record<string, string>>;
  /** `data`: the answer travels in the envelope's top-level `data`, not `message` (the platform's K-line). */
  answerIn?: 'data';
  /**
   * The platform's app shows the `message` of this call's answer to the user: it is this message key's text,
   * in the request's language, and the answer (the record made) travels in the envelope's `data`.
   */
  confirm?: string;
  /** The platform's app also calls it at this path outside `/api` (the upload at the site root's `/upload`). */
  alsoAt?: `/${string}`;
}

/**
 * `"METHOD /path"`: the way screens and code name an endpoint. Any such name; a key of the catalogue is
 * an `EndpointKey` (index.ts), which typed code uses.
 */
export type EndpointName = `${HttpMethod} /${string}`;

export function endpointKey(e: Pick<EndpointSpec, 'method' | 'path'>): EndpointName {
  return `${e.method} ${e.path}` as EndpointName;
}

/** The response envelope of SPEC sections 7 and 8. */
export type Envelope<T = unknown> =
  | { type: 'ok'; message: T; code?: number }
  | { type: 'error' | '999' | '998' | string; message: string; code?: number; /** The request field a refusal is about (an extra). */ field?: string };

/** A passed envelope of an endpoint whose answer travels in `data` (EndpointSpec.answerIn, confirm): `message` is then a text or absent. */
export interface DataEnvelope<T = unknown> { type: 'ok'; data: T; message?: string; code?: number }

/** The answer of a passed envelope: its `data` for an endpoint whose answer travels there, else its `message`. */
export function answerOf(body: { message?: unknown; data?: unknown }): unknown {
  return 'data' in body ? body.data : body.message;
}

/** Paged lists travel inside `message` as this shape. */
export interface Page<T> { data: T[]; page: number; limit: number; total: number }
