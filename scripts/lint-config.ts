/**
 * `npm run lint:config`: checks `screens/`, `schemas/` and `i18n/` (of CONFIG_DIR, default the repository)
 * with the same code the server runs when it loads or reloads them (src/shared/config/lint.ts), and prints
 * `file: JSON path (or line:column): reason` per problem; exit 1 if any.
 */
import path from 'node:path';
import type { EndpointSpec } from '../src/shared/contract';
import { formatProblem, lintConfiguration, type Problem } from '../src/shared/config/lint';
import { loadMetaSchemas, readConfigFiles, REPO_ROOT } from '../src/server/configuration/files';

export { formatProblem, jsonPath, isScreenFile, type Problem } from '../src/shared/config/lint';

export interface LintOptions {
  root?: string;
  messages?: Record<string, string>;
  endpoints?: readonly string[];
  endpointSpecs?: Record<string, EndpointSpec>;
}

export function lintConfig(opts: LintOptions = {}): Problem[] {
  const root = opts.root ?? process.env.CONFIG_DIR ?? REPO_ROOT;
  return lintConfiguration({
    files: readConfigFiles(path.resolve(root)),
    metaSchemas: loadMetaSchemas(),
    messages: opts.messages,
    endpoints: opts.endpoints,
    endpointSpecs: opts.endpointSpecs,
  }).problems;
}

if (require.main === module) {
  const problems = lintConfig();
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('config OK');
}
