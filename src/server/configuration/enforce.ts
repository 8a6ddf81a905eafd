/**
 * One rule, one place: a form file's schema is the business rule of the endpoint it submits, so the API
 * checks every payload of that endpoint against it too (after the contract's shape and types). When
 * several forms submit one endpoint, their `submit.extra` values tell which applies; a payload that
 * matches none of them must pass all of them, so no value of a discriminating field escapes the rules.
 * The form's `rules` that read only what it sends are checked too (shared/config/formRules.ts), with their
 * own message.
 */
import type { ErrorObject } from 'ajv';
import { brokenRule } from '../../shared/config/formRules';
import type { CompiledConfiguration, FormRule } from './compile';

export type FormViolation =
  | { rule: FormRule; error: ErrorObject }
  /** A `rules` entry broken: its message key and values. */
  | { rule: FormRule; message: string; values: Record<string, string> };

export function formViolation(config: CompiledConfiguration, endpoint: string, input: Record<string, unknown>): FormViolation | undefined {
  const rules = config.formsByEndpoint.get(endpoint);
  if (!rules) return undefined;
  // Only literal extras tell forms apart; a {{binding}} (a value the app fills from the screen) says nothing.
  const literal = (v: unknown) => !(typeof v === 'string' && v.includes('{{'));
  const matching = rules.filter((r) => Object.entries(r.extra).every(([k, v]) => !literal(v) || String(input[k]) === String(v)));
  for (const rule of matching.length ? matching : rules) {
    if (!rule.validate(structuredClone(input))) {
      const error = rule.validate.errors?.[0];
      if (error) return { rule, error };
    }
    const broken = brokenRule(rule.rules, input);
    if (broken) return { rule, message: broken.rule.message, values: broken.values };
  }
  return undefined;
}
