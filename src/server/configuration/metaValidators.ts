/**
 * The meta-schemas' checks, compiled once per format and kept as ajv standalone modules in
 * `node_modules/.cache/trading-app/`: compiling the screens' meta-schema takes most of a second, a
 * restart would otherwise pay it every time. The file is named by a hash of the schema, ajv's version
 * and the options, so a changed format or ajv compiles anew. Where the cache cannot be written (a
 * read-only install) the check is compiled in memory, as before: the cache is only speed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { META_AJV_OPTIONS } from '../../shared/config/lint';
import { REPO_ROOT } from './files';

const cacheDir = () => path.join(REPO_ROOT, 'node_modules', '.cache', 'trading-app', 'meta-validators');

const AJV_VERSION = (JSON.parse(fs.readFileSync(require.resolve('ajv/package.json'), 'utf8')) as { version: string }).version;

function cacheFile(meta: object): string {
  const hash = crypto.createHash('sha256').update(`${AJV_VERSION}\n${JSON.stringify(META_AJV_OPTIONS)}\n${JSON.stringify(meta)}`).digest('hex');
  return path.join(cacheDir(), `${hash.slice(0, 24)}.js`);
}

export function cachedMetaValidator(meta: object): ValidateFunction {
  const file = cacheFile(meta);
  if (fs.existsSync(file)) return createRequire(__filename)(file) as ValidateFunction;
  const ajv = new Ajv({ ...META_AJV_OPTIONS, code: { source: true } });
  const validate = ajv.compile(meta);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, standaloneCode(ajv, validate));
    fs.renameSync(temporary, file);
  } catch {
    // not writable: this process keeps the validator it compiled
  }
  return validate;
}
