/**
 * `npm run lint:config`: checks `screens/`, `schemas/` and `i18n/` of the folder the server serves (CONFIG_DIR,
 * default the repository) with the same code the server runs when it loads or reloads them
 * (src/shared/config/lint.ts), plus every check of `npm run i18n -- check` on that same folder (keys the code
 * uses but en.json lacks, keys nothing uses, arguments a field's texts may use). The code whose keys count as
 * used, the formats (meta-schemas) and the contract are this repository's, as they are the server's. Prints
 * which folders it read, then `file: JSON path (or line:column): reason` per problem; exit 1 if any.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EndpointSpec } from '../src/shared/contract';
import { formatProblem, lintConfiguration, type Problem } from '../src/shared/config/lint';
import { loadMetaSchemas, readConfigFiles, readConfigImages } from '../src/server/configuration/files';
import { jsonPath } from '../src/shared/config/json';
import { CODE_ROOT, configRoot, folderNote, i18nCheck } from './i18n';

export { formatProblem, jsonPath, isScreenFile, type Problem } from '../src/shared/config/lint';

export interface LintOptions {
  root?: string;
  messages?: Record<string, string>;
  endpoints?: readonly string[];
  endpointSpecs?: Record<string, EndpointSpec>;
}

export function lintConfig(opts: LintOptions = {}): Problem[] {
  const root = opts.root ?? configRoot();
  return lintConfiguration({
    files: readConfigFiles(path.resolve(root)),
    images: readConfigImages(path.resolve(root)),
    metaSchemas: loadMetaSchemas(),
    messages: opts.messages,
    endpoints: opts.endpoints,
    endpointSpecs: opts.endpointSpecs,
  }).problems;
}

/**
 * Format files (`*.schema.json`) in a configuration folder other than the repository that differ from the
 * code's: the checks and the server use the code's, so an edit there would change nothing without a word.
 */
export function ignoredFormatCopies(root: string): Problem[] {
  if (path.resolve(root) === CODE_ROOT) return [];
  const problems: Problem[] = [];
  for (const folder of ['screens', 'schemas']) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) {
      const code = path.join(CODE_ROOT, folder, name);
      if (fs.existsSync(code) && fs.readFileSync(code, 'utf8') === fs.readFileSync(path.join(dir, name), 'utf8')) continue;
      problems.push({ file: `${folder}/${name}`, path: '$', reason: `differs from the code's ${path.relative(CODE_ROOT, code)}: the formats are the code's (they describe what it understands), so this copy changes nothing; delete it, or change the format in the code` });
    }
  }
  return problems;
}

/** The configuration's problems and the translators' check's, each reported once. */
export function lintAll(root = configRoot()): Problem[] {
  const problems = [...ignoredFormatCopies(root), ...lintConfig({ root })];
  const seen = new Set(problems.map(formatProblem));
  const invalid = new Map(problems.filter((p) => p.reason.startsWith('invalid JSON')).map((p) => [p.file, p]));
  for (const p of i18nCheck(root).problems) {
    const same = invalid.get(p.file);
    if (same && p.problem.startsWith('not valid JSON')) { same.reason += ' (no message key is reported unused until it is fixed)'; continue; }
    const problem = { file: p.file, path: p.key === undefined ? '$' : jsonPath([p.key]), reason: p.problem };
    if (!seen.has(formatProblem(problem))) { seen.add(formatProblem(problem)); problems.push(problem); }
  }
  return problems;
}

if (require.main === module) {
  console.log(folderNote(configRoot()));
  const problems = lintAll();
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('config OK');
}
