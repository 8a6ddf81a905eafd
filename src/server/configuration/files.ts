/**
 * Reads the operator-editable configuration from a folder (CONFIG_DIR, default the repository): every
 * `screens/**\/*.json`, `schemas/*.json` and `i18n/**\/*.json`, as texts by relative path. The meta-schemas
 * describe the format the code understands, so they are always the code's, whatever folder is served: the
 * screens' is composed from the section types (src/shared/sections), `screens/app.schema.json` and
 * `schemas/form.schema.json` are the repository's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { useMetaValidator, type MetaSchemas } from '../../shared/config/lint';
import { screenSchema } from '../../shared/sections/metaSchema';
import { cachedMetaValidator } from './metaValidators';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const CONFIG_FOLDERS = ['screens', 'schemas', 'i18n'] as const;

function walk(dir: string, base: string, out: Record<string, string>): void {
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, base, out);
    else if (e.isFile() && e.name.endsWith('.json') && !e.name.endsWith('.schema.json')) {
      out[path.relative(base, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
    }
  }
}

/** `screens/…`, `schemas/…`, `i18n/…` -> text. */
export function readConfigFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const folder of CONFIG_FOLDERS) walk(path.join(root, folder), root, out);
  return out;
}

let metaSchemas: MetaSchemas | undefined;

export function loadMetaSchemas(): MetaSchemas {
  const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8')) as object;
  if (!metaSchemas) {
    metaSchemas = { screen: screenSchema(), app: read('screens/app.schema.json'), form: read('schemas/form.schema.json') };
    for (const meta of Object.values(metaSchemas)) useMetaValidator(meta, cachedMetaValidator(meta));
  }
  return metaSchemas;
}

/** Copies the configuration folders of `from` into `to` (a test or a staging folder to edit). */
export function copyConfiguration(to: string, from = REPO_ROOT): string {
  for (const folder of CONFIG_FOLDERS) fs.cpSync(path.join(from, folder), path.join(to, folder), { recursive: true });
  return to;
}
