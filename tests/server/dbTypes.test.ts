/** The Kysely table types are generated from the migrations: the committed file must be what they give now. */
import fs from 'node:fs';
import { generateDbTypes, GENERATED_FILE } from '../../scripts/gen-db-types';

test('src/server/db/schema.generated.ts matches the migrations (else run npm run gen:db-types)', async () => {
  expect(fs.readFileSync(GENERATED_FILE, 'utf8')).toBe(await generateDbTypes());
}, 60_000);
