/**
 * @jest-environment node
 *
 * screens/screen.schema.json and src/client/runtime/screen.generated.ts are what scripts/gen-screen-types.ts
 * makes of the section types (src/shared/sections) today.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_FILE, TYPES_FILE, generateScreenSchema, generateScreenTypes } from '../../../scripts/gen-screen-types';

// json-schema-to-typescript loads prettier, whose CommonJS entry imports its ES module as it loads, which
// jest cannot do; the generator never formats with it (it lays the code out with TypeScript's printer).
jest.mock('prettier', () => ({}));

const committed = (file: string) => fs.readFileSync(path.resolve(__dirname, '..', '..', '..', file), 'utf8');

test('screens/screen.schema.json is the meta-schema the section types compose (else run npm run gen:screen-types)', () => {
  if (generateScreenSchema() !== committed(SCHEMA_FILE)) throw new Error(`${SCHEMA_FILE} is out of date with src/shared/sections: run npm run gen:screen-types`);
});

test('the generated screen types are up to date (else run npm run gen:screen-types)', async () => {
  const fresh = await generateScreenTypes();
  if (fresh !== committed(TYPES_FILE)) throw new Error(`${TYPES_FILE} is out of date with ${SCHEMA_FILE}: run npm run gen:screen-types`);
});
