/** Schema building blocks shared by the per-area endpoint files. */
import type { JsonSchema } from './types';

export const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const int = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
/** A database id (PostgreSQL integer). */
export const id = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', minimum: 1, maximum: 2147483647, ...extra });
export const bool: JsonSchema = { type: 'boolean' };
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** A request schema: an object of fields. Extra fields (such as `lang`) are allowed. */
export function fields(properties: Record<string, JsonSchema>, required: string[] = [], extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', properties, required, ...extra };
}

/** A response object: every listed property is present. */
export function record(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** `{ data, page, limit, total }`, the list envelope inside `message`. */
export function pageOf(item: JsonSchema): JsonSchema {
  return record({ data: arrayOf(item), page: int({ minimum: 1 }), limit: int({ minimum: 1 }), total: int({ minimum: 0 }) });
}

/** Paging fields of list requests (form-encoded, so integers arrive as strings and are coerced). */
export const paging = {
  page: int({ minimum: 1, maximum: 1000000, default: 1 }),
  limit: int({ minimum: 1, maximum: 100, default: 10 }),
};

/** Decimal string for money and rates (never a JS float). */
export const decimal = str({ pattern: '^-?\\d+(\\.\\d+)?$' });
/** ISO 8601 timestamp string. */
export const timestamp = str();
/** A localised confirmation text. */
export const text = str();
