/**
 * Renders `schemas/<name>.json` with @rjsf/core, our mobile theme and widgets. Validation uses the
 * form's precompiled validators (createPrecompiledValidator); nothing is compiled at run time.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { withTheme, type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
// Only createPrecompiledValidator: the package is side-effect free and its default export is annotated
// pure, so the bundler drops customizeValidator and the run-time ajv compiler (no `new Function`).
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { request } from '../api/request';
import { useT } from '../i18n';
import { useIntl } from 'react-intl';
import { toast } from '../platform/feedback';
import { goBack, HOME_ROUTE, isBackRoute, navigateTo } from '../platform/navigation';
import { isKnownRoute } from '../platform/routes';
import { clearUser, setToken, setUser } from '../state/store';
import type { FormDefinition } from './types';
import { loadForm, loadedForm, type FormModule } from './loadForm';
import { errorKeys, localizeErrors } from './messages';
import { activeGate, FormSections, gateBeforeData, liveRuleErrors, liveRules, sectionsAt, useFormPipes, useFormSource, type FormSectionWidgets } from './live';
import { resolveValue } from '../runtime/bindings';
import { callEndpoint } from '../runtime/callEndpoint';
import { test } from '../../shared/screens/expression';
import { AFTER_SUBMIT, ruleArguments } from '../../shared/config/formRuntime';
import { useManifest } from '../platform/configuration';
import { templates } from './theme';
import { ConfirmSheet } from './ConfirmSheet';
import { widgets, type FormContext } from './widgets';

/** For the form section's preload (widgets/Form.tsx), which reaches this chunk only by import(). */
export { loadForm };

const ThemedForm = withTheme({ templates, widgets });

const TEXT_KEYS = new Set(['ui:title', 'ui:placeholder', 'ui:help', 'ui:description', 'ui:submitText']);

type Translate = (key: string, values?: Record<string, unknown>) => string;


/**
 * Translates the message keys in a ui schema (titles, placeholders, help). A field's texts receive its
 * rules as ICU arguments (`{minLength}` …), so a limit lives only in the form's schema.
 */
export function localizeUi(ui: unknown, t: Translate, schema?: Record<string, unknown>, args: Record<string, unknown> = {}): unknown {
  if (Array.isArray(ui)) return ui;
  if (!ui || typeof ui !== 'object') return ui;
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ui)) {
    if (TEXT_KEYS.has(k) && typeof v === 'string') out[k] = t(v, args);
    else if (k === 'ui:enumNames' && Array.isArray(v)) out[k] = v.map((name) => (typeof name === 'string' ? t(name) : name));
    else if (k === 'ui:submitButtonOptions' && v && typeof v === 'object') {
      const o = v as { submitText?: string };
      out[k] = { ...o, ...(o.submitText ? { submitText: t(o.submitText) } : {}) };
    } else if (!k.startsWith('ui:') && Object.prototype.hasOwnProperty.call(props, k)) {
      out[k] = localizeUi(v, t, props[k] as Record<string, unknown>, ruleArguments(props[k]));
    } else out[k] = localizeUi(v, t, undefined, args);
  }
  return out;
}

/**
 * Runs a form's `submit`: the call (with `extra` resolved against the form's scope), then token + user info
 * (stored, or forgotten when the call ended the session), toast (its values bound to the answer as `data`),
 * navigation (its route bound the same way: the order just placed; back instead while `backIf` holds over the screen). Returns the answer. A refusal is not toasted
 * (showFailure: false): it rejects, and the form shows the server's reason beside the field it names, or at the
 * top of the form (`submitFailure`), or in the confirmation sheet while that is open.
 */
