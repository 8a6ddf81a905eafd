/**
 * Reads the operator-editable configuration from a folder (CONFIG_DIR, default the repository): every
 * `screens/**\/*.json`, `schemas/*.json`, `i18n/**\/*.json`, `content/*.json` and `settings/*.json`, as texts by relative path,
 * and the names and content hashes of the images in `content/images/`. The meta-schemas
 * describe the format the code understands, so they are always the code's, whatever folder is served: the
 * screens' is composed from the section types (src/shared/sections), `screens/app.schema.json` and
 * `schemas/form.schema.json` are the repository's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { useMetaValidator, type MetaSchemas } from '../../shared/config/lint';
import { CONTENT_IMAGE_RE, CONTENT_IMAGES_FOLDER } from '../../shared/config/content';
import { screenSchema } from '../../shared/sections/metaSchema';
import { cachedMetaValidator } from './metaValidators';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const CONFIG_FOLDERS = ['screens', 'schemas', 'i18n', 'content', 'settings'] as const;

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

/** content/images/ of `root`: file name -> content hash (names the image's immutable URL). */
export function readConfigImages(root: string): Map<string, string> {
  const dir = path.join(root, CONTENT_IMAGES_FOLDER);
  const out = new Map<string, string>();
  let names: string[];
  try { names = fs.readdirSync(dir).sort(); } catch { return out; }
  for (const name of names) {
    if (!CONTENT_IMAGE_RE.test(name)) continue;
    try {
      out.set(name, crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex').slice(0, 10));
    } catch { /* a folder or a file gone meanwhile: not an image */ }
  }
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
  for (const folder of CONFIG_FOLDERS) if (fs.existsSync(path.join(from, folder))) fs.cpSync(path.join(from, folder), path.join(to, folder), { recursive: true });
  return to;
}
