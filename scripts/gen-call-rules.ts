/**
 * `npm run gen:call-rules`: writes src/client/api/callRules.generated.json, what the app needs of the endpoint
 * catalogue to make a call (src/shared/contract/refresh.ts): which endpoints take an Idempotency-Key and
 * which private events each call changes, and which endpoints each event (or a new configuration) makes stale. The catalogue itself,
 * with every schema, is the server's and the lint's, too large for the app's bundle; api/callRules.ts types
 * the table. tests/client/api/callRules.test.ts fails when the committed file differs.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENDPOINTS } from '../src/shared/contract';
import { REFRESH_EVENTS } from '../src/shared/contract/events';
import { callRules, refreshedBy } from '../src/shared/contract/refresh';

export const RULES_FILE = 'src/client/api/callRules.generated.json';

export function generateCallRules(): string {
  const specs = Object.values(ENDPOINTS);
  const refreshed = Object.fromEntries(REFRESH_EVENTS.map((event) => [event, refreshedBy([event], specs)]));
  return `${JSON.stringify({ calls: callRules(specs), refreshedBy: refreshed }, null, 2)}\n`;
}

if (require.main === module) writeFileSync(resolve(__dirname, '..', RULES_FILE), generateCallRules());