export async function submitForm(form: FormDefinition, data: Record<string, unknown>, t: (k: string, v?: Record<string, unknown>) => string,
  bind: (value: unknown, answer?: unknown) => unknown = (v) => v, holds: (condition: string) => boolean = () => false): Promise<unknown> {
  const payload = { ...(bind(form.submit.extra ?? {}) as Record<string, unknown>), ...data };
  const result = await callEndpoint(form.submit.endpoint, payload, { showFailure: false });
  const s = form.submit.success;
  if (s?.setToken && typeof result === 'string' && result) {
    setToken(result);
    try {
      setUser(await request('GET /user/info', {}, { loading: false }));
    } catch { /* the token is stored; user info is fetched again later */ }
  }
  if (s?.signOut) clearUser();
  if (s?.toast) toast(t(s.toast, bind(s.values ?? {}, result) as Record<string, unknown>));
  // back to where the form was opened from: the withdrawal that asked for a payment password, the ticket whose Transfer link led here
  if (s?.navigate === 'action:back' || (s?.backIf && holds(s.backIf))) goBack();
  else if (s?.navigate) navigateTo(routeAfter(s.navigate, (v) => bind(v, result)));
  return result;
}

/**
 * Where a form goes after success: its route, or a bound one (`{{query.back | default:'/pages/my/index'}}`:
 * back to the page that sent the user to log in) when that is a page of the app; else home.
 */
export function routeAfter(navigate: string, bind: (value: unknown) => unknown): string {
  if (!navigate.includes('{{')) return navigate;
  const to = bind(navigate);
  return isBackRoute(to) && isKnownRoute(to) ? to : HOME_ROUTE;
}

/** The `default`s of the top-level fields, present from the first render (a live source reads them). */
function schemaDefaults(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  return Object.fromEntries(Object.entries(props).filter(([, p]) => p && typeof p === 'object' && p.default !== undefined).map(([k, p]) => [k, p.default]));
}

/**
 * Initial values as the schema types them: a screen's `initial` often comes from the route's query, where an
 * integer field's value is the text "1"; the form would refuse it as "not an integer" on submit. An empty
 * text is no value, as a field typed empty is (`{{user.signature}}` of a user without one is not a
 * signature too short, and an optional field left so is not sent).
 */
export function typedInitial(schema: Record<string, unknown>, initial: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.fromEntries(Object.entries(initial).filter(([, v]) => v !== '').map(([k, v]) => {
    const type = props[k]?.type;
    if (typeof v !== 'string') return [k, v];
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(v)) return [k, Number(v)];
    if (type === 'boolean' && (v === 'true' || v === 'false')) return [k, v === 'true'];
    return [k, v];
  }));
}

/** Fields whose `ui:visibleIf` does not hold under `scope`: not drawn, and their values are neither kept nor sent. */
export function hiddenFields(ui: Record<string, unknown> | undefined, scope: Record<string, unknown>): string[] {
  return Object.entries(ui ?? {}).filter(([field, hints]) => !field.startsWith('ui:') && hints && typeof hints === 'object'
    && typeof (hints as Record<string, unknown>)['ui:visibleIf'] === 'string'
    && !test((hints as Record<string, string>)['ui:visibleIf'], scope)).map(([field]) => field);
}

/** Fields marked `"ui:local": true`: they steer the form (market or limit) and are never sent. */
export function localFields(ui: Record<string, unknown> | undefined): string[] {
  return Object.entries(ui ?? {}).filter(([field, hints]) => !field.startsWith('ui:') && hints && typeof hints === 'object'
    && (hints as Record<string, unknown>)['ui:local'] === true).map(([field]) => field);
}

/** Whether a validation error is about `field` (a required one names it as the missing property). */
const isAbout = (e: RJSFValidationError, field: string) =>
  e.property === `.${field}` || e.property === field || (e.params as { missingProperty?: string } | undefined)?.missingProperty === field;

/** A field's translated title in the form file (`ui:title`), else its name. */
function fieldTitle(form: FormDefinition, field: string, t: Translate): string {
  const title = ((form.ui ?? {})[field] as Record<string, unknown> | undefined)?.['ui:title'];
  return typeof title === 'string' ? t(title) : field;
}

/** A refused submit as the form shows it: the server's reason, and the field it is about when the form has that field. */
export interface SubmitFailure { message: string; field?: string }

/**
 * What a failed submit shows in the form, or null when the shell shows it (999: the session ended, 998:
 * verify first, each a toast and a redirect). A reason about a field the form does not show goes on top.
 */
