/**
 * Widgets of live forms (see live.tsx), reading the form's scope (`data` = the live answer, `form`,
 * `query`, `user`) through the form context:
 * - `amount`: a decimal input with a Max button (`max`) or share chips (`shares` of `max`, rounded down
 *   to `decimals`), and with `step` (the number of decimals of the pair's price or quantity) − and + buttons
 *   moving it by one unit of the last decimal, starting from `stepFrom` (the last price) when empty;
 * - `choices`: one list of radio options gathered from several endpoints or from the live answer (`sources`:
 *   each an `endpoint` with `select`, or `items` bound to an array in scope such as `{{data.multiples}}`; with
 *   `filter`, and `value` / `label` / `detail` templates), with links to add what is missing (`links`,
 *   each hidden once the source named by `hideIfAny` has an option); `layout: "chips"` draws them as a row
 *   of chips (a leverage multiple, a seconds term), `pickFirst` chooses the first while nothing is chosen
 *   (the last while `pickLastIf` holds: the super-leverage shortcut's `query.lever == 'max'`), `pickOnly` the
 *   only one (and clears a value that is no longer among them); a source's `each` names a list in each of its
 *   rows whose elements are the options (the chains of the chosen currency);
 * - `segmented`: the `enum` of a field as a row of buttons (buy | sell, market | limit), `tones` colouring
 *   them (`up`: green, `down`: red).
 */
import { useEffect, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import useSWR from 'swr';
import { readDotted, test } from '../../shared/screens/expression';
import { D, ROUND } from '../../shared/format/decimal';
import { requestByName } from '../api/request';
import { useT } from '../i18n';
import { resolveTemplate, resolveText, resolveValue } from '../runtime/bindings';
import { navigateTo } from '../platform/navigation';
import type { FormContext } from './widgets';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const describedBy = (id: string, invalid: boolean) => (invalid ? `${id}__error` : undefined);
const isDecimal = (v: unknown): v is string | number => /^\d+(\.\d+)?$/.test(str(v));
/** One empty list for every absent option, so what is memoised on it stays memoised. */
const NONE: readonly never[] = [];

function useContextOf(props: WidgetProps): FormContext {
  return props.registry.formContext as FormContext;
}

/**
 * `value` moved by one unit of its `decimals`-th decimal (`up`: +, else −), in exact decimals: an empty or
 * unreadable value starts from `from` (or 0), a value with more decimals is first cut to `decimals`; never
 * below zero. Undefined when `decimals` is not a whole number from 0 to 18.
 */
export function stepped(value: unknown, decimals: number, up: boolean, from?: unknown): string | undefined {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) return undefined;
  const start = isDecimal(value) ? str(value) : isDecimal(from) ? str(from) : '0';
  const unit = new D(1).div(new D(10).pow(decimals));
  const base = new D(start).round(decimals, ROUND.down);
  // Empty, a step from the start shows the start itself (the last price) before moving from it.
  if (!isDecimal(value) && isDecimal(from)) return base.toFixed(decimals);
  const next = up ? base.plus(unit) : base.minus(unit);
  return (next.lt(0) ? new D(0) : next).toFixed(decimals);
}

