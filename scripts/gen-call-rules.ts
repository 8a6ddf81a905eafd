/**
 * `npm run gen:call-rules`: writes src/client/api/callRules.generated.ts, what the app needs of the endpoint
 * catalogue to make a call (src/shared/contract/refresh.ts `callRules`): the catalogue itself, with every
 * schema, is the server's and the lint's, too large for the app's bundle.
 * tests/client/api/callRules.test.ts fails when the committed file differs.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENDPOINTS } from '../src/shared/contract';
import { callRules } from '../src/shared/contract/refresh';

export const RULES_FILE = 'src/client/api/callRules.generated.ts';

export function generateCallRules(): string {
  const rules = Object.entries(callRules(Object.values(ENDPOINTS))).map(([endpoint, rule]) => `  '${endpoint}': ${JSON.stringify(rule)},`);
  return `/**
 * GENERATED FILE: do not edit. What a call sends and refreshes, by endpoint, generated from the catalogue
 * (src/shared/contract: \`idempotent\`, \`changes\` and \`refreshOn\`) by scripts/gen-call-rules.ts. After
 * changing those, run \`npm run gen:call-rules\`; tests/client/api/callRules.test.ts fails while this file is out of date.
 */
import type { CallRule } from '../../shared/contract/refresh';

export const CALL_RULES: Readonly<Record<string, CallRule>> = {
${rules.join('\n')}
};
`;
}

if (require.main === module) writeFileSync(resolve(__dirname, '..', RULES_FILE), generateCallRules());
