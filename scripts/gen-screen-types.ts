/**
 * `npm run gen:screen-types`: writes the screen format's JSON Schema, composed from the section types
 * (src/shared/sections/metaSchema.ts), to screens/screen.schema.json (for editors: screen files name it in
 * `$schema`), and src/client/runtime/screen.generated.ts, its TypeScript types, with
 * json-schema-to-typescript. tests/client/runtime/screenTypes.test.ts regenerates both in memory and fails
 * when a committed file differs.
 *
 * The schema is written for ajv and for the operator's error messages, so a few of its idioms are
 * rewritten for the generator first (on a copy; the file is not changed):
 * - `section` and `action` pick their shape with `if: { type: X } then: { $ref }` (so a mistake is reported
 *   against the right shape); for TypeScript that is the union of the `then` shapes, each with `type: X`
 *   and named after it (`section` with `type: "list"` is a ListSection);
 * - `not`, and `anyOf` / `oneOf` whose branches only require fields or match patterns, constrain values
 *   without changing their TypeScript type, and are left out;
 * - an endpoint is a name `"METHOD /path"` (`EndpointName`; the lint checks it against the catalogue), which is TypeScript, not JSON Schema.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import ts from 'typescript';
import { composeScreenSchema } from '../src/shared/sections/metaSchema';

const ROOT = resolve(__dirname, '..');
export const SCHEMA_FILE = 'screens/screen.schema.json';
export const TYPES_FILE = 'src/client/runtime/screen.generated.ts';

const BANNER = `/**
 * GENERATED FILE: do not edit. The types of the screen format, generated from ${SCHEMA_FILE}
 * by scripts/gen-screen-types.ts (json-schema-to-typescript). After changing the schema, run
 * \`npm run gen:screen-types\`; tests/client/runtime/screenTypes.test.ts fails while this file is out of date.
 */
import type { EndpointName } from '../../shared/contract/types';
`;

type Schema = { [keyword: string]: unknown };

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);
const pascal = (word: string): string => word[0].toUpperCase() + word.slice(1);

/** Keywords that give a value its TypeScript type; a combinator branch without any only constrains. */
const SHAPING = ['type', '$ref', 'const', 'enum', 'properties', 'items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'];
const onlyConstrains = (branches: unknown): boolean =>
  Array.isArray(branches) && branches.every((b) => isSchema(b) && !SHAPING.some((k) => k in b));

/** `{ if: { properties: { type: { const: X } } }, then: { $ref } }` -> [X, the $ref], else null. */
function typeBranch(branch: unknown): [string, string] | null {
  if (!isSchema(branch) || !isSchema(branch.if) || !isSchema(branch.then)) return null;
  const props = branch.if.properties;
  const type = isSchema(props) && isSchema(props.type) ? props.type.const : undefined;
  const ref = branch.then.$ref;
  return typeof type === 'string' && typeof ref === 'string' ? [type, ref] : null;
}

/** A definition whose `allOf` only picks a shape by `type` -> its [type, $ref] pairs, else null. */
function typeDispatch(definition: Schema): [string, string][] | null {
  const branches = Array.isArray(definition.allOf) ? definition.allOf.map(typeBranch) : [];
  return branches.length && branches.every(Boolean) ? (branches as [string, string][]) : null;
}

/** The schema as json-schema-to-typescript should read it (see the comment at the top). */
function schemaForTypes(schema: Schema): Schema {
  const root = structuredClone(schema);
  const definitions = root.definitions as Record<string, Schema>;
  const definitionAt = (ref: string): Schema => {
    const name = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
    if (!name || !isSchema(definitions[name])) throw new Error(`${SCHEMA_FILE}: cannot follow ${ref}`);
    return definitions[name];
  };
  for (const [name, definition] of Object.entries(definitions)) {
    const shapes = typeDispatch(definition);
    if (!shapes) continue;
    for (const [type, ref] of shapes) {
      const shape = definitionAt(ref);
      shape.title = `${pascal(type)}${pascal(name)}`;
      shape.properties = { ...(shape.properties as Schema), type: { const: type } };
    }
    definitions[name] = { description: definition.description, anyOf: shapes.map(([, ref]) => ({ $ref: ref })) };
  }
  definitions.endpoint = { ...definitions.endpoint, tsType: 'EndpointName' };

  const visit = (node: Schema): Schema => {
    if (typeof node.$ref === 'string' && Object.keys(node).length > 1) {
      // json-schema-to-typescript does not follow a $ref beside other keywords (a description) around a
      // cycle (the sections of a tab); inside `allOf` it does.
      const { $ref, ...rest } = node;
      return visit({ ...rest, allOf: [{ $ref }] });
    }
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (value === undefined || key === 'not') continue;
      if ((key === 'anyOf' || key === 'oneOf') && onlyConstrains(value)) continue;
      out[key] = walk(value, key);
    }
    return out;
  };
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (!isSchema(value)) return value;
    // `properties` and `definitions` map names to schemas; every other object value is a schema.
    if (key === 'properties' || key === 'definitions') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSchema(v) ? visit(v) : v]));
    }
    return visit(value);
  };
  return { ...visit(root), title: 'ScreenDefinition' };
}

/**
 * Laid out by TypeScript's own printer, not by json-schema-to-typescript's prettier: prettier 3 formats
 * through a dynamic import, which jest (running the up-to-date test) does not allow.
 */
function layOut(code: string): string {
  const file = ts.createSourceFile(TYPES_FILE, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return ts.createPrinter({ newLine: ts.NewLineKind.LineFeed }).printFile(file);
}

/** screens/screen.schema.json as the section types compose it. */
export function generateScreenSchema(): string {
  return `${JSON.stringify(composeScreenSchema(), null, 2)}\n`;
}

export async function generateScreenTypes(): Promise<string> {
  const schema = JSON.parse(generateScreenSchema()) as Schema;
  const body = await compile(schemaForTypes(schema) as JSONSchema, 'ScreenDefinition', {
    bannerComment: '',
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: true,
    unknownAny: true,
    format: false,
    cwd: resolve(ROOT, 'screens'),
  });
  return layOut(`${BANNER}\n${body}`);
}

if (require.main === module) {
  writeFileSync(resolve(ROOT, SCHEMA_FILE), generateScreenSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
  generateScreenTypes().then((text) => {
    writeFileSync(resolve(ROOT, TYPES_FILE), text);
    console.log(`wrote ${TYPES_FILE}`);
  }, (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
