/**
 * A form's `rules` that the API can check by itself: those whose test and message values read only fields the
 * form sends (`form.<field>` of a field not marked `ui:local`). The others read the source's live figures
 * (`data`), the page (`query`) or a field the API never receives; they restate the server's own checks of the
 * endpoint, for the app to show before a submit.
 */
import { bindingBodies } from '../screens/names';
import { evaluate, parseBinding, parseExpression, pathsOf, truthy, type Node } from '../screens/expression';

export interface FormRuleJson { field: string; test: string; message: string; values?: Record<string, unknown>; live?: boolean }

export interface ApiRule { field: string; test: Node; message: string; values: Record<string, Node | string> }

/** The fields a form sends: its schema's properties but the `ui:local` ones. */
export function sentFields(form: Record<string, unknown>): Set<string> {
  const props = Object.keys(((form.schema as { properties?: object } | undefined)?.properties ?? {}));
  const ui = (form.ui ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return new Set(props.filter((f) => ui[f]?.['ui:local'] !== true));
}

const readsOnly = (node: Node, sent: Set<string>): boolean => pathsOf(node).every((p) => p[0] === 'form' && p.length === 2 && sent.has(p[1]));

/** A message value: a plain text, or one `{{binding}}` without pipes (the API has no pipes); undefined when the API cannot bind it. */
function apiValue(value: unknown, sent: Set<string>): Node | string | undefined {
  if (typeof value !== 'string') return undefined;
  const bodies = bindingBodies(value);
  if (!bodies.length) return value;
  if (bodies.length !== 1 || value.trim() !== `{{${bodies[0]}}}`) return undefined;
  try {
    const ast = parseBinding(bodies[0].trim());
    return !ast.pipes.length && readsOnly(ast.expr, sent) ? ast.expr : undefined;
  } catch { return undefined; }
}

/** The rules of a form (already checked by the lint) that the API enforces. */
export function apiRules(form: Record<string, unknown>): ApiRule[] {
  const sent = sentFields(form);
  const out: ApiRule[] = [];
  for (const rule of (form.rules ?? []) as FormRuleJson[]) {
    let test: Node;
    try { test = parseExpression(rule.test); } catch { continue; }
    if (!readsOnly(test, sent)) continue;
    const values = Object.entries(rule.values ?? {}).map(([k, v]) => [k, apiValue(v, sent)] as const);
    if (values.some(([, v]) => v === undefined)) continue;
    out.push({ field: rule.field, test, message: rule.message, values: Object.fromEntries(values) as Record<string, Node | string> });
  }
  return out;
}

/** The first rule a payload breaks, with its message's values. */
export function brokenRule(rules: readonly ApiRule[], input: Record<string, unknown>): { rule: ApiRule; values: Record<string, string> } | undefined {
  const scope = { form: input };
  const rule = rules.find((r) => !truthy(evaluate(r.test, scope)));
  if (!rule) return undefined;
  return { rule, values: Object.fromEntries(Object.entries(rule.values).map(([k, v]) => [k, typeof v === 'string' ? v : String(evaluate(v, scope) ?? '')])) };
}