export function submitFailure(err: unknown, t: Translate, shown: (field: string) => boolean): SubmitFailure | null {
  const { type, message, field } = (err ?? {}) as { type?: unknown; message?: unknown; field?: unknown };
  if (type === '999' || type === '998') return null;
  const text = typeof message === 'string' && message ? message : t('common.network_error');
  return typeof field === 'string' && shown(field) ? { message: text, field } : { message: text };
}

/** Whether `field` (any field when none is named) differs between two versions of what is typed. */
export function changed(before: Record<string, unknown>, after: Record<string, unknown>, field?: string): boolean {
  const keys = field ? [field] : [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

const without = (data: Record<string, unknown>, fields: string[]) =>
  (fields.some((f) => data[f] !== undefined) ? Object.fromEntries(Object.entries(data).filter(([k]) => !fields.includes(k))) : data);

export interface SchemaFormProps {
  name: string;
  initial?: Record<string, unknown>;
  /** Called after a successful submit with the response message. */
  onSubmitted?: (result: unknown) => void;
  /** Fields shown but not changed on this screen (the account's own email). */
  readonly?: string[];
  /** false: without the form file's links. */
  links?: boolean;
  /** For tests and callers that already hold the module. */
  module?: FormModule;
  /** The widgets drawing the form file's sections (figures, gates), by type; without them, a form has none. */
  sectionWidgets?: FormSectionWidgets;
  /** Values put into the fields each time `seq` changes (a price picked in the order book). */
  fill?: { seq: number; values: Record<string, unknown> };
}

/** The submit button's tone from the form file's `submitTone` template: `up` or `down`, else none. */
export function submitTone(form: FormDefinition, resolve: (v: unknown) => unknown): 'up' | 'down' | undefined {
  if (!form.submitTone) return undefined;
  const tone = resolve(form.submitTone);
  return tone === 'up' || tone === 'down' ? tone : undefined;
}

const NONE_DRAWN = () => null;
const NO_WIDGETS: FormSectionWidgets = { figures: NONE_DRAWN, gate: NONE_DRAWN };

export function LoadedForm({ module, initial, onSubmitted, readonly, links = true, sectionWidgets = NO_WIDGETS, fill }: Omit<SchemaFormProps, 'name' | 'module'> & { module: FormModule }) {
  const t = useT();
  const { form, name, validateFns } = module;
  const [formData, setFormData] = useState<Record<string, unknown>>(() => ({ ...schemaDefaults(form.schema), ...typedInitial(form.schema, initial ?? {}) }));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server's reason for the last refused submit: it stays until the user changes what it is about.
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const dataRef = useRef(formData);
  dataRef.current = formData;
  // A pick (a price tapped in the order book) fills its fields each time it is made (state adjusted while
  // rendering, as React advises for a change of props, rather than in an effect).
  const [filled, setFilled] = useState<number | undefined>(undefined);
  if (fill && fill.seq !== filled) {
    setFilled(fill.seq);
    setFormData((current) => ({ ...current, ...typedInitial(form.schema, fill.values) }));
  }

  // What the form file's bindings and conditions read: the screen, what is typed, the live answer.
  const { scope: screen, pipes } = useFormPipes();
  const typed = useMemo(() => ({ ...screen, form: formData }), [screen, formData]);
  const live = useFormSource(form, typed, pipes);
  const scope = useMemo(() => ({ ...typed, data: live.data ?? null }), [typed, live.data]);
  // While the live answer is on its way, the form is drawn as it will be, held still under a loading status:
  // the page keeps its height when the answer arrives (issue 23). A gate decided without the answer shows at once.
  const loading = Boolean(form.source && live.isLoading);

  const schema = form.schema as RJSFSchema;
  const validator = useMemo(
    () => createPrecompiledValidator(validateFns as never, schema) as ValidatorType,
    [validateFns, schema],
  );
  const hidden = useMemo(() => hiddenFields(form.ui, scope), [form.ui, scope]);
  // A confirmation step: the payload waiting in its sheet, and the field asked for there instead of in the form.
  const confirm = form.submit.confirm;
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const submitText = form.submitLabelValues
    ? t(form.submitLabel ?? 'form.submit', resolveValue(form.submitLabelValues, scope, pipes) as Record<string, unknown>)
    : t(form.submitLabel ?? 'form.submit');
  const tone = submitTone(form, (v) => resolveValue(v, scope, pipes));
  const uiSchema = useMemo(() => {
    const ui = localizeUi(form.ui ?? {}, t, schema as Record<string, unknown>) as UiSchema;
    for (const field of hidden) ui[field] = { ...(ui[field] as object), 'ui:widget': 'hidden' };
    for (const field of readonly ?? []) ui[field] = { ...(ui[field] as object), 'ui:readonly': true };
    if (confirm?.field) ui[confirm.field] = { ...(ui[confirm.field] as object), 'ui:widget': 'hidden' };
    return {
      ...ui,
      'ui:submitButtonOptions': { submitText, props: { disabled: busy, ...(tone ? { className: `f-submit f-submit--${tone}` } : {}) } },
    } as UiSchema;
  }, [form, schema, t, busy, hidden, readonly, confirm, submitText, tone]);
  const formContext = useMemo<FormContext>(() => ({
    formName: name,
    getFormData: () => dataRef.current,
    setFields: (values) => setFormData((current) => ({ ...current, ...values })),
    scope,
    pipes,
    resolve: (value) => resolveValue(value, scope, pipes),
    after: (field) => <FormSections sections={sectionsAt(form, field)} widgets={sectionWidgets} scope={scope} pipes={pipes} />,
    settled: !loading,
  }), [name, scope, pipes, form, sectionWidgets, loading]);

  const intl = useIntl();
  const has = useCallback((key: string) => Object.prototype.hasOwnProperty.call(intl.messages ?? {}, key), [intl]);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => localizeErrors(errors.filter((e) => !confirm?.field || !isAbout(e, confirm.field)), name, form.messages, t, has,
      schema as Record<string, unknown>),
    [name, form.messages, t, has, schema, confirm],
  );
  const customValidate = useMemo(() => (form.rules ? liveRules(form.rules, scope, pipes, t) : undefined), [form.rules, scope, pipes, t]);
  // Before a submit only the `live` rules show (an amount under the minimum); after one, customValidate reports every rule.
  const liveErrors = useMemo(() => (submitted ? undefined : liveRuleErrors(form.rules, scope, pipes, t)), [submitted, form.rules, scope, pipes, t]);

  // A new refusal is brought into view: the field it names gets the focus, a form-wide one is scrolled to.
  const topError = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failure) return;
    if (failure.field) document.getElementById(`f-${name}_${failure.field}`)?.focus();
    else topError.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure, name]);

  // The live rules' errors (before a submit) and the server's reason about a field, beside that field.
  const extraErrors = useMemo(() => {
    const out = { ...(liveErrors ?? {}) } as ErrorSchema;
    if (failure?.field) out[failure.field] = { __errors: [...(out[failure.field]?.__errors ?? []), failure.message] } as ErrorSchema;
    return Object.keys(out).length ? out : undefined;
  }, [liveErrors, failure]);

  const send = async (payload: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      const bind = (value: unknown, answer?: unknown) => resolveValue(value, answer === undefined ? scope : { ...scope, data: answer }, pipes);
      const result = await submitForm(form, payload, t, bind, (condition) => test(condition, scope));
      setPending(null);
      const reset = form.submit.success?.reset;
      if (reset?.length) setFormData((current) => ({ ...current, ...Object.fromEntries(reset.map((f) => [f, undefined])) }));
      onSubmitted?.(result);
    } catch (err) {
      // Shown in the form until corrected; a retry of the same payload reuses its idempotency key.
      const props = (schema.properties ?? {}) as Record<string, unknown>;
      setFailure(submitFailure(err, t, (field) => Object.prototype.hasOwnProperty.call(props, field) && !hidden.includes(field)));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = async ({ formData: data }: IChangeEvent) => {
    const payload = without((data ?? {}) as Record<string, unknown>, [...hidden, ...localFields(form.ui), ...(confirm?.field ? [confirm.field] : [])]);
    if (confirm) setPending(payload); // sent from the sheet, once confirmed
    else await send(payload);
  };

  if (form.source && live.error && live.data === undefined) {
    return (
      <div className="w-state w-error" role="alert">
        <span>{t('widget.load_failed')}</span>
        <button type="button" className="w-link-button" onClick={live.retry}>{t('widget.retry')}</button>
      </div>
    );
  }
  const gate = loading ? gateBeforeData(form, scope) : activeGate(form, scope);
  if (gate) return <FormSections sections={[gate]} widgets={sectionWidgets} scope={scope} pipes={pipes} />;

  return (
    <div className={loading ? 'f-form is-loading' : 'f-form'} aria-busy={loading || undefined}>
      {loading && <div className="f-form-loading" role="status">{t('list.loading')}</div>}
      <div className="f-form-body" inert={loading} aria-hidden={loading || undefined}>
        <FormSections sections={sectionsAt(form, undefined)} widgets={sectionWidgets} scope={scope} pipes={pipes} />
        {failure && !failure.field && !pending && <div className="f-form-error" role="alert" ref={topError}>{failure.message}</div>}
        <ThemedForm
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={formData}
          formContext={formContext}
          onChange={(e: IChangeEvent) => {
            const next = (e.formData ?? {}) as Record<string, unknown>;
            if (failure && changed(dataRef.current, next, failure.field)) setFailure(null);
            setFormData(without(next, hiddenFields(form.ui, { ...scope, form: next })));
          }}
          onSubmit={(e: IChangeEvent) => { void onSubmit(e); }}
          onError={() => setSubmitted(true)}
          transformErrors={transformErrors}
          extraErrors={extraErrors}
          customValidate={customValidate as never}
          showErrorList={false}
          liveValidate={submitted ? 'onChange' : false}
          noHtml5Validate
          focusOnFirstError
          idPrefix={`f-${name}`}
        />
        <FormSections sections={sectionsAt(form, AFTER_SUBMIT)} widgets={sectionWidgets} scope={scope} pipes={pipes} />
        {confirm && pending && (
          <ConfirmSheet confirm={confirm} title={t(confirm.title)} scope={scope} pipes={pipes} widgets={sectionWidgets} busy={busy} refusal={failure?.message}
            fieldLabel={confirm.field ? fieldTitle(form, confirm.field, t) : ''}
            required={confirm.field ? t(errorKeys(name, confirm.field, 'required', undefined, form.messages).find(has) ?? 'error.required') : ''}
            onCancel={() => setPending(null)}
            onConfirm={(value) => { void send(confirm.field ? { ...pending, [confirm.field]: value } : pending); }} />
        )}
        {links && form.links && form.links.length > 0 && (
          <nav className="f-links">
            {form.links.map((l) => (
              <a key={l.to} href={`#${l.to}`} onClick={(e: MouseEvent) => { e.preventDefault(); navigateTo(l.to); }}>{t(l.label)}</a>
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}

/**
 * Loads the form by name and follows the operator's changes to its file: the new version replaces the old
 * in place, keeping what the user typed.
 */
export default function SchemaForm({ name, module, ...rest }: SchemaFormProps) {
  const t = useT();
  const version = useManifest().forms[name];
  // The form last loaded for this name (a new version replaces it in place); another name starts empty.
  const [fetched, setFetched] = useState<{ name: string; module: FormModule } | null>(() => {
    const ready = module ? undefined : loadedForm(name);
    return ready ? { name, module: ready } : null;
  });
  const loaded = module ?? (fetched && fetched.name === name ? fetched.module : null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module) return undefined;
    let live = true;
    loadForm(name).then((m) => { if (live) setFetched((had) => (had?.name === name && had.module === m ? had : { name, module: m })); }, (err: unknown) => { console.error(err); if (live) setFailed(true); });
    return () => { live = false; };
  }, [name, module, version]);
  if (failed) return <div className="w-state w-error" role="alert">{t('widget.load_failed')}</div>;
  if (!loaded) return <div className="w-state" role="status">{t('list.loading')}</div>;
  return <LoadedForm module={loaded} {...rest} />;
}
