/**
 * `{{path | pipe:arg}}` bindings over the screen scope (params, query, user, config, data, item).
 * Pipes are the formatters of `src/shared/format` plus `t` (translate a message key).
 */
import * as format from '../../shared/format';
import { evaluate, parseBinding, type Node } from '../../shared/screens/expression';
import { NUMERIC_PIPES, PIPE_NAMES, SIGNED_PIPES, type PipeName } from '../../shared/screens/names';

export { PIPE_NAMES };

export interface PipeContext {
  /** Translates a message key. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** BCP 47 locale: how numbers are written (groups, decimal mark, digits). */
  locale: string;
  /** The chosen display fiat (from app state). */
  fiat: { code: string; rate: string | number };
}

type PipeFn = (value: unknown, args: unknown[], ctx: PipeContext) => unknown;

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '';
/** A number as the reader's language writes it (groups, decimal mark, digits). */
const local = (s: string, ctx: PipeContext): string => format.localize(s, ctx.locale);
const numeric = (fn: (v: format.DecimalInput) => string): PipeFn => (v, _args, ctx) => (isEmpty(v) ? '' : local(fn(v as format.DecimalInput), ctx));
/** A decimals argument (`amount:2`, `amount:item.decimals`), or none. */
const decimalsArg = (a: unknown): number | undefined => {
  const n = a === undefined || a === null || a === '' ? NaN : Number(a);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

export const PIPES: Record<PipeName, PipeFn> = {
  /** An amount, grouped, at most `decimals` decimals (truncated; default up to 10, or 20 below 1). */
  amount: (v, args, ctx) => (isEmpty(v) ? '' : local(format.groupedAmount(v as format.DecimalInput, decimalsArg(args[0])), ctx)),
  /** A change or a profit with its sign (`+1,234.5`, `-520`, `0`), decimals as `amount`. */
  signed: (v, args, ctx) => (isEmpty(v) ? '' : local(format.signed(v as format.DecimalInput, decimalsArg(args[0])), ctx)),
  compact: numeric((v) => format.compact(v)),
  percent: numeric((v) => format.percent(v)),
  /** A rate given as a fraction, unsigned: `0.0025` -> `0.25%` (an interest rate, a risk rate). */
  rate: numeric((v) => format.rate(v)),
  fiat: (v, _args, ctx) => (isEmpty(v) ? '' : local(format.fiat(v as format.DecimalInput, { code: ctx.fiat.code, rate: ctx.fiat.rate }), ctx)),
  datetime: (v, _args, ctx) => (isEmpty(v) ? '' : format.datetime(v as format.DecimalInput, ctx.locale)),
  /** The day of a time: `2026-11-23`. */
  date: (v, _args, ctx) => (isEmpty(v) ? '' : format.datetime(v as format.DecimalInput, ctx.locale).slice(0, 10)),
  countdown: (v) => (isEmpty(v) ? '' : format.countdown(v as format.DecimalInput)),
  /** Grouped by thousands, decimals as written (a price), or exactly `decimals` with an argument. */
  group: (v, args, ctx) => (isEmpty(v) ? '' : local(format.group(v as format.DecimalInput, decimalsArg(args[0])), ctx)),
  /** Translates the value as a key, or `prefix.value` with a prefix: `{{item.status | t:'record.status'}}`. */
  t: (v, args, ctx) => (isEmpty(v) ? '' : ctx.t(args[0] === undefined ? String(v) : `${String(args[0])}.${String(v)}`)),
  /** The value as the `count` of a plural message: `{{plan.lock_days | count:'unit.days'}}` -> `5 days`. */
  count: (v, args, ctx) => (isEmpty(v) || args[0] === undefined ? '' : ctx.t(String(args[0]), { count: Number(v) })),
  /** Falls back to the argument when the value is empty. */
  default: (v, args) => (isEmpty(v) ? args[0] : v),
  upper: (v) => (isEmpty(v) ? '' : String(v).toUpperCase()),
  /** A country's ISO code as its name in the reader's language: `{{item.iso | region}}` -> `United States`. */
  region: (v, _args, ctx) => (isEmpty(v) ? '' : format.regionName(String(v), ctx.locale)),
  /**
   * A link to a page of this app that works outside it (to share), the value appended, URL-encoded:
   * `{{data.extension_code | pageLink:'/pages/common/register?code='}}` -> `https://site/#/pages/common/register?code=AB12`.
   */
  pageLink: (v, args) => {
    const { origin, pathname } = window.location;
    return isEmpty(v) ? '' : `${origin}${pathname}#${String(args[0])}${encodeURIComponent(String(v))}`;
  },
  /** A saved bank card as its bank and the last four digits: `Bank ****1234`. */
  card: (v) => {
    const c = v as { bank_name?: unknown; bank_account?: unknown } | null;
    return c && typeof c.bank_name === 'string' && typeof c.bank_account === 'string' ? format.maskedCard({ bank_name: c.bank_name, bank_account: c.bank_account }) : '';
  },
};

const BINDING_RE = /\{\{([\s\S]*?)\}\}/g;
const WHOLE_BINDING_RE = /^\{\{([\s\S]*?)\}\}$/;

export function isBinding(text: unknown): text is string {
  return typeof text === 'string' && text.includes('{{');
}


/** What the numeric pipe of a binding gave: the text, the value it formatted, and its pipe. */
interface NumberTrace { text: string; raw: unknown; pipe: PipeName }

function runBinding(body: string, scope: Record<string, unknown>, ctx: PipeContext, trace?: { last?: NumberTrace }): unknown {
  const ast = parseBinding(body.trim());
  let value = evaluate(ast.expr, scope);
  for (const pipe of ast.pipes) {
    const fn = Object.prototype.hasOwnProperty.call(PIPES, pipe.name) ? PIPES[pipe.name as PipeName] : undefined;
    if (!fn) throw new Error(`unknown pipe "${pipe.name}"`);
    const input = value;
    value = fn(value, pipe.args.map((a: Node) => evaluate(a, scope)), ctx);
    if (trace && NUMERIC_PIPES.includes(pipe.name as PipeName)) trace.last = { text: String(value), raw: input, pipe: pipe.name as PipeName };
  }
  return value;
}

function safeRun(body: string, scope: Record<string, unknown>, ctx: PipeContext, trace?: { last?: NumberTrace }): unknown {
  try {
    return runBinding(body, scope, ctx, trace);
  } catch (err) {
    if (process.env.NODE_ENV !== 'production') console.warn(String(err));
    return undefined;
  }
}

const toText = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? '' : String(v));

