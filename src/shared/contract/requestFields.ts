/**
 * The fields of a request schema, with every schema that may apply to each: the root's `properties`
 * and those of its `if`/`then`/`else` and `allOf`/`anyOf`/`oneOf` branches (a field may be declared once
 * as a plain string and again with a pattern in a branch). Requests are flat objects of scalars.
 */
import type { JsonSchema } from './types';

type Node = Record<string, unknown>;

const BRANCHES = ['if', 'then', 'else'] as const;
const LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function collect(schema: unknown, out: Map<string, Node[]>): void {
  if (!isNode(schema)) return;
  if (isNode(schema.properties)) {
    for (const [name, field] of Object.entries(schema.properties)) {
      if (isNode(field)) out.set(name, [...(out.get(name) ?? []), field]);
    }
  }
  for (const key of BRANCHES) collect(schema[key], out);
  for (const key of LISTS) if (Array.isArray(schema[key])) for (const s of schema[key]) collect(s, out);
}

/** Field name -> the schemas declaring it. */
export function requestFields(schema: JsonSchema | undefined): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  collect(schema, out);
  return out;
}

/** The JSON types a field schema admits (`nullable(...)` gives its inner type and "null"). */
export function fieldTypes(field: Node): string[] {
  if (typeof field.type === 'string') return [field.type];
  if (Array.isArray(field.type)) return field.type.filter((t): t is string => typeof t === 'string');
  for (const key of LISTS) {
    const list = field[key];
    if (Array.isArray(list)) return list.flatMap((s) => (isNode(s) ? fieldTypes(s) : []));
  }
  return [];
}