export function AmountWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, placeholder, disabled, readonly, required, rawErrors, options, label } = props;
  const t = useT();
  const ctx = useContextOf(props);
  const max = ctx.resolve(options.max);
  const decimals = Number(ctx.resolve(options.decimals) ?? 8);
  const shares = Array.isArray(options.shares) ? options.shares.map(Number).filter((p) => p > 0 && p <= 100) : [];
  const invalid = Boolean(rawErrors?.length);
  const stepDecimals = options.step === undefined ? undefined : Number(ctx.resolve(options.step));
  const step = (up: boolean) => {
    const next = stepDecimals === undefined ? undefined : stepped(value, stepDecimals, up, ctx.resolve(options.stepFrom));
    if (next !== undefined) onChange(next);
  };
  const canStep = stepDecimals !== undefined && Number.isInteger(stepDecimals) && !disabled && !readonly;
  const fill = (percent: number) => {
    if (!isDecimal(max)) return;
    const places = Number.isInteger(decimals) && decimals >= 0 ? decimals : 8;
    onChange(new D(max).times(percent).div(100).round(places, ROUND.down).toFixed());
  };
  return (
    <div className="f-amount">
      <div className={stepDecimals === undefined ? 'f-inline' : 'f-inline f-stepper'}>
        {stepDecimals !== undefined && (
          <button type="button" className="f-step" disabled={!canStep} aria-controls={id} aria-label={t('form.amount.decrease', { field: label })}
            onClick={() => step(false)}>−</button>
        )}
        <input id={id} name={id} className="f-input" inputMode="decimal" autoComplete="off" value={str(value)} placeholder={placeholder}
          disabled={disabled} readOnly={readonly} required={required} aria-invalid={invalid} aria-describedby={describedBy(id, invalid)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.trim())}
          onBlur={(e) => onBlur(id, e.target.value)} onFocus={(e) => onFocus(id, e.target.value)} />
        {stepDecimals !== undefined && (
          <button type="button" className="f-step" disabled={!canStep} aria-controls={id} aria-label={t('form.amount.increase', { field: label })}
            onClick={() => step(true)}>+</button>
        )}
        {!shares.length && options.max !== undefined && (
          <button type="button" disabled={!isDecimal(max)} onClick={() => fill(100)}>{t(str(options.maxLabel) || 'form.amount.max')}</button>
        )}
      </div>
      {shares.length > 0 && (
        <div className="f-amount__shares">
          {shares.map((p) => (
            <button key={p} type="button" disabled={!isDecimal(max)} onClick={() => fill(p)}>
              {p === 100 ? t(str(options.allLabel) || 'form.amount.all') : `${p}%`}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

interface ChoiceSource {
  endpoint?: string; items?: string; params?: Record<string, unknown>; select?: string; filter?: string; each?: string; value: string; label: string; detail?: string;
}
interface ChoiceLink { label: string; to: string; hideIfAny?: number }
interface Choice { value: string; label: string; detail: string }

function rowsOf(answer: unknown, select: string | undefined): unknown[] {
  const list = readDotted(answer, select);
  if (Array.isArray(list)) return list;
  if (list && typeof list === 'object' && Array.isArray((list as { data?: unknown }).data)) return (list as { data: unknown[] }).data;
  return list === null || list === undefined ? [] : [list];
}

/** A number field keeps numbers: a choice's value is text in the DOM. */
function typedValue(schema: WidgetProps['schema'], value: string): string | number {
  return (schema.type === 'integer' || schema.type === 'number') && value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
}

export function ChoicesWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, options, label, schema } = props;
  const t = useT();
  const ctx = useContextOf(props);
  const sources = (Array.isArray(options.sources) ? options.sources : NONE) as ChoiceSource[];
  const links = (Array.isArray(options.links) ? options.links : NONE) as ChoiceLink[];
  const fetched = useMemo(() => sources.filter((s) => s.endpoint), [sources]);
  const requests = useMemo(() => fetched.map((s) => [s.endpoint!, ctx.resolve(s.params ?? {}) as Record<string, unknown>] as const), [fetched, ctx]);
  // The key names every source's endpoint, so revalidating any of them (a saved address) asks again.
  const { data: fetchedAnswers } = useSWR(fetched.length ? [...fetched.map((s) => s.endpoint), JSON.stringify(requests)] : null,
    () => Promise.all(requests.map(([e, p]) => requestByName(e, p, { loading: false, silent: true }))));
  let next = 0;
  const answers = sources.map((s) => (s.endpoint ? fetchedAnswers?.[next++] : ctx.resolve(s.items)));
  const ready = ctx.settled && (!fetched.length || fetchedAnswers !== undefined);
  const groups: Choice[][] = sources.map((s, i) => rowsOf(answers[i], s.endpoint ? s.select : undefined)
    .filter((item) => !s.filter || test(s.filter, { ...ctx.scope, item }))
    .flatMap((item) => (s.each ? rowsOf(item, s.each) : [item]))
    .map((item) => {
      const scope = { ...ctx.scope, item };
      return { value: str(resolveValue(s.value, scope, ctx.pipes)), label: resolveText(s.label, scope, ctx.pipes), detail: s.detail ? str(resolveValue(s.detail, scope, ctx.pipes)) : '' };
    }));
  const choices = groups.flat();
  const invalid = Boolean(rawErrors?.length);
  const chosen = str(value);
  const pickLast = typeof options.pickLastIf === 'string' && test(options.pickLastIf, ctx.scope);
  const first = (pickLast ? choices[choices.length - 1] : choices[0])?.value;
  const unknown = !choices.some((c) => c.value === chosen);
  const pickFirst = Boolean(options.pickFirst) && ctx.settled && first !== undefined && unknown;
  useEffect(() => { if (pickFirst && first !== undefined) onChange(typedValue(schema, first)); }, [pickFirst, first]); // eslint-disable-line react-hooks/exhaustive-deps
  // pickOnly: once every source has answered, the only choice is chosen, and a value that is no longer a choice is cleared.
  const only = choices.length === 1 ? first : undefined;
  const repick = Boolean(options.pickOnly) && ready && unknown && (only !== undefined || chosen !== '');
  useEffect(() => { if (repick) onChange(only === undefined ? undefined : typedValue(schema, only)); }, [repick, only]); // eslint-disable-line react-hooks/exhaustive-deps
  const chips = options.layout === 'chips';
  return (
    <fieldset className={chips ? 'f-choices f-choices--chips' : 'f-choices'} id={id} aria-describedby={describedBy(id, invalid)} aria-invalid={invalid}>
      <legend className="f-choices__legend">{label}</legend>
      {ready && !choices.length && options.empty !== undefined && <p className="f-help">{t(str(options.empty))}</p>}
      {choices.map((c) => (
        <label key={c.value} className="f-choice">
          <input type="radio" name={id} value={c.value} checked={chosen === c.value} disabled={disabled || readonly} onChange={() => onChange(typedValue(schema, c.value))} />
          <span><strong>{c.label}</strong>{c.detail && <bdi className="f-choice__detail">{c.detail}</bdi>}</span>
        </label>
      ))}
      {links.length > 0 && (
        <div className="f-choices__links">
          {links.filter((l) => l.hideIfAny === undefined || !groups[l.hideIfAny]?.length).map((l) => (
            <button key={l.label} type="button" className="f-link-button" onClick={() => navigateTo(resolveTemplate(l.to, ctx.scope, ctx.pipes))}>{t(l.label)}</button>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The field's `enum` as one row of buttons (radio inputs), labelled by `ui:enumNames`; `tones` colour them. */
export function SegmentedWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, options, label } = props;
  const choices = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const tones = (Array.isArray(options.tones) ? options.tones : NONE) as string[];
  return (
    <fieldset className="f-segmented" id={id}>
      <legend className="f-segmented__legend">{label}</legend>
      {choices.map((c, i) => (
        <label key={str(c.value)} className={`f-segment${tones[i] ? ` f-segment--${tones[i]}` : ''}`}>
          <input type="radio" name={id} value={str(c.value)} checked={str(value) === str(c.value)} disabled={disabled || readonly}
            onChange={() => onChange(c.value)} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
