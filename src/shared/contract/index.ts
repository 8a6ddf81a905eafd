/**
 * The endpoint catalogue: `ENDPOINTS["POST /user/login"]`. Built from the per-area files; each call of the
 * app is declared once (method, path, auth, request schema, response schema of `message`).
 */
import { authEndpoints } from './auth';
import { contentEndpoints } from './content';
import { kycEndpoints } from './kyc';
import { marketEndpoints } from './market';
import { payeeEndpoints } from './payees';
import { systemEndpoints } from './system';
import { endpointKey, type EndpointKey, type EndpointSpec } from './types';
import { uploadEndpoints } from './upload';
import { userEndpoints } from './user';
import { depositEndpoints, exchangeEndpoints, walletEndpoints } from './wallet';
import { withdrawEndpoints } from './withdraw';

export * from './types';

const all: EndpointSpec[] = [...authEndpoints, ...userEndpoints, ...systemEndpoints, ...contentEndpoints, ...uploadEndpoints, ...marketEndpoints, ...walletEndpoints, ...depositEndpoints, ...exchangeEndpoints, ...withdrawEndpoints, ...kycEndpoints, ...payeeEndpoints];

function build(list: EndpointSpec[]): Record<EndpointKey, EndpointSpec> {
  const out = {} as Record<EndpointKey, EndpointSpec>;
  for (const spec of list) {
    const key = endpointKey(spec);
    if (out[key]) throw new Error(`duplicate endpoint ${key}`);
    out[key] = spec;
  }
  return out;
}

export const ENDPOINTS: Record<EndpointKey, EndpointSpec> = build(all);

/** Looks an endpoint up by `"METHOD /path"` (extra spaces tolerated, method case-insensitive). */
export function findEndpoint(key: string): EndpointSpec | undefined {
  const m = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(key);
  if (!m) return undefined;
  return ENDPOINTS[`${m[1].toUpperCase()} ${m[2]}` as EndpointKey];
}
