/**
 * Screen files for tests, as the app gets them from the server: migrated to the current format, fragments
 * resolved, and checked against the composed meta-schema, so a test never casts an unchecked object.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import type { ScreenDefinition } from '../../src/client/runtime/types';
import { resolveFragments } from '../../src/shared/screens/fragments';
import { migrateScreen } from '../../src/shared/screens/migrate';
import { screenSchema } from '../../src/shared/sections/metaSchema';

const SCREENS_DIR = path.resolve(__dirname, '../../screens');
const validate = new Ajv({ allErrors: true, strict: false }).compile(screenSchema());

/** A screen in any supported version, as the current format; throws with the meta-schema's complaint. */
export function checkedScreen(json: unknown): ScreenDefinition {
  const resolved = resolveFragments(migrateScreen(json), (file) => ({ value: JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, file), 'utf8')) }));
  if (resolved.problems.length) throw new Error(`screen fragments: ${JSON.stringify(resolved.problems)}`);
  if (!validate(resolved.value)) throw new Error(`not a screen: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return resolved.value as ScreenDefinition;
}

/** `screenFile('index/index.json')`: a file of `screens/`, checked. */
export function screenFile(rel: string): ScreenDefinition {
  return checkedScreen(JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, rel), 'utf8')));
}
