/**
 * Live forms (withdrawal, exchange, and the order tickets to come), declared in the form file:
 * - `source`: an endpoint asked again, 300 ms after the fields its params read stop changing (and every
 *   `refresh` ms), while its `when` holds; its answer is `data` in the form's bindings and conditions,
 *   `form` is what is typed;
 * - `sections`: sections of the screen format, drawn by their widgets in the form's scope: `figures` among
 *   the fields, at the top or after one (minimum, fee, amount received, rate); `gate`, instead of the form
 *   while its `visibleIf` holds (no payment password yet: a text and a button to where it can be fixed);
 * - `rules`: conditions over the live figures that a field's value must meet, with their message; a `live` one
 *   shows as soon as its field holds a value (an amount under the minimum), the others after a submit.
 * Conditions compare decimal strings exactly; nothing here computes money, the server's answer does.
 */
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import useSWR from 'swr';
import type { FormValidation } from '@rjsf/utils';
import { test, testKnown } from '../../shared/screens/expression';
import { requestByName } from '../api/request';
import { useT } from '../i18n';
import { resolveValue, type PipeContext } from '../runtime/bindings';
import { RuntimeValueProvider, useOptionalRuntime } from '../runtime/context';
import type { Scope } from '../runtime/types';
import type { FormDefinition, FormFileSection, FormRule } from './types';
import { useAppState } from '../state/store';

export const SOURCE_DEBOUNCE_MS = 300;

/** What a form's bindings read: the screen's scope, what is typed (`form`) and the live answer (`data`). */
export type FormScope = Record<string, unknown>;

/** The screen's scope and pipes, or a plain one for a form shown on its own. */
export function useFormPipes(): { scope: Scope; pipes: PipeContext } {
  const runtime = useOptionalRuntime();
  const t = useT();
  const user = useAppState((s: { user?: unknown }) => s.user);
  return useMemo(() => runtime ?? {
    scope: { params: {}, query: {}, user: user ?? null, config: null, data: null, item: null },
    pipes: { t, locale: 'en', fiat: { code: 'USD', rate: 1 } },
  }, [runtime, t, user]);
}

function useDebounced<T>(value: T, key: string, ms: number): T {
  const [shown, setShown] = useState({ key, value });
  useEffect(() => {
    if (key === shown.key) return undefined;
    const timer = setTimeout(() => setShown({ key, value }), ms);
    return () => clearTimeout(timer);
  }, [key, value, ms, shown.key]);
  return shown.value;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The live answer of the form's `source` (undefined when the form has none). While its `when` does not
 * hold nothing is asked and the form shows without figures; once it holds, the figures fill in where they
 * are (such a form never gives way to a loading state).
 */
export function useFormSource(form: FormDefinition, scope: FormScope, pipes: PipeContext) {
  const source = form.source;
  const params = useMemo(() => {
    if (!source || !test(source.when, scope)) return null;
    const resolved = resolveValue(source.params ?? {}, scope, pipes) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(resolved).filter(([, v]) => !isEmpty(v)));
  }, [source, scope, pipes]);
  const key = JSON.stringify(params);
  const settled = useDebounced(params, key, SOURCE_DEBOUNCE_MS);
  const swr = useSWR(source && settled ? [source.endpoint, settled] as const : null,
    ([endpoint, p]: readonly [string, Record<string, unknown>]) => requestByName(endpoint, p, { loading: false, silent: true }),
    { keepPreviousData: true, refreshInterval: source?.refresh ?? 0 });
  // A source that waits for a choice never holds the form back: its figures fill in once the choice is made.
  const isLoading = Boolean(source && settled) && !source?.when && swr.data === undefined && !swr.error;
  return { data: swr.data as unknown, error: swr.error as unknown, isLoading, retry: () => { void swr.mutate(); } };
}

/** The first gate section whose `visibleIf` holds: shown instead of the form. */
export function activeGate(form: FormDefinition, scope: FormScope): FormFileSection | undefined {
  return (form.sections ?? []).find((s) => s.type === 'gate' && test(s.visibleIf, scope));
}

