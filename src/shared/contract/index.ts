/**
 * The endpoint catalogue: `ENDPOINTS["POST /user/login"]`. Built from the per-area files; each call of the
 * app is declared once (method, path, auth, request schema, response schema of `message`), and the types
 * of its request and answer are derived from those schemas (json-schema-to-ts): `RequestOf<K>`,
 * `ResponseOf<K>` for a key `K` of the catalogue (`EndpointKey`; an unknown key does not compile).
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { authEndpoints } from './auth';
import { endpoints } from './common';
import { contentEndpoints } from './content';
import { kycEndpoints } from './kyc';
import { leverEndpoints } from './lever';
import { fiatEndpoints } from './fiat';
import { messageEndpoints } from './messages';
import { loanEndpoints } from './loan';
import { marketEndpoints } from './market';
import { miningEndpoints } from './mining';
import { dualEndpoints } from './dual';
import { ieoEndpoints } from './ieo';
import { financialEndpoints } from './financial';
import { payeeEndpoints } from './payees';
import { referralEndpoints } from './referral';
import { couponEndpoints } from './coupon';
import { vipEndpoints } from './vip';
import { secondsEndpoints } from './seconds';
import { spotEndpoints } from './spot';
import { systemEndpoints } from './system';
import { endpointKey, type EndpointName, type EndpointSpec } from './types';
import { uploadEndpoints } from './upload';
import { userEndpoints } from './user';
import { depositEndpoints, exchangeEndpoints, walletEndpoints } from './wallet';
import { withdrawEndpoints } from './withdraw';

export * from './types';

const all = endpoints([
  ...authEndpoints, ...userEndpoints, ...systemEndpoints, ...contentEndpoints, ...uploadEndpoints, ...marketEndpoints,
  ...walletEndpoints, ...depositEndpoints, ...exchangeEndpoints, ...withdrawEndpoints, ...kycEndpoints, ...payeeEndpoints,
  ...spotEndpoints, ...leverEndpoints, ...secondsEndpoints, ...miningEndpoints, ...dualEndpoints, ...ieoEndpoints, ...financialEndpoints,
  ...loanEndpoints,
  ...fiatEndpoints,
  ...messageEndpoints,
  ...referralEndpoints,
  ...couponEndpoints,
  ...vipEndpoints,
]);

type Catalogue = (typeof all)[number];

type KeyOf<S> = S extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** `"METHOD /path"` of an endpoint of the catalogue. */
export type EndpointKey = KeyOf<Catalogue>;

type MethodOf<K extends string> = K extends `${infer M} ${string}` ? M : never;
type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;

/** The declaration of endpoint `K`. */
export type SpecOf<K extends EndpointKey> = Extract<Catalogue, { method: MethodOf<K>; path: PathOf<K> }>;

type Derived<S, Options extends { keepDefaultedPropertiesOptional: boolean }, Absent> =
  S extends JSONSchema ? FromSchema<S, Options> : Absent;

/** What the app sends to `K` (fields with a default may be left out; `lang` is added by the request layer). */
export type RequestOf<K extends EndpointKey> = SpecOf<K> extends { request: infer S }
  ? Derived<S, { keepDefaultedPropertiesOptional: true }, Record<string, never>>
  : Record<string, never>;

/** What a handler of `K` receives: as sent, with defaults filled in by validation. */
export type InputOf<K extends EndpointKey> = SpecOf<K> extends { request: infer S }
  ? Derived<S, { keepDefaultedPropertiesOptional: false }, Record<string, never>>
  : Record<string, never>;

/** The `message` of an `ok` answer of `K` (null when the endpoint declares no response). */
export type ResponseOf<K extends EndpointKey> = SpecOf<K> extends { response: infer S }
  ? Derived<S, { keepDefaultedPropertiesOptional: false }, unknown>
  : null;

function build(list: readonly EndpointSpec[]): Record<EndpointKey, EndpointSpec> {
  const out: Partial<Record<EndpointName, EndpointSpec>> = {};
  for (const spec of list) {
    const key = endpointKey(spec);
    if (out[key]) throw new Error(`duplicate endpoint ${key}`);
    out[key] = spec;
  }
  return out as Record<EndpointKey, EndpointSpec>;
}

export const ENDPOINTS: Record<EndpointKey, EndpointSpec> = build(all);

/** Whether `name` is a key of the catalogue. */
export function isEndpointKey(name: string): name is EndpointKey {
  return Object.prototype.hasOwnProperty.call(ENDPOINTS, name);
}

/** Looks an endpoint up by `"METHOD /path"` (extra spaces tolerated, method case-insensitive). */
export function findEndpoint(key: string): EndpointSpec | undefined {
  const m = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(key);
  if (!m) return undefined;
  const name = `${m[1].toUpperCase()} ${m[2]}`;
  return isEndpointKey(name) ? ENDPOINTS[name] : undefined;
}
