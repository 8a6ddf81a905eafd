/**
 * Schema building blocks shared by the per-area endpoint files. Each keeps the literal type of the schema
 * it builds, so json-schema-to-ts derives the request and response types of every endpoint from the one
 * declaration (see `RequestOf` / `ResponseOf` in index.ts).
 */
import type { JSONSchema } from 'json-schema-to-ts';
import type { EndpointSpec } from './types';

type Schema = Exclude<JSONSchema, boolean>;

export const str = <const E extends object = object>(extra?: E) => ({ type: 'string', ...extra }) as { type: 'string' } & E;
export const int = <const E extends object = object>(extra?: E) => ({ type: 'integer', ...extra }) as { type: 'integer' } & E;
/** A database id (PostgreSQL integer). */
export const id = <const E extends object = object>(extra?: E) =>
  ({ type: 'integer', minimum: 1, maximum: 2147483647, ...extra }) as { type: 'integer'; minimum: 1; maximum: 2147483647 } & E;
export const bool = { type: 'boolean' } as const;
export const nullable = <const S extends Schema>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as { anyOf: [S, { type: 'null' }] };

/** A request schema: an object of fields. Extra fields (such as `lang`) are allowed. */
export function fields<const P extends Record<string, Schema>, const R extends readonly (keyof P & string)[] = [], const E extends object = object>(
  properties: P, required?: R, extra?: E,
) {
  return { type: 'object', properties, required: required ?? [], ...extra } as { type: 'object'; properties: P; required: R } & E;
}

/** A response object: every listed property is present. */
export function record<const P extends Record<string, Schema>>(properties: P) {
  return { type: 'object', properties, required: Object.keys(properties) } as unknown as { type: 'object'; properties: P; required: readonly (keyof P & string)[] };
}

/** A response object with the same schema for each of `keys`. */
export function recordOf<const K extends readonly string[], const S extends Schema>(keys: K, schema: S) {
  return record(Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K[number]]: S });
}

export const arrayOf = <const S extends Schema>(items: S) => ({ type: 'array', items }) as { type: 'array'; items: S };

/**
 * A string that must equal another field of the same object (ajv `$data`, `1/<field>`). Typed as the plain
 * string it is: json-schema-to-ts does not read `$data`.
 */
export const sameAs = (field: string, maxLength: number) =>
  ({ type: 'string', maxLength, const: { $data: `1/${field}` } }) as { type: 'string'; maxLength: number };

/**
 * `value` as one of the values the contract lists for it (a status, a code read from the database);
 * anything else is a bug, thrown.
 */
export function oneOf<const T extends readonly (string | number)[]>(allowed: T, value: string | number): T[number] {
  if (!allowed.includes(value)) throw new Error(`${JSON.stringify(value)} is none of ${JSON.stringify(allowed)}`);
  return value as T[number];
}

/** `{ data, page, limit, total }`, the list envelope inside `message`. */
export function pageOf<const S extends Schema>(item: S) {
  return pageAt('data', item);
}

/** A page whose rows are under another name, as the platform's answers have them (`{ list, page, limit, total }`). */
export function pageAt<const K extends string, const S extends Schema>(rows: K, item: S) {
  return record({ ...({ [rows]: arrayOf(item) } as { [P in K]: { type: 'array'; items: S } }), page: int({ minimum: 1 }), limit: int({ minimum: 1 }), total: int({ minimum: 0 }) });
}

/**
 * The most rows one page holds. The platform's app asks some lists for 9999 or 99999 rows at once (SPEC 9:
 * "99999999 for some lists"): such a request is answered with a page of this many, never refused; the
 * answer's `limit` says how many a page holds.
 */
export const MAX_PAGE_ROWS = 100;
/** The largest `page` or `limit` a request may name. */
export const MAX_PAGING = 99_999_999;

/** A list request's `limit`, `defaultRows` unless sent (more than MAX_PAGE_ROWS is served as MAX_PAGE_ROWS). */
export const pageSize = <const N extends number>(defaultRows: N) => int({ minimum: 1, maximum: MAX_PAGING, default: defaultRows });

/** Paging fields of list requests (form-encoded, so integers arrive as strings and are coerced). */
export const paging = {
  page: int({ minimum: 1, maximum: MAX_PAGING, default: 1 }),
  limit: pageSize(10),
};

/**
 * A field sent as a code on the wire (`type: 1 | 2`) that handlers read by name (`'buy' | 'sell'`): the
 * platform's app and ours send and read the codes, code reads the names. `schema` is the field's schema,
 * `name(code)` and `code(name)` convert.
 */
export interface Codes<C extends string | number, N extends string> {
  readonly codes: readonly C[];
  readonly names: readonly N[];
  name(code: C): N;
  code(name: N): C;
}

function codeBook<C extends string | number, N extends string>(pairs: Array<[C, N]>): Codes<C, N> {
  const byCode = new Map(pairs);
  const byName = new Map(pairs.map(([c, n]) => [n, c]));
  return {
    codes: pairs.map(([c]) => c),
    names: pairs.map(([, n]) => n),
    name(code) {
      const n = byCode.get(code);
      if (n === undefined) throw new Error(`${JSON.stringify(code)} is none of ${JSON.stringify([...byCode.keys()])}`);
      return n;
    },
    code(name) {
      const c = byName.get(name);
      if (c === undefined) throw new Error(`${JSON.stringify(name)} is none of ${JSON.stringify([...byName.keys()])}`);
      return c;
    },
  };
}

/** Integer codes: `intCodes({ 1: 'buy', 2: 'sell' })`; `.schema` is `{ type: 'integer', enum: [1, 2] }`. */
export function intCodes<const M extends Record<number, string>>(map: M) {
  const pairs = Object.entries(map).map(([c, n]) => [Number(c), n] as [keyof M & number, M[keyof M & number]]);
  const book = codeBook(pairs);
  return { ...book, schema: { type: 'integer', enum: book.codes } as { type: 'integer'; enum: Array<keyof M & number> } };
}

/** Text codes: `textCodes({ call: 'sell_high', put: 'buy_low' })`; `.schema` is `{ type: 'string', enum: ['call', 'put'] }`. */
export function textCodes<const M extends Record<string, string>>(map: M) {
  const book = codeBook(Object.entries(map) as Array<[keyof M & string, M[keyof M & string]]>);
  return { ...book, schema: { type: 'string', enum: book.codes } as { type: 'string'; enum: Array<keyof M & string> } };
}

/** An amount typed by the user: positive, at most the columns' NUMERIC(36, 18) (see validators/amount.ts). */
export const amountInput = str({ maxLength: 40, format: 'amount' });
/** A chain's code as the catalogue names it (`TRC20`, `BANK`). */
export const chainInput = str({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' });
/** A 6-digit verification code. */
export const code6 = str({ maxLength: 6, format: 'code6' });
/** A dialing code as typed: `+44`, `44`. */
export const areaCodeInput = str({ maxLength: 5, pattern: '^\\+?\\d{1,4}$' });

/** Decimal string for money and rates (never a JS float). */
export const decimal = str({ pattern: '^-?\\d+(\\.\\d+)?$' });
/** ISO 8601 timestamp string. */
export const timestamp = str();
/** A localised confirmation text. */
export const text = str();

/** An area's endpoints, with their literal types kept (method, path and schemas). */
export const endpoints = <const L extends readonly EndpointSpec[]>(list: L): L => list;
