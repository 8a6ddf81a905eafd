/**
 * `{{path | pipe:arg}}` bindings over the screen scope (params, query, user, config, data, item).
 * Pipes are the formatters of `src/shared/format` plus `t` (translate a message key).
 */
import * as format from '../../shared/format';
import { evaluate, parseBinding, type Node } from '../../shared/screens/expression';
import { PIPE_NAMES, type PipeName } from '../../shared/screens/names';

export { PIPE_NAMES };

export interface PipeContext {
  /** Translates a message key. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** BCP 47 locale for dates. */
  locale: string;
  /** The chosen display fiat (from app state). */
  fiat: { code: string; rate: string | number };
}

type PipeFn = (value: unknown, args: unknown[], ctx: PipeContext) => unknown;

const f = format as unknown as Record<string, (...a: unknown[]) => string>;
const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '';
const numeric = (fn: (v: unknown) => string): PipeFn => (v) => (isEmpty(v) ? '' : fn(v));

export const PIPES: Record<PipeName, PipeFn> = {
  amount: (v, args) => (isEmpty(v) ? '' : f.amount(v, args[0] === undefined ? undefined : Number(args[0]))),
  compact: numeric((v) => f.compact(v)),
  percent: numeric((v) => f.percent(v)),
  fiat: (v, _args, ctx) => (isEmpty(v) ? '' : f.fiat(v, { code: ctx.fiat.code, rate: ctx.fiat.rate })),
  datetime: (v, _args, ctx) => (isEmpty(v) ? '' : f.datetime(v, ctx.locale)),
  /** The day of a time: `2026-11-23`. */
  date: (v, _args, ctx) => (isEmpty(v) ? '' : f.datetime(v, ctx.locale).slice(0, 10)),
  countdown: numeric((v) => f.countdown(v)),
  group: numeric((v) => f.group(v)),
  /** Translates the value as a key, or `prefix.value` with a prefix: `{{item.status | t:'record.status'}}`. */
  t: (v, args, ctx) => (isEmpty(v) ? '' : ctx.t(args[0] === undefined ? String(v) : `${String(args[0])}.${String(v)}`)),
  /** The value as the `count` of a plural message: `{{plan.lock_days | count:'unit.days'}}` -> `5 days`. */
  count: (v, args, ctx) => (isEmpty(v) || args[0] === undefined ? '' : ctx.t(String(args[0]), { count: Number(v) })),
  /** Falls back to the argument when the value is empty. */
  default: (v, args) => (isEmpty(v) ? args[0] : v),
  upper: (v) => (isEmpty(v) ? '' : String(v).toUpperCase()),
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


function runBinding(body: string, scope: Record<string, unknown>, ctx: PipeContext): unknown {
  const ast = parseBinding(body.trim());
  let value = evaluate(ast.expr, scope);
  for (const pipe of ast.pipes) {
    const fn = Object.prototype.hasOwnProperty.call(PIPES, pipe.name) ? PIPES[pipe.name as PipeName] : undefined;
    if (!fn) throw new Error(`unknown pipe "${pipe.name}"`);
    value = fn(value, pipe.args.map((a: Node) => evaluate(a, scope)), ctx);
  }
  return value;
}

function safeRun(body: string, scope: Record<string, unknown>, ctx: PipeContext): unknown {
  try {
    return runBinding(body, scope, ctx);
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
