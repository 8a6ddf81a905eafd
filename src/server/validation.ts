/**
 * Request validation with the catalogue's schemas and the shared validator set (same formats and keywords
 * as the app's forms). Failures become one localised sentence: `error.format.<name>` / `error.<keyword>`
 * (with ajv's params and `{field}` = the `field.<name>` label), else `api.bad_request` ("Invalid {field}").
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../shared/contract';
import type { Language } from '../shared/i18n/languages';
import { LINEAR_REGEXP_ENGINE, registerAjv } from '../shared/validators/ajv';
import { errorMessageKeys, PASSWORDS_INCONSISTENT } from '../shared/validators/messages';
import { ruleArguments } from '../shared/config/formRuntime';
import type { I18n } from './i18n';

/** Without coerceTypes: numeric text is converted beforehand, strictly (inputCoercion.ts). Patterns match in linear time. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ useDefaults: true, allErrors: false, $data: true, strict: false, code: { regExp: LINEAR_REGEXP_ENGINE } });
  registerAjv(ajv);
  return ajv;
}

export function compileRequest(ajv: Ajv, schema: JsonSchema | undefined): ValidateFunction | undefined {
  return schema ? compiledOnFirstUse(() => ajv.compile(schema)) : undefined;
}

/**
 * A validator compiled when first used. Compiling every endpoint's and form's schema up front was a third of
 * a restart (and of every test's app); the tests of the catalogue and the lint compile each of them.
 */
export function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** The field an ajv error is about (`required` names the missing property). */
export function errorField(err: ErrorObject): string {
  if (err.keyword === 'required' && typeof err.params.missingProperty === 'string') return err.params.missingProperty;
  const parts = err.instancePath.split('/').filter(Boolean);
  return parts.length ? parts[parts.length - 1].replace(/~1/g, '/').replace(/~0/g, '~') : '';
}

export interface MessageSource {
  /** `"<field>.<keyword>"` -> message key (an endpoint's `messages`, a form file's `messages`), tried first. */
  messages?: Record<string, string>;
  /** A form's name: `<form>.<field>.error.<keyword>` is tried before the generic texts. */
  form?: string;
  /** The schema whose `properties` hold the failed field: its rules become ICU arguments ({minLength} …). */
  schema?: Record<string, unknown>;
}

/** One localised sentence for a failed rule, looked up as the app does (shared/validators/messages). */
export function validationMessage(i18n: I18n, lang: Language, err: ErrorObject | undefined, source: MessageSource = {}): string {
  if (!err) return i18n.t(lang, 'api.invalid_request');
  err = asTextLength(err, source.schema);
  const field = errorField(err);
  const labelKey = `field.${field}`;
  const label = field && i18n.has(lang, labelKey) ? i18n.t(lang, labelKey) : field;
  const fieldSchema = (source.schema?.properties as Record<string, unknown> | undefined)?.[field];
  const values = { ...ruleArguments(fieldSchema), ...flatParams(err.params), field: label };
  const { messages } = source;
  const own = messages && Object.prototype.hasOwnProperty.call(messages, `${field}.${err.keyword}`) ? [messages[`${field}.${err.keyword}`]] : [];
  const keys = err.keyword === 'const' && field === 're_password'
    ? [PASSWORDS_INCONSISTENT]
    : [...own, ...errorMessageKeys(source.form ?? '', field, err.keyword, typeof err.params.format === 'string' ? err.params.format : undefined)];
  for (const key of keys) if (i18n.has(lang, key)) return i18n.t(lang, key, values);
  return i18n.t(lang, field ? 'api.bad_request' : 'api.invalid_request', values);
}

/**
 * A field with `maxTextLength` (characters) also has a `maxLength` (UTF-16 units, twice as many) that bounds
 * the text before any pattern runs; failing that guard is failing the character limit, and is told as that
 * (a tighter maxLength an operator set is its own rule).
 */
function asTextLength(err: ErrorObject, schema: Record<string, unknown> | undefined): ErrorObject {
  if (err.keyword !== 'maxLength') return err;
  const field = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.[errorField(err)];
  const limit = field?.maxTextLength;
  const guard = typeof limit === 'number' && Number(err.params.limit) >= 2 * limit;
  return guard ? { ...err, keyword: 'maxTextLength', params: { limit } } : err;
}

function flatParams(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.join(', ');
  }
  return out;
}
