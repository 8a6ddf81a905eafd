/**
 * Localised validation errors: `<form>.<field>.error.<keyword>`, then `error.format.<name>` for format
 * errors, then `error.<keyword>` (the shared `errorMessageKeys` order). A form file's `messages`
 * (`"re_password.const": "error.passwords_inconsistent"`) wins over all of them.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { ruleArguments } from '../../shared/config/formRuntime';
import { errorMessageKeys } from '../../shared/validators/messages';

export type HasMessage = (key: string) => boolean;
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** `.user_string`, `/user_string` or `user_string` -> `user_string`; nested paths joined with dots. */
export function fieldOf(error: Pick<RJSFValidationError, 'property' | 'name' | 'params'>): string {
  let p = (error.property ?? '').replace(/^[./]+/, '').replace(/\//g, '.').replace(/\[(\d+)\]/g, '.$1');
  if (error.name === 'required' && error.params?.missingProperty && !p.endsWith(String(error.params.missingProperty))) {
    p = p ? `${p}.${error.params.missingProperty}` : String(error.params.missingProperty);
  }
  return p;
}

export function errorKeys(form: string, field: string, keyword: string, format: string | undefined,
  overrides: Record<string, string> | undefined): string[] {
  const own = overrides?.[`${field}.${keyword}`];
  return [...(own ? [own] : []), ...errorMessageKeys(form, field, keyword, format)];
}

/** `schema`: the form's schema; the failed field's rules are ICU arguments of the message with ajv's params. */
export function localizeErrors(errors: RJSFValidationError[], form: string, overrides: Record<string, string> | undefined,
  t: Translate, has: HasMessage, schema?: Record<string, unknown>): RJSFValidationError[] {
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  return errors.map((e) => {
    const keyword = e.name ?? '';
    const field = fieldOf(e);
    const format = keyword === 'format' ? String(e.params?.format ?? '') : undefined;
    const key = errorKeys(form, field, keyword, format, overrides).find(has);
    if (!key) return e;
    const message = t(key, { ...ruleArguments(props[field]), ...(e.params ?? {}) });
    return { ...e, message, stack: `${field}: ${message}` };
  });
}
