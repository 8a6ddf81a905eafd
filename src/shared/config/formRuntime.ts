/**
 * How a form travels from the server to the app: `/config/forms/<name>.<hash>.js`, an ES module from our own
 * origin (so the CSP needs no `unsafe-eval`) with the form file and its validators precompiled by ajv:
 *
 *   export const form = { …the form file… };
 *   export default function (require, formats) { …ajv standalone code…; return validateFns; }
 *
 * The validators' code may use only the ajv runtime helpers and the linear-time pattern matcher below, which
 * the app bundles and hands in through `require`; the server refuses a form whose code needs another.
 */
export const FORM_RUNTIME_MODULES = ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', 'shared/validators/linearRegExp'] as const;
export type FormRuntimeModule = (typeof FORM_RUNTIME_MODULES)[number];

/** A form section's `after` that puts it under the submit button (figures read once, not needed to fill the form). */
export const AFTER_SUBMIT = '@submit';

/** Field rules handed to a field's texts (label, placeholder, help, errors) as ICU arguments. */
export const RULE_ARGUMENTS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'maxTextLength'] as const;

/** The numeric rules of one field schema, as ICU arguments (`{minLength}` …). */
export function ruleArguments(fieldSchema: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!fieldSchema || typeof fieldSchema !== 'object') return out;
  for (const name of RULE_ARGUMENTS) {
    const v = (fieldSchema as Record<string, unknown>)[name];
    if (typeof v === 'number') out[name] = v;
  }
  return out;
}
