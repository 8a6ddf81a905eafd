/**
 * Form-encoded bodies and query strings carry every value as text. A field the contract types as an
 * integer or a number is converted only from its plain decimal spelling (`12`, `-3`, and `1.5` for a
 * number); `0x10`, `1e3`, ` 7` or `1.0000000000000000000001` stay text and fail the type check. (ajv's
 * own coerceTypes takes whatever `Number()` takes, which is what let those through as ids.)
 */
import type { JsonSchema } from '../shared/contract';
import { fieldTypes, requestFields } from '../shared/contract/requestFields';

const INTEGER = /^-?(?:0|[1-9]\d{0,15})$/;
const NUMBER = /^-?(?:0|[1-9]\d{0,15})(?:\.\d{1,16})?$/;

type Coercion = (text: string) => number | undefined;

const toInteger: Coercion = (text) => (INTEGER.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined);
const toNumber: Coercion = (text) => (NUMBER.test(text) ? Number(text) : undefined);

/** Field name -> how its text becomes the number the contract declares (fields that may stay text have none). */
export function numericFields(schema: JsonSchema | undefined): Map<string, Coercion> {
  const out = new Map<string, Coercion>();
  for (const [name, schemas] of requestFields(schema)) {
    const types = new Set(schemas.flatMap(fieldTypes));
    if (types.has('string')) continue;
    if (types.has('integer')) out.set(name, toInteger);
    else if (types.has('number')) out.set(name, toNumber);
  }
  return out;
}

/** Converts, in place, the text values of `input` whose field is numeric and spelled plainly. */
export function coerceNumbers(fields: Map<string, Coercion>, input: Record<string, unknown>): void {
  for (const [name, coerce] of fields) {
    const value = input[name];
    if (typeof value !== 'string') continue;
    const number = coerce(value);
    if (number !== undefined) input[name] = number;
  }
}
