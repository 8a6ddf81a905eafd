/**
 * The lint's boundary rules (eslint.config.mjs) are live: ESLint with the repository's configuration reports
 * a forbidden import written in a file inside the real tree, and lets an allowed one through.
 *
 * ESLint loads its flat configuration with `import()`, which jest's module sandbox refuses, so the ESLint
 * class runs in a child Node process: it lints every snippet with `lintText` at its path and prints the
 * messages as JSON.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

const LINT = `
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
const eslint = new ESLint({ cwd: process.cwd() });
const snippets = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const { file, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: file });
  results.push(result.messages.map(({ ruleId, message, fatal }) => ({ ruleId, message, fatal })));
}
process.stdout.write(JSON.stringify(results));
`;

interface Message { ruleId: string | null; message: string; fatal?: boolean }

const SNIPPETS = {
  widgetImportsShell: ['src/client/widgets/Probe.tsx', "import { App } from '../shell/App';\nexport const x = App;\n"],
  apiImportsState: ['src/client/api/Probe.ts', "import type { User } from '../state/store';\nexport type X = User;\n"],
  clientImportsServerType: ['src/client/platform/Probe.ts', "import type { AppOptions } from '../../server/app';\nexport type X = AppOptions;\n"],
  sharedImportsServer: ['src/shared/Probe.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
  ledgerImportsHttp: ['src/server/ledger/Probe.ts', "import type { Services } from '../context';\nimport type { FastifyInstance } from 'fastify';\nexport type Y = [Services, FastifyInstance];\n"],
  moduleImportsModuleFile: ['src/server/modules/kyc/Probe.ts', "import { authArea } from '../auth';\nimport { CODE_TTL_MS } from '../auth/codes';\nexport const z = [authArea, CODE_TTL_MS];\n"],
  widgetImportsRuntime: ['src/client/widgets/Probe.tsx', "import '../styles/index.css';\nimport { resolveValue } from '../runtime/bindings';\nimport { REGISTERED_ROUTES } from '../../shared/routes';\nexport const x = [resolveValue, REGISTERED_ROUTES];\n"],
} as const;

type Name = keyof typeof SNIPPETS;
let problems: Record<Name, string[]>;

beforeAll(() => {
  const names = Object.keys(SNIPPETS) as Name[];
  const input = JSON.stringify(names.map((name) => ({ file: path.join(ROOT, SNIPPETS[name][0]), code: SNIPPETS[name][1] })));
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', LINT], { cwd: ROOT, input, encoding: 'utf8' });
  const results = JSON.parse(out) as Message[][];
  for (const messages of results) expect(messages.filter((m) => m.fatal)).toEqual([]);
  // Only the boundary rules: `boundaries/dependencies` (rules 1-4) and `module-index/dependencies` (rule 5).
  problems = Object.fromEntries(names.map((name, i) => [name, results[i]
    .filter((m) => /^(boundaries|module-index)\/dependencies$/.test(m.ruleId ?? ''))
    .map((m) => `${m.ruleId}: ${m.message}`)])) as Record<Name, string[]>;
}, 60_000);

test('a widget importing the shell is reported (client layers)', () => {
  expect(problems.widgetImportsShell).toEqual([expect.stringMatching(/^boundaries\/dependencies: client layers .*: widgets may import only .*, not \.\.\/shell\/App$/)]);
});

test('a sideways import inside a layer and a type-only import of the server are reported', () => {
  expect(problems.apiImportsState).toEqual([expect.stringMatching(/^boundaries\/dependencies: client layers .*: i18n, state, api may import only platform, .*, not \.\.\/state\/store$/)]);
  expect(problems.clientImportsServerType).toEqual(['boundaries/dependencies: src/client never imports src/server, not even types: not ../../server/app']);
});

test('src/shared importing the server is reported', () => {
  expect(problems.sharedImportsServer).toEqual([expect.stringMatching(/^boundaries\/dependencies: src\/shared imports neither src\/client nor src\/server/)]);
});

test('the ledger importing the HTTP layer or fastify is reported', () => {
  const noHttp = (source: string) => expect.stringMatching(new RegExp(`^boundaries/dependencies: src/server/ledger and src/server/market know no HTTP.*, not ${source}$`));
  expect(problems.ledgerImportsHttp).toEqual([noHttp('\\.\\./context'), noHttp('fastify')]);
});

test('a module reaching past another module\'s index is reported; its index is not', () => {
  expect(problems.moduleImportsModuleFile).toEqual(['module-index/dependencies: modules import each other only through their index: import ../auth, not ../auth/codes']);
});

test('allowed imports pass: a widget importing the runtime, src/shared and the style sheets', () => {
  expect(problems.widgetImportsRuntime).toEqual([]);
});
