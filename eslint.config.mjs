// The lint: typescript-eslint's recommended rules (syntax only, no type information, to stay fast), the
// React hooks rules for the client, and the architecture's import boundaries (eslint-plugin-boundaries):
//   1. src/shared imports neither src/client nor src/server;
//   2. src/client never imports src/server (type-only imports included);
//   3. the client's layers (src/client/layers.ts, read below): a folder imports only from layers below it;
//   4. src/server/ledger and src/server/market know no HTTP: nothing of modules/, the HTTP layer or fastify;
//   5. a module imports another module only through its index (modules/<b>/index.ts).
// tests/ may import anything. tests/config/boundaries.test.ts proves the boundary rules are live.
import { readFileSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import ts from 'typescript';

/** CLIENT_LAYERS from src/client/layers.ts, so the layer order has one source (the file is plain data). */
async function loadClientLayers() {
  const source = readFileSync(new URL('./src/client/layers.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const { CLIENT_LAYERS } = await import(`data:text/javascript,${encodeURIComponent(outputText)}`);
  return CLIENT_LAYERS;
}
const CLIENT_LAYERS = await loadClientLayers();

// ---- What each file is. Folders are elements (the first descriptor matching a file gives its type); single
// files are file categories. Patterns are paths from the repository root.
const isFile = (name) => /\.tsx?$/.test(name);
/** A client layer entry (a folder, or a file such as main.tsx) as a selector of the files in it. */
const clientEntry = (name) => (isFile(name)
  ? { file: { categories: `client-${name.replace(/\.tsx?$/, '')}` } }
  : { element: { type: `client-${name}` } });
const HTTP_LAYER = ['context', 'errors', 'app', 'money', 'validation', 'static'];

const elements = [
  { type: 'shared', pattern: 'src/shared' },
  ...CLIENT_LAYERS.flat().filter((name) => !isFile(name)).map((name) => ({ type: `client-${name}`, pattern: `src/client/${name}` })),
  { type: 'client-styles', pattern: 'src/client/styles' },
  { type: 'server-ledger', pattern: 'src/server/ledger' },
  { type: 'server-market', pattern: 'src/server/market' },
  { type: 'server-module', pattern: 'src/server/modules/*', capture: ['area'] },
  { type: 'server', pattern: 'src/server' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
].map((element) => ({ ...element, partialMatch: false }));
const files = [
  ...CLIENT_LAYERS.flat().filter(isFile).map((name) => ({ category: `client-${name.replace(/\.tsx?$/, '')}`, pattern: `src/client/${name}` })),
  { category: 'client-rule', pattern: 'src/client/layers.ts' },
  { category: 'server-http', pattern: [`src/server/{${HTTP_LAYER.join(',')}}.ts`, 'src/server/ops/**'] },
];

const ELEMENT_TYPES = elements.map((e) => e.type);
const CATEGORIES = files.map((f) => f.category);
const toElements = (types) => ({ to: { element: { types: { anyOf: types } } } });
const toFiles = (categories) => ({ to: { file: { categories: { anyOf: categories } } } });

/** Rule 3: each layer imports only the layers below it, src/shared and the style sheets (and packages). */
const layerPolicies = CLIENT_LAYERS.map((names, level) => {
  const below = CLIENT_LAYERS.slice(0, level).flat();
  const allowed = [...below.map(clientEntry), { element: { type: 'shared' } }, { element: { type: 'client-styles' } }];
  const allowedTypes = allowed.flatMap((s) => (s.element ? [s.element.type] : []));
  const allowedCategories = allowed.flatMap((s) => (s.file ? [s.file.categories] : []));
  return {
    from: names.map(clientEntry),
    disallow: [
      toElements(ELEMENT_TYPES.filter((type) => !allowedTypes.includes(type))),
      toFiles(CATEGORIES.filter((category) => !allowedCategories.includes(category))),
    ],
    message: `client layers (src/client/layers.ts): ${names.join(', ')} may import only ${[...below, 'src/shared', 'styles'].join(', ')}, not {{dependency.source}}`,
  };
});

const boundaryRules = {
  default: 'allow',
  checkAllOrigins: true, // so that rule 4 sees the package `fastify`
  policies: [
    {
      from: { element: { type: 'shared' } },
      disallow: [toElements(ELEMENT_TYPES.filter((type) => type !== 'shared')), toFiles(CATEGORIES)],
      message: 'src/shared imports neither src/client nor src/server (nor tests or scripts), not {{dependency.source}}',
    },
    ...layerPolicies,
    {
      from: CLIENT_LAYERS.flat().map(clientEntry),
      disallow: [toElements(['server-ledger', 'server-market', 'server-module', 'server']), toFiles(['server-http'])],
      message: 'src/client never imports src/server, not even types: not {{dependency.source}}',
    },
    {
      from: { element: { types: { anyOf: ['server-ledger', 'server-market'] } } },
      disallow: [
        toElements(['server-module']),
        toFiles(['server-http']),
        { to: { module: { origin: 'external', source: ['fastify', '@fastify/*'] } } },
      ],
      message: 'src/server/ledger and src/server/market know no HTTP: nothing of modules/, the HTTP layer (context, errors, app, money, validation, static, ops/) or fastify, not {{dependency.source}}',
    },
  ],
};

export default defineConfig([
  globalIgnores([
    'dist/', 'data/', 'test-output/', 'coverage/',
    'src/server/db/schema.generated.ts', 'src/client/runtime/screen.generated.ts',
  ]),
  {
    // An eslint-disable comment that suppresses nothing is stale: an error, not a warning.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // The code's own eslint-disable comments name these three: they are the project's rules, keep them live.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-new-func': 'error',
      'require-yield': 'error',
      // A leading underscore marks a binding unused on purpose (`for (const _ of s)`, `_locale` kept for a shared signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A regular expression in code must not backtrack super-linearly on a long input (as the contract's and
    // the forms' patterns are checked by validators/backtracking.ts, with the same analyser).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    files: ['tests/**'],
    rules: {
      // jest.mock factories are hoisted above the imports, so they must require() what they return.
      '@typescript-eslint/no-require-imports': 'off',
      // Tests read loosely typed answers and monkeypatch services (helpers' `call<T = any>`, `(db as any).x = …`).
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}', 'tests/support/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // Latest-value refs (`latest.current = handler`) and identity caches (a WeakMap in a ref that keeps live
      // rows' objects stable across ticks) are read in render on purpose; the app is not built with React Compiler.
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'module-index': boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // `typeof import('../x')` in a type names a module too.
      'boundaries/additional-dependency-nodes': [{ selector: 'TSImportType > Literal', kind: 'type', name: 'import-type' }],
    },
    rules: {
      'boundaries/dependencies': ['error', boundaryRules],
    },
  },
  {
    // Rule 5 (a second instance of the plugin, so its message names the index to import instead).
    files: ['src/server/modules/**/*.ts'],
    rules: {
      'module-index/dependencies': ['error', {
        default: 'allow',
        policies: [{
          from: { element: { type: 'server-module' } },
          disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
          message: 'modules import each other only through their index: import ../{{to.element.captured.area}}, not {{dependency.source}}',
        }],
      }],
    },
  },
]);
