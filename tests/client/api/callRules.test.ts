/**
 * @jest-environment node
 *
 * src/client/api/callRules.generated.json is what scripts/gen-call-rules.ts makes of the catalogue today.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RULES_FILE, generateCallRules } from '../../../scripts/gen-call-rules';

test('the generated call rules are up to date (else run npm run gen:call-rules)', () => {
  const committed = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', RULES_FILE), 'utf8');
  if (generateCallRules() !== committed) throw new Error(`${RULES_FILE} is out of date with src/shared/contract: run npm run gen:call-rules`);
});
