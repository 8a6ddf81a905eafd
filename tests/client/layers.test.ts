/**
 * @jest-environment node
 *
 * The client's layer rule (src/client/layers.ts): every import of every module under src/client goes to
 * its own folder, to a lower layer or to src/shared; never upward, never sideways to another folder of the
 * same layer, never into src/server.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CLIENT_LAYERS } from '../../src/client/layers';

const ROOT = path.resolve(__dirname, '..', '..');
const CLIENT = path.join(ROOT, 'src', 'client');
const SHARED = path.join(ROOT, 'src', 'shared');
const SERVER = path.join(ROOT, 'src', 'server');
/** The rule's own definition: it imports nothing and nothing in the app imports it. */
const RULE_FILE = path.join(CLIENT, 'layers.ts');

const LEVELS = new Map<string, number>(CLIENT_LAYERS.flatMap((names, level) => names.map((name) => [name, level] as const)));

const isInside = (dir: string, file: string): boolean => !path.relative(dir, file).startsWith('..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier of a file: imports, `export … from`, `import()` and `import type`. */
function specifiers(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

/** The top-level folder of src/client (or the file directly in it) that a path lies in. */
const entryOf = (file: string): string => path.relative(CLIENT, file).split(path.sep)[0];

/** A folder of src/client holding no TypeScript (styles): its CSS may be imported from any layer. */
const holdsNoCode = (entry: string): boolean => {
  const dir = path.join(CLIENT, entry);
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() && sourceFiles(dir).length === 0;
};

const layerName = (level: number): string => CLIENT_LAYERS[level].join(', ');

/** What is wrong with `from` importing `specifier`, or null. */
function importProblem(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null; // a package
  const target = path.resolve(path.dirname(from), specifier);
  if (isInside(SERVER, target)) return 'imports src/server';
  if (isInside(SHARED, target)) return null;
  if (!isInside(CLIENT, target)) return 'reaches outside src/client and src/shared';
  const [own, other] = [entryOf(from), entryOf(target)];
  if (own === other) return null;
  const [ownLevel, otherLevel] = [LEVELS.get(own), LEVELS.get(other)];
  if (ownLevel === undefined) return `${own} is in no layer of CLIENT_LAYERS`;
  if (otherLevel === undefined) return holdsNoCode(other) ? null : `${other} is in no layer of CLIENT_LAYERS`;
  if (otherLevel > ownLevel) return `upward: ${own} (${layerName(ownLevel)}) is below ${other} (${layerName(otherLevel)})`;
  if (otherLevel === ownLevel) return `sideways: ${own} and ${other} are on the same layer`;
  return null;
}

function layerProblems(): string[] {
  return sourceFiles(CLIENT).filter((file) => file !== RULE_FILE).flatMap((file) => specifiers(file).flatMap((specifier) => {
    const problem = importProblem(file, specifier);
    return problem ? [`${path.relative(ROOT, file)} imports '${specifier}': ${problem}`] : [];
  }));
}

test('every import in src/client goes down the layers (src/client/layers.ts)', () => {
  expect(layerProblems()).toEqual([]);
});

test('every top-level folder and file of src/client is in a layer, except the rule itself and style sheets', () => {
  const entries = fs.readdirSync(CLIENT).filter((name) => /\.tsx?$/.test(name) || fs.statSync(path.join(CLIENT, name)).isDirectory());
  const unplaced = entries.filter((name) => !LEVELS.has(name) && path.join(CLIENT, name) !== RULE_FILE && !holdsNoCode(name));
  expect(unplaced).toEqual([]);
});

test('the check tells upward, sideways and server imports from allowed ones', () => {
  const file = (p: string) => path.join(CLIENT, p);
  expect(importProblem(file('api/request.ts'), '../shell/App')).toMatch(/^upward/);
  expect(importProblem(file('api/request.ts'), '../state/store')).toMatch(/^sideways/);
  expect(importProblem(file('widgets/list/follow.tsx'), '../../../server/app')).toBe('imports src/server');
  expect(importProblem(file('widgets/list/follow.tsx'), '../../platform/feedback')).toBeNull();
  expect(importProblem(file('widgets/list/follow.tsx'), '../List')).toBeNull();
  expect(importProblem(file('shell/App.tsx'), '../../shared/routes')).toBeNull();
  expect(importProblem(file('main.tsx'), './styles/index.css')).toBeNull();
  expect(importProblem(file('main.tsx'), 'react')).toBeNull();
});
