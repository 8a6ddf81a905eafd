/**
 * @jest-environment node
 *
 * src/client/runtime/screen.generated.ts is what scripts/gen-screen-types.ts makes of
 * screens/screen.schema.json today.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_FILE, TYPES_FILE, generateScreenTypes } from '../../../scripts/gen-screen-types';

// json-schema-to-typescript loads prettier, whose CommonJS entry imports its ES module as it loads, which
// jest cannot do; the generator never formats with it (it lays the code out with TypeScript's printer).
jest.mock('prettier', () => ({}));

test('the generated screen types are up to date (else run npm run gen:screen-types)', async () => {
  const committed = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', TYPES_FILE), 'utf8');
  const fresh = await generateScreenTypes();
  if (fresh !== committed) throw new Error(`${TYPES_FILE} is out of date with ${SCHEMA_FILE}: run npm run gen:screen-types`);
});