/**
 * Resolves a value: a string that is exactly one binding yields the raw value; a string with bindings
 * inside yields the interpolated string; anything else is returned unchanged. Objects and arrays are
 * resolved recursively (for `params`).
 */
export function resolveValue(value: unknown, scope: Record<string, unknown>, ctx: PipeContext, encode = false): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const whole = WHOLE_BINDING_RE.exec(value);
    if (whole && !whole[1].includes('}}')) return safeRun(whole[1], scope, ctx);
    return value.replace(BINDING_RE, (_m, body: string) => {
      const s = toText(safeRun(body, scope, ctx));
      return encode ? encodeURIComponent(s) : s;
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, scope, ctx, encode));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, scope, ctx, encode)]));
  }
  return value;
}

/** A text field: a binding is resolved, anything else is a message key and is translated. */
export function resolveText(text: string | undefined, scope: Record<string, unknown>, ctx: PipeContext): string {
  if (text === undefined || text === '') return '';
  if (isBinding(text)) {
    const v = resolveValue(text, scope, ctx);
    return toText(v);
  }
  return ctx.t(text);
}

/** A number in a text: shown in `<bdi class="num">`, never wrapped, coloured by `tone`, `exact` as its title. */
export interface NumberPart { num: string; exact?: string; tone?: 'up' | 'down' | 'zero' }
export type TextPart = string | NumberPart;

function numberPart(trace: NumberTrace, ctx: PipeContext): NumberPart {
  const part: NumberPart = { num: trace.text };
  if (SIGNED_PIPES.includes(trace.pipe)) part.tone = /^\+/.test(trace.text) ? 'up' : /^-/.test(trace.text) ? 'down' : 'zero';
  // The exact value when the shown one is rounded or cut (not for fiat: that is another currency).
  if (trace.pipe !== 'fiat' && trace.pipe !== 'percent' && trace.pipe !== 'rate') {
    const exact = format.group(trace.raw as format.DecimalInput);
    if (exact !== format.INVALID) {
      const full = local(trace.pipe === 'signed' && !exact.startsWith('-') && exact !== '0' ? `+${exact}` : exact, ctx);
      if (!format.sameNumber(full, trace.text, ctx.locale)) part.exact = full;
    }
  }
  return part;
}

/**
 * A text field as parts: literal text, and each number a numeric pipe gave (see NUMERIC_PIPES) as a
 * {@link NumberPart}, so widgets draw every amount the same way. A message key is translated (one part).
 */
export function resolveParts(text: string | undefined, scope: Record<string, unknown>, ctx: PipeContext): TextPart[] {
  if (text === undefined || text === '') return [];
  if (!isBinding(text)) return [ctx.t(text)];
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(BINDING_RE)) {
    if (m.index! > at) parts.push(text.slice(at, m.index));
    at = m.index! + m[0].length;
    const trace: { last?: NumberTrace } = {};
    const shown = toText(safeRun(m[1], scope, ctx, trace));
    if (trace.last && trace.last.text === shown && shown !== '' && shown !== format.INVALID) parts.push(numberPart(trace.last, ctx));
    else if (shown) parts.push(shown);
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

type MessageValues = Record<string, unknown>;
const isSetting = (v: unknown): v is { setting: string } => !!v && typeof v === 'object' && typeof (v as { setting?: unknown }).setting === 'string';

/** ICU arguments of a message: literals, bindings, or the current fiat code / language code (`{ "setting": "fiat" }`). */
export function messageValues(values: MessageValues | undefined, scope: Record<string, unknown>, ctx: PipeContext, lang: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => {
    if (isSetting(v)) return [k, v.setting === 'fiat' ? ctx.fiat.code : lang];
    return [k, resolveValue(v, scope, ctx) ?? ''];
  }));
}

/** A route or URL template: bound values are URL-encoded. */
export function resolveTemplate(template: string, scope: Record<string, unknown>, ctx: PipeContext): string {
  if (!template.includes('{{')) return template;
  if (WHOLE_BINDING_RE.test(template)) return toText(resolveValue(template, scope, ctx));
  return String(resolveValue(template, scope, ctx, true));
}
