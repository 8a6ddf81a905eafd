/**
 * `npm run gen:call-rules`: writes src/client/api/callRules.generated.ts, what the app needs of the endpoint
 * catalogue to make a call (src/shared/contract/refresh.ts `callRules`): the catalogue itself, with every
 * schema, is the server's and the lint's, too large for the app's bundle.
 * tests/client/api/callRules.test.ts fails when the committed file differs.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENDPOINTS } from '../src/shared/contract';
import { PRIVATE_EVENTS } from '../src/shared/contract/events';
import { callRules, refreshedBy } from '../src/shared/contract/refresh';

export const RULES_FILE = 'src/client/api/callRules.generated.ts';

export function generateCallRules(): string {
  const specs = Object.values(ENDPOINTS);
  const rules = Object.entries(callRules(specs)).map(([endpoint, rule]) => `  '${endpoint}': ${JSON.stringify(rule)},`);
  const refreshed = PRIVATE_EVENTS.map((event) => `  ${event}: ${JSON.stringify(refreshedBy([event], specs))},`);
  return `/**
 * GENERATED FILE: do not edit. What a call sends and refreshes, by endpoint, generated from the catalogue
 * (src/shared/contract: \`idempotent\`, \`changes\` and \`refreshOn\`) by scripts/gen-call-rules.ts. After
 * changing those, run \`npm run gen:call-rules\`; tests/client/api/callRules.test.ts fails while this file is out of date.
 */
import type { PrivateEvent } from '../../shared/contract/events';
import type { EndpointName } from '../../shared/contract/types';
import type { CallRule } from '../../shared/contract/refresh';

export const CALL_RULES: Readonly<Record<string, CallRule>> = {
${rules.join('\n')}
};

/** The endpoints whose answers each private event makes stale (their \`refreshOn\` lists it). */
export const REFRESHED_BY: Readonly<Record<PrivateEvent, readonly EndpointName[]>> = {
${refreshed.join('\n')}
};
`;
}

if (require.main === module) writeFileSync(resolve(__dirname, '..', RULES_FILE), generateCallRules());