/**
 * The gate shown before the live answer arrives: the first that holds, when each gate before it is decided
 * without `data` (no payment password yet); undefined while one depends on the answer (a closed pair).
 */
export function gateBeforeData(form: FormDefinition, scope: FormScope): FormFileSection | undefined {
  const { data: _answer, ...known } = scope;
  for (const section of form.sections ?? []) {
    if (section.type !== 'gate') continue;
    const holds = section.visibleIf ? testKnown(section.visibleIf, known) : true;
    if (holds !== false) return holds ? section : undefined;
  }
  return undefined;
}

const bound = (values: Record<string, unknown> | undefined, scope: FormScope, pipes: PipeContext) =>
  resolveValue(values ?? {}, scope, pipes) as Record<string, unknown>;

/** The form's figures to draw after `field` (undefined: above the fields). */
export function sectionsAt(form: FormDefinition, field: string | undefined): FormFileSection[] {
  return (form.sections ?? []).filter((s) => s.type === 'figures' && s.after === field);
}

/**
 * The widgets of the screen format that draw a form file's sections, by type. The screen's form widget
 * (widgets/Form.tsx) hands them down: widgets sit above forms in the client's layers.
 */
export type FormSectionWidgets = { readonly [T in FormFileSection['type']]: ComponentType<{ section: Extract<FormFileSection, { type: T }> }> };

/** Sections among the fields, drawn by the screen format's widgets with the form's scope as theirs. */
export function FormSections({ sections, widgets, scope, pipes }: {
  sections: FormFileSection[]; widgets: FormSectionWidgets; scope: FormScope; pipes: PipeContext;
}) {
  const runtime = useMemo(() => ({ scope: scope as Scope, pipes }), [scope, pipes]);
  if (!sections.length) return null;
  return (
    <RuntimeValueProvider value={runtime}>
      {sections.filter((s) => test(s.visibleIf, scope)).map((s, i) => {
        const Widget = widgets[s.type] as ComponentType<{ section: FormFileSection }>;
        return <Widget key={s.id ?? i} section={s} />;
      })}
    </RuntimeValueProvider>
  );
}

/**
 * RJSF `customValidate`: the rules, once the live figures have arrived. A rule is checked whatever the field
 * holds, so it can require a choice (`form.destination`); one about an amount says `!form.number || …`.
 */
export function liveRules(rules: FormRule[] | undefined, scope: FormScope, pipes: PipeContext, t: (k: string, v?: Record<string, unknown>) => string) {
  return (formData: Record<string, unknown> | undefined, errors: FormValidation<Record<string, unknown>>): FormValidation<Record<string, unknown>> => {
    if (!rules?.length || isEmpty(scope.data)) return errors;
    const here = { ...scope, form: formData ?? {} };
    for (const rule of rules) {
      if (test(rule.test, here)) continue;
      errors[rule.field]?.addError(t(rule.message, bound(rule.values, here, pipes)));
    }
    return errors;
  };
}

/**
 * The `live` rules broken while the user types, as rjsf `extraErrors` (shown before any submit): only those
 * whose field holds a value, once the live figures have arrived. After a submit `liveRules` reports them all.
 */
export function liveRuleErrors(rules: FormRule[] | undefined, scope: FormScope, pipes: PipeContext, t: (k: string, v?: Record<string, unknown>) => string) {
  const form = (scope.form ?? {}) as Record<string, unknown>;
  const errors: Record<string, { __errors: string[] }> = {};
  if (isEmpty(scope.data)) return undefined;
  for (const rule of rules ?? []) {
    if (!rule.live || isEmpty(form[rule.field]) || test(rule.test, scope)) continue;
    (errors[rule.field] ??= { __errors: [] }).__errors.push(t(rule.message, bound(rule.values, scope, pipes)));
  }
  return Object.keys(errors).length ? errors : undefined;
}
