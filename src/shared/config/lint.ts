/**
 * `npm run lint:config`: checks the operator-editable configuration and prints `file: JSON path: reason`
 * per problem (exit 1 if any):
 * - every `screens/**\/*.json` route screen satisfies `screens/screen.schema.json` (after migration), its
 *   `route` matches its file path, its endpoints exist in the contract, its message keys exist in
 *   i18n/en.json, its bindings and conditions parse (known pipes only), its links point at existing
 *   screens, its forms and components exist;
 * - every `schemas/*.json` form is a valid JSON Schema (compiled with the shared formats/keywords), its
 *   ui keys name existing properties, its widgets exist, its endpoints and message keys exist.
 * `screens/app.json` (the shell's config), `screens/fragments/` (parts screens share) and `*.schema.json` files are not route screens.
 */
/**
 * The check of the operator-editable configuration, shared by `npm run lint:config`, the tests and the
 * server, which runs it on every (re)load and refuses a configuration with any problem. Pure: it takes
 * the files' texts (path relative to the configuration folder -> text) and returns every problem as
 * `file: JSON path (or line:column): reason`, plus the parsed files.
 * - `screens/**\/*.json` route screens satisfy `screen.schema.json` (after migration, with their shared
 *   fragments of `screens/fragments/` in place: shared/screens/fragments.ts), their `route` matches
 *   the file path, their endpoints exist in the contract, their message keys exist in i18n/en.json, their
 *   bindings and conditions parse (known pipes only, paths declared by the endpoint's response), their
 *   links point at existing screens, their forms and components exist; `screens/app.json` satisfies
 *   `app.schema.json`;
 * - `schemas/*.json` forms satisfy `form.schema.json`; their schema compiles with strict ajv (an unknown
 *   keyword is an error) and the shared formats and keywords; ui keys name existing properties; endpoints
 *   and message keys exist; every field is a request field of the submitted endpoint and no rule
 *   contradicts the contract's;
 * - `i18n/<lang>.json`: every check of shared/i18n/check (ICU syntax, placeholders, parity with en).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ENDPOINTS, type EndpointSpec, type JsonSchema } from '../contract';
import { checkContent, CONTENT_FILES, type SiteContent } from './content';
import { checkSettings, type BuySettings, type ReferralSettings, type VipSettings, type CouponSettings, type ChainSetting, type SiteSettings } from './settings';
import { checkMessages, messageArguments, type LoadedFile } from '../i18n/check';
import { CORE_MESSAGE_PREFIXES, messagePart } from '../i18n/catalogues';
import { DEFAULT_LANGUAGE, LANGUAGE_CODE, languageEntries, type Language, type LanguageEntry } from '../i18n/languages';
import { languageListProblems } from '../i18n/languageChecks';
import { LINEAR_REGEXP_ENGINE, registerAjv } from '../validators/ajv';
import { SCOPE_ROOTS, parseBinding, parseExpression, pathsOf, type Node } from '../screens/expression';
import { SCREEN_FORMAT, migrateForm, migrateScreen } from '../screens/migrate';
import { FRAGMENTS_FOLDER, resolveFragments, type FragmentFile, type FragmentUse } from '../screens/fragments';
import { REGISTERED_ROUTES } from '../routes';
import { COMPONENT_NAMES, LINK_ACTIONS, PIPE_NAMES, bindingBodies } from '../screens/names';
import { jsonPath, parseJson, type Problem } from './json';
import { contractConflicts } from './contractConflicts';
import { linearPatternProblem } from '../validators/linearRegExp';
import { SECTIONS } from '../sections';
import type { SectionDefinition, SectionJson, SectionLintContext, SectionSource } from '../sections/section';
import { AFTER_SUBMIT } from './formRuntime';
import { ICON_NAMES, isDrawnIcon } from '../screens/icons';

export { formatProblem, jsonPath, type Problem } from './json';

/**
 * The ajv options of every form validator, in the app, the API and the check: strict, so a typo fails;
 * patterns run by the linear-time matcher, so no text can make a pattern slow.
 */
export const FORM_AJV_OPTIONS = { $data: true, allErrors: true, strict: true, strictTypes: false, strictTuples: false, code: { regExp: LINEAR_REGEXP_ENGINE } } as const;

/** A new ajv for form schemas, with the shared formats and keywords. */
export function formAjv(): Ajv {
  return registerAjv(new Ajv(FORM_AJV_OPTIONS));
}

export interface MetaSchemas { screen: object; app: object; form: object }

export interface LintInput {
  /** Path relative to the configuration folder (`screens/fund/assets.json`) -> text. */
  files: Readonly<Record<string, string>>;
  metaSchemas: MetaSchemas;
  /** Message keys available (tests; default: i18n/en.json of `files`). */
  messages?: Record<string, string>;
  /** Endpoint keys available (defaults to the contract's ENDPOINTS). */
  endpoints?: readonly string[];
  /**
   * Endpoint declarations used to check request fields and the `data.` / `item.` / `user.` / `config.`
   * paths of bindings against the declared response schemas (defaults to ENDPOINTS when `endpoints`
   * is not given).
   */
  endpointSpecs?: Record<string, EndpointSpec>;
  /** Check the i18n files too (default true when `messages` is not given). */
  i18n?: boolean;
  /** The section types and their rules (default: the app's, src/shared/sections). */
  sections?: readonly SectionDefinition[];
  /** The files of content/images/ (name -> content hash); unknown images are not checked without it. */
  images?: ReadonlyMap<string, string>;
}

/** What the check parsed: the configuration when there is no problem. */
export interface LintResult {
  problems: Problem[];
  /** Migrated screens by route. */
  screens: Map<string, { file: string; screen: Record<string, unknown> }>;
  forms: Map<string, Record<string, unknown>>;
  app: Record<string, unknown> | undefined;
  /** Messages by language as in the files (no fallback applied). */
  messages: Partial<Record<Language, Record<string, string>>>;
  /** The languages app.json offers, in the picker's order. */
  languages: LanguageEntry[];
  /** The content files (content.ts) when they are there and right. */
  content?: SiteContent;
  images?: ReadonlyMap<string, string>;
  /** settings/chains.json when it is there and right. */
  chains?: ChainSetting[];
  /** settings/site.json, when it passed its checks. */
  site?: SiteSettings;
  /** settings/buy.json, when it passed its checks. */
  buy?: BuySettings;
  /** settings/referral.json, when it passed its checks. */
  referral?: ReferralSettings;
  /** settings/vip.json, when it passed its checks. */
  vip?: VipSettings;
  /** settings/coupons.json, when it passed its checks. */
  coupons?: CouponSettings;
}

export const KEY_RE = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+$/;
/** Properties of a screen whose strings are texts: a message key or a binding. */
const TEXT_PROPS = new Set(['title', 'label', 'empty', 'text', 'confirm', 'toast', 'caption', 'done', 'heading',
  'subheading', 'subtitle', 'value', 'note', 'alt', 'suffix', 'placeholder', 'none', 'recent', 'clear', 'stale', 'button',
  'addLabel', 'removeLabel', 'cancel']);
/** Properties holding a condition of the expression language (like `visibleIf`). */
const CONDITION_PROPS = new Set(['visibleIf', 'filter', 'hides', 'find', 'when']);
/** Properties holding a binding or template (checked for syntax). */
const TEMPLATE_PROPS = new Set(['to', 'moreTo', 'navigate', 'url', 'image', 'html', 'body', 'seconds', 'lang', 'code', 'icon',
  'price', 'priceDecimals', 'priceCurrency', 'change', 'rows', 'items', 'key']);
const UI_TEXT_KEYS = ['ui:title', 'ui:placeholder', 'ui:help', 'ui:description'];

/** Whether `rel` (relative to `screens/`) is a route screen: not the shell's app.json, a meta-schema or a fragment. */
export function isScreenFile(rel: string): boolean {
  return rel !== 'app.json' && !rel.endsWith('.schema.json') && !rel.startsWith(FRAGMENTS_FOLDER);
}

/** Where a problem inside a fragment comes from: ` (from screens/fragments/….json)`, or nothing. */
function fragmentNote(uses: readonly FragmentUse[], path: string): string {
  const inside = uses.map((use) => ({ use, at: jsonPath(use.at) }))
    .filter(({ at }) => path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`));
  const innermost = inside.sort((a, b) => b.at.length - a.at.length)[0];
  return innermost ? ` (from screens/${innermost.use.file})` : '';
}

function describe(e: ErrorObject): { path: string; reason: string } {
  const base = e.instancePath;
  switch (e.keyword) {
    case 'additionalProperties':
      return { path: jsonPath(`${base}/${e.params.additionalProperty}`), reason: 'unknown property' };
    case 'required':
      return { path: jsonPath(base), reason: `missing required property "${e.params.missingProperty}"` };
    case 'enum':
      return { path: jsonPath(base), reason: `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'anyOf':
      return { path: jsonPath(base), reason: base.endsWith('title') || /text|label/.test(String(e.schemaPath)) ? 'must be a message key or a {{binding}}' : 'does not match any allowed form' };
    case 'const':
      return { path: jsonPath(base), reason: `must be ${JSON.stringify(e.params.allowedValue)}` };
    default:
      return { path: jsonPath(base), reason: e.message ?? e.keyword };
  }
}

/** Turns ajv errors into problems, dropping the noise of if/then and of anyOf branches. */
export function schemaProblems(file: string, errors: ErrorObject[] | null | undefined): Problem[] {
  const list = (errors ?? []).filter((e) => e.keyword !== 'if');
  const anyOfs = list.filter((e) => e.keyword === 'anyOf');
  const kept = list.filter((e) => e.keyword === 'anyOf'
    || !anyOfs.some((a) => a.instancePath === e.instancePath && e.schemaPath.startsWith(a.schemaPath.replace(/\/anyOf$/, '/anyOf/'))));
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const e of kept) {
    const d = describe(e);
    const id = `${d.path}|${d.reason}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ file, ...d });
  }
  return out;
}

/** The first screen: it renders with the core part of the messages only. */
const HOME_SCREEN_FILE = 'screens/index/index.json';

interface Ctx {
  file: string;
  problems: Problem[];
  messages: Record<string, string>;
  endpoints: Set<string>;
  routes: Set<string>;
  forms: Set<string>;
  /** Top-level property names of a form's schema (undefined when unreadable). */
  formProperties: (name: string) => Set<string> | undefined;
  specs: Record<string, EndpointSpec>;
  /** Section types by name. */
  sections: ReadonlyMap<string, SectionDefinition>;
  /** What `data` / `item` / `user` / `config` are in the part being walked (undefined: not checked). */
  types: Partial<Record<'data' | 'item' | 'user' | 'config' | 'form', Typed>>;
}

interface Typed { schema: JsonSchema; from: string }

// ---------------------------------------------------------------- response schema paths

const MISSING = Symbol('missing');

/** Drops a `null` branch (`nullable`); other unions are not followed. */
function unwrap(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as JsonSchema[]).filter((b) => b.type !== 'null');
    return branches.length === 1 ? unwrap(branches[0]) : undefined;
  }
  return schema;
}

/** The schema of one step of a path; undefined when it cannot be known, MISSING when it is not declared. */
function step(schema: JsonSchema | undefined, key: string): JsonSchema | undefined | typeof MISSING {
  const s = unwrap(schema);
  if (!s) return undefined;
  if (s.type === 'array') {
    if (key === 'length') return { type: 'integer' };
    return /^\d+$/.test(key) ? (s.items as JsonSchema | undefined) : MISSING;
  }
  if (s.type === 'string' && key === 'length') return { type: 'integer' };
  const props = s.properties as Record<string, JsonSchema> | undefined;
  if (props) {
    if (Object.prototype.hasOwnProperty.call(props, key)) return props[key];
    return s.additionalProperties ? undefined : MISSING;
  }
  return s.type === 'object' || s.type === undefined ? undefined : MISSING;
}

/** Follows `a.b.c`; returns the first undeclared step's path, or null when fine or unknowable. */
export function undeclaredPath(schema: JsonSchema | undefined, parts: readonly string[]): string | null {
  let cur: JsonSchema | undefined = schema;
  for (let i = 0; i < parts.length; i++) {
    const next = step(cur, parts[i]);
    if (next === MISSING) return parts.slice(0, i + 1).join('.');
    if (next === undefined) return null;
    cur = next;
  }
  return null;
}

/** The element schema of an array or of a `{data: [...]}` page. */
function elementOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  const s = unwrap(schema);
  if (!s) return undefined;
  if (s.type === 'array') return s.items as JsonSchema | undefined;
  const data = unwrap((s.properties as Record<string, JsonSchema> | undefined)?.data);
  return data?.type === 'array' ? (data.items as JsonSchema | undefined) : undefined;
}

function selected(spec: EndpointSpec | undefined, select: unknown): JsonSchema | undefined {
  if (!spec?.response) return undefined;
  let cur: JsonSchema | undefined = spec.response;
  if (typeof select === 'string' && select) {
    for (const part of select.split('.')) {
      const next = step(cur, part);
      if (next === MISSING || next === undefined) return undefined;
      cur = next;
    }
  }
  return cur;
}

/** Whether `select` names the rows of a page (`{ list, page, limit, total }`): a list pages through them. */
function selectsPageRows(spec: EndpointSpec | undefined, select: unknown): boolean {
  if (typeof select !== 'string' || !select) return false;
  const parent = unwrap(selected(spec, select.split('.').slice(0, -1).join('.')));
  const props = parent?.properties as Record<string, unknown> | undefined;
  return Boolean(props && 'page' in props && 'total' in props);
}

/** Whether the endpoint takes `page` and `limit`: then a plain array it answers is one page (a short page is the last). */
function pagesPlainArray(spec: EndpointSpec | undefined): boolean {
  const props = spec?.request?.properties as Record<string, unknown> | undefined;
  return Boolean(props && 'page' in props && 'limit' in props);
}

function add(ctx: Ctx, at: (string | number)[], reason: string): void {
  ctx.problems.push({ file: ctx.file, path: jsonPath(at), reason });
}

function checkRoots(ctx: Ctx, at: (string | number)[], nodes: Node[]): void {
  for (const node of nodes) {
    for (const parts of pathsOf(node)) {
      if (!(SCOPE_ROOTS as readonly string[]).includes(parts[0])) {
        add(ctx, at, `"${parts.join('.')}" must start with one of ${SCOPE_ROOTS.join(', ')}`);
        continue;
      }
      const typed = ctx.types[parts[0] as keyof Ctx['types']];
      if (!typed) continue;
      const bad = undeclaredPath(typed.schema, parts.slice(1));
      if (bad) add(ctx, at, parts[0] === 'form' ? `"form.${bad}" is not a field of this form` : `"${parts[0]}.${bad}" is not in the response of ${typed.from}`);
    }
  }
}

/** The argument of `pageLink`: a route of the app with the start of its query. */
const PAGE_LINK_RE = /^\/pages\/[a-zA-Z0-9_/]+(\?[a-zA-Z0-9_]+=)?$/;

function checkBindings(ctx: Ctx, at: (string | number)[], value: string): void {
  for (const body of bindingBodies(value)) {
    try {
      const ast = parseBinding(body.trim());
      for (const p of ast.pipes) if (!(PIPE_NAMES as readonly string[]).includes(p.name)) add(ctx, at, `unknown pipe "${p.name}"`);
      for (const p of ast.pipes.filter((pipe) => pipe.name === 'pageLink')) {
        const arg = p.args[0];
        if (p.args.length !== 1 || arg.kind !== 'lit' || typeof arg.value !== 'string' || !PAGE_LINK_RE.test(arg.value)) {
          add(ctx, at, 'pageLink takes one page of the app, the value appended: pageLink:\'/pages/common/register?code=\'');
        }
      }
      checkRoots(ctx, at, [ast.expr, ...ast.pipes.flatMap((p) => p.args)]);
    } catch (err) {
      add(ctx, at, `invalid binding: ${(err as Error).message}`);
    }
  }
}

function checkKey(ctx: Ctx, at: (string | number)[], key: string): void {
  if (!KEY_RE.test(key)) add(ctx, at, `"${key}" is not a message key`);
  else if (!Object.prototype.hasOwnProperty.call(ctx.messages, key)) add(ctx, at, `message key "${key}" is missing from i18n/en.json`);
  else if (ctx.file === HOME_SCREEN_FILE && messagePart(key) !== 'core') {
    add(ctx, at, `the home screen shows "${key}" before the rest of the messages load: use a key starting with ${CORE_MESSAGE_PREFIXES.map((p) => `${p}.`).join(', ')}`);
  }
}

/** The arguments a widget gives a text of its own (a live list's `stale` gets the time of the last tick ...). */
const ARGUMENTS_GIVEN_BY_WIDGETS: Record<string, readonly string[]> = {
  stale: ['time'], addLabel: ['pair'], removeLabel: ['pair'], none: ['query'],
};

/**
 * A message with arguments (`Fee ({rate}%)`) shown where no values are given shows its raw key: the values are
 * the text's sibling `<prop>Values` (a label's also `values`), or given by the widget.
 */
function checkArgumentsGiven(ctx: Ctx, at: (string | number)[], key: string, prop: string, obj: Record<string, unknown>): void {
  const message = ctx.messages[key];
  if (typeof message !== 'string') return;
  const values = obj[`${prop}Values`] ?? (prop === 'label' ? obj.values : undefined);
  const given = [...(values && typeof values === 'object' ? Object.keys(values) : []), ...(ARGUMENTS_GIVEN_BY_WIDGETS[prop] ?? [])];
  const missing = [...messageArguments(message)].filter((a) => !given.includes(a));
  if (missing.length) add(ctx, at, `message "${key}" needs ${missing.map((a) => `{${a}}`).join(', ')}, which this text does not give`);
}

function checkEndpoint(ctx: Ctx, at: (string | number)[], endpoint: unknown): void {
  if (typeof endpoint === 'string' && !ctx.endpoints.has(endpoint)) add(ctx, at, `unknown endpoint "${endpoint}"`);
}

function checkRoute(ctx: Ctx, at: (string | number)[], to: string): void {
  if (to.startsWith('action:')) {
    if (!(LINK_ACTIONS as readonly string[]).includes(to.slice(7))) add(ctx, at, `unknown link action "${to}" (known: ${LINK_ACTIONS.join(', ')})`);
    return;
  }
  if (!to.startsWith('/pages/')) return;
  const pathOnly = to.split(/[?#]/)[0];
  if (pathOnly.includes('{{')) return;
  if (!ctx.routes.has(pathOnly) && !REGISTERED_ROUTES.has(pathOnly)) add(ctx, at, `no screen for route "${pathOnly}"`);
}

/** Walks a screen (or a part of one) checking texts, bindings, endpoints, routes, forms, components. */
function checkRequestFields(ctx: Ctx, at: (string | number)[], endpoint: unknown, params: unknown): void {
  const spec = typeof endpoint === 'string' ? ctx.specs[endpoint] : undefined;
  const props = spec?.request?.properties as Record<string, unknown> | undefined;
  if (!props || !params || typeof params !== 'object') return;
  for (const field of Object.keys(params)) {
    if (!Object.prototype.hasOwnProperty.call(props, field)) add(ctx, [...at, field], `${endpoint} has no request field "${field}"`);
  }
}

/** The answer of a section's source as the contract declares it (its request fields are checked here). */
function sectionSource(ctx: Ctx, obj: Record<string, unknown>, at: (string | number)[]): SectionSource | undefined {
  const source = obj.source as { endpoint?: unknown; select?: unknown; params?: unknown } | undefined;
  if (!source || typeof source.endpoint !== 'string') return undefined;
  const spec = ctx.specs[source.endpoint];
  checkRequestFields(ctx, [...at, 'source', 'params'], source.endpoint, source.params);
  const data = selected(spec, source.select);
  if (!data) return undefined;
  return { endpoint: source.endpoint, data: unwrap(data) ?? data, pages: selectsPageRows(spec, source.select) || pagesPlainArray(spec) };
}

/** What `data` and `item` are for a section with a source (and its subtree). */
function sectionTypes(ctx: Ctx, obj: Record<string, unknown>, source: SectionSource | undefined, section: SectionDefinition | undefined): Ctx['types'] {
  const base = { user: ctx.types.user, config: ctx.types.config };
  if (!source) return base;
  const from = source.endpoint;
  const item = elementOf(source.data);
  const rows = item ? { item: { schema: item, from: `${from} (rows)` } } : {};
  if (section?.lint?.dataIsRow?.(obj as SectionJson)) return item ? { ...base, data: { schema: item, from: `${from} (the row found)` }, ...rows } : base;
  return { ...base, data: { schema: source.data, from }, ...rows };
}

/** The checks a section type's own rules use (src/shared/sections/<type>/). */
function sectionLint(ctx: Ctx, source: SectionSource | undefined): SectionLintContext {
  return {
    problem: (at, reason) => add(ctx, at, reason),
    key: (at, key) => checkKey(ctx, at, key),
    text: (at, text) => { if (text.includes('{{')) checkBindings(ctx, at, text); else checkKey(ctx, at, text); },
    templates: (at, value) => checkTemplates(ctx, at, value),
    form: (name) => ({ exists: ctx.forms.has(name), fields: ctx.forms.has(name) ? ctx.formProperties(name) : undefined }),
    components: COMPONENT_NAMES,
    source,
  };
}

function walkScreen(ctx: Ctx, node: unknown, at: (string | number)[]): void {
  if (Array.isArray(node)) { node.forEach((v, i) => walkScreen(ctx, v, [...at, i])); return; }
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  const outer = ctx.types;
  const sourced = typeof obj.type === 'string' && 'source' in obj;
  const section = typeof obj.type === 'string' ? ctx.sections.get(obj.type) : undefined;
  // A source's params read the scope around the section (the record of a scope), not its own answer.
  if (sourced) walkScreen(ctx, obj.source, [...at, 'source']);
  const source = sourced ? sectionSource(ctx, obj, at) : undefined;
  if (sourced) ctx.types = sectionTypes(ctx, obj, source, section);
  try {
    section?.lint?.check?.(obj as SectionJson, sectionLint(ctx, source), at);
    walkObject(ctx, obj, at, [...(sourced ? ['source'] : []), ...(section?.lint?.checks ?? [])]);
  } finally {
    ctx.types = outer;
  }
}

function walkObject(ctx: Ctx, obj: Record<string, unknown>, at: (string | number)[], skip: readonly string[]): void {
  for (const [k, v] of Object.entries(obj)) {
    if (skip.includes(k)) continue;
    if (k === 'sections') {
      // nested sections have their own data; only user/config carry over, and the `data` of a scope or of
      // the section around a fixed tab (a tab is an object holding sections, without a type)
      const outer = ctx.types;
      const keeps = obj.type === undefined || (typeof obj.type === 'string' && ctx.sections.get(obj.type)?.lint?.sectionsSeeData);
      ctx.types = { user: outer.user, config: outer.config, ...(keeps && outer.data ? { data: outer.data } : {}) };
      try { walkScreen(ctx, v, [...at, k]); } finally { ctx.types = outer; }
      continue;
    }
    const here = [...at, k];
    if (CONDITION_PROPS.has(k) && typeof v === 'string') {
      try { checkRoots(ctx, here, [parseExpression(v)]); } catch (err) { add(ctx, here, `invalid expression: ${(err as Error).message}`); }
      continue;
    }
    if (k === 'endpoint') { checkEndpoint(ctx, here, v); continue; }
    if (k === 'params' && obj.type === 'call') checkRequestFields(ctx, [...at, k], obj.endpoint, v);
    if (k === 'params' || k === 'initial' || k === 'props') {
      // values may be bindings; check their syntax only
      const walkValues = (val: unknown, p: (string | number)[]): void => {
        if (typeof val === 'string') checkBindings(ctx, p, val);
        else if (val && typeof val === 'object') Object.entries(val).forEach(([kk, vv]) => walkValues(vv, [...p, kk]));
      };
      walkValues(v, here);
      continue;
    }
    if (typeof v === 'string') {
      if (TEXT_PROPS.has(k)) {
        if (v.includes('{{')) checkBindings(ctx, here, v);
        else { checkKey(ctx, here, v); checkArgumentsGiven(ctx, here, v, k, obj); }
      } else if (TEMPLATE_PROPS.has(k) || k === 'text') {
        checkBindings(ctx, here, v);
      }
      if (k === 'to' || k === 'moreTo' || k === 'navigate') checkRoute(ctx, here, v);
      if (k === 'icon' && !isDrawnIcon(v)) add(ctx, here, `unknown icon "${v}" (it would be drawn as a plain circle): use one of ${ICON_NAMES.join(', ')} (docs/operators.md, Icons), or an image address`);
      continue;
    }
    walkScreen(ctx, v, here);
  }
}

/** A field marked `"ui:local": true` steers the form (market or limit) and is never sent. */
function isLocalField(ui: unknown, field: string): boolean {
  const hints = ui && typeof ui === 'object' ? (ui as Record<string, unknown>)[field] : undefined;
  return Boolean(hints && typeof hints === 'object' && (hints as Record<string, unknown>)['ui:local'] === true);
}

function lintForm(ctx: Ctx, name: string, form: Record<string, unknown>, ajv: Ajv): void {
  const schema = form.schema as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) { add(ctx, [], 'missing "schema" object'); return; }
  const known = ctx.problems.length;
  checkPatterns(ctx, ['schema'], schema);
  if (!ajv.validateSchema(schema)) {
    for (const e of ajv.errors ?? []) add(ctx, ['schema', ...e.instancePath.split('/').slice(1)], `invalid JSON Schema: ${e.message}`);
  } else if (ctx.problems.length === known) { // a refused pattern is reported at its place above, not again by the compiler
    try { ajv.compile(schema); } catch (err) { add(ctx, ['schema', ...strictPath(schema, (err as Error).message)], `schema does not compile: ${(err as Error).message}`); }
  }
  checkKeywordTypes(ctx, ['schema'], schema);
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  const names = new Set(Object.keys(props));
  for (const r of (Array.isArray(schema.required) ? schema.required : [])) {
    if (!names.has(String(r))) add(ctx, ['schema', 'required'], `required property "${r}" is not defined`);
  }
  const ui = (form.ui ?? {}) as Record<string, unknown>;
  if (typeof ui !== 'object' || Array.isArray(ui)) add(ctx, ['ui'], 'must be an object');
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:order') {
      if (Array.isArray(v)) v.forEach((f, i) => { if (f !== '*' && !names.has(String(f))) add(ctx, ['ui', k, i], `no property "${f}" in schema`); });
      continue;
    }
    if (k.startsWith('ui:')) continue;
    if (!names.has(k)) { add(ctx, ['ui', k], `no property "${k}" in schema`); continue; }
    const fieldUi = (v ?? {}) as Record<string, unknown>;
    for (const tk of UI_TEXT_KEYS) if (typeof fieldUi[tk] === 'string') checkKey(ctx, ['ui', k, tk], fieldUi[tk] as string);
    const enumNames = fieldUi['ui:enumNames'];
    if (Array.isArray(enumNames)) enumNames.forEach((key, i) => checkKey(ctx, ['ui', k, 'ui:enumNames', i], String(key)));
    const opts = fieldUi['ui:options'] as Record<string, unknown> | undefined;
    if (opts && 'endpoint' in opts) checkEndpoint(ctx, ['ui', k, 'ui:options', 'endpoint'], opts.endpoint);
    if (typeof opts?.need === 'string') checkKey(ctx, ['ui', k, 'ui:options', 'need'], opts.need);
  }
  const messages = (form.messages ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(messages)) {
    const field = k.split('.')[0];
    if (!names.has(field)) add(ctx, ['messages', k], `no property "${field}" in schema`);
    if (typeof v === 'string') checkKey(ctx, ['messages', k], v);
    else add(ctx, ['messages', k], 'must be a message key');
  }
  const submit = form.submit as Record<string, unknown> | undefined;
  if (!submit || typeof submit !== 'object') add(ctx, [], 'missing "submit" object');
  else {
    if (typeof submit.endpoint !== 'string') add(ctx, ['submit'], 'missing required property "endpoint"');
    checkEndpoint(ctx, ['submit', 'endpoint'], submit.endpoint);
    // the payload (form fields + extra) must match the endpoint's declared request
    const request = typeof submit.endpoint === 'string' ? ctx.specs[submit.endpoint]?.request : undefined;
    const extra = (submit.extra && typeof submit.extra === 'object' ? submit.extra : {}) as Record<string, unknown>;
    if (request?.properties) {
      const declared = request.properties as Record<string, unknown>;
      for (const field of names) {
        if (isLocalField(ui, field)) continue; // steers the form only (market or limit); never sent
        if (!(field in declared)) { add(ctx, ['schema', 'properties', field], `${submit.endpoint} has no request field "${field}"`); continue; }
        for (const reason of contractConflicts(props[field] as JsonSchema, declared[field] as JsonSchema)) {
          add(ctx, ['schema', 'properties', field], `${submit.endpoint}: ${reason}`);
        }
      }
      for (const field of Object.keys(extra)) if (!(field in declared)) add(ctx, ['submit', 'extra', field], `${submit.endpoint} has no request field "${field}"`);
      for (const field of (Array.isArray(request.required) ? request.required : []) as string[]) {
        if (!names.has(field) && !(field in extra)) add(ctx, ['schema', 'properties'], `${submit.endpoint} requires "${field}", which the form does not send`);
      }
    }
    const s = (submit.success ?? {}) as Record<string, unknown>;
    if (typeof s.toast === 'string') checkKey(ctx, ['submit', 'success', 'toast'], s.toast);
    if (typeof s.navigate === 'string') checkRoute(ctx, ['submit', 'success', 'navigate'], s.navigate);
    if (s.backIf !== undefined) checkCondition(ctx, ['submit', 'success', 'backIf'], s.backIf);
  }
  if (typeof form.submitLabel === 'string') {
    checkKey(ctx, ['submitLabel'], form.submitLabel);
    checkArgumentsGiven(ctx, ['submitLabel'], form.submitLabel, 'submitLabel', form);
  }
  lintLiveForm(ctx, form, schema);
  if (Array.isArray(form.links)) {
    form.links.forEach((l: Record<string, unknown>, i) => {
      if (typeof l?.label === 'string') checkKey(ctx, ['links', i, 'label'], l.label); else add(ctx, ['links', i], 'missing "label"');
      if (typeof l?.to === 'string') checkRoute(ctx, ['links', i, 'to'], l.to); else add(ctx, ['links', i], 'missing "to"');
    });
  }
}

/**
 * Every `pattern` (and `patternProperties` key) of a form schema must be one the linear-time matcher runs
 * (validators/linearRegExp.ts): no backreference, no inline flags, not too large.
 */
function checkPatterns(ctx: Ctx, at: (string | number)[], node: unknown): void {
  if (Array.isArray(node)) { node.forEach((v, i) => checkPatterns(ctx, [...at, i], v)); return; }
  if (!node || typeof node !== 'object') return;
  const refuse = (where: (string | number)[], pattern: string): boolean => {
    const problem = linearPatternProblem(pattern);
    if (problem) add(ctx, where, `pattern ${JSON.stringify(pattern)} is refused: ${problem}`);
    return problem !== undefined;
  };
  for (const [k, v] of Object.entries(node)) {
    if (k === 'pattern' && typeof v === 'string') { refuse([...at, k], v); continue; }
    if (k === 'patternProperties' && v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [key, sub] of Object.entries(v)) if (!refuse([...at, k, key], key)) checkPatterns(ctx, [...at, k, key], sub);
      continue;
    }
    checkPatterns(ctx, [...at, k], v);
  }
}

const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const TEXT_KEYWORDS = ['minLength', 'maxLength', 'maxTextLength', 'pattern', 'format', 'noSpecialChars'];

/**
 * A keyword of the other type never applies (JSON Schema skips `minimum` on a string): an amount is a decimal
 * string, so `"minimum": 50` on it would look like a limit and enforce nothing, in the app or the API.
 */
function checkKeywordTypes(ctx: Ctx, at: (string | number)[], node: unknown): void {
  if (Array.isArray(node)) { node.forEach((v, i) => checkKeywordTypes(ctx, [...at, i], v)); return; }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.type === 'string') {
    for (const k of NUMBER_KEYWORDS.filter((kw) => kw in o)) {
      add(ctx, [...at, k], `"${k}" applies to numbers only and this field is text${o.format === 'amount' ? ' (an amount is a decimal string)' : ''}: it would enforce nothing. Write the limit as a form rule over the source's figures (data), which the server states per currency and plan`);
    }
  }
  if (o.type === 'number' || o.type === 'integer') {
    for (const k of TEXT_KEYWORDS.filter((kw) => kw in o)) add(ctx, [...at, k], `"${k}" applies to text only and this field is a number: it would enforce nothing`);
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'enum' && k !== 'const' && k !== 'default') checkKeywordTypes(ctx, [...at, k], v);
}

/** A number written in a rule's test (`form.amount >= 200`), other than 0. */
function fixedLimit(test: unknown): string | undefined {
  if (typeof test !== 'string') return undefined;
  const visit = (node: Node): string | undefined => {
    if (node.kind === 'bin' && ['<', '<=', '>', '>='].includes(node.op)) {
      const [a, b] = [node.left, node.right];
      const lit = a.kind === 'lit' ? a : b.kind === 'lit' ? b : undefined;
      const other = lit === a ? b : a;
      if (lit && other.kind === 'path' && other.parts[0] === 'form' && compareable(lit.value) && Number(lit.value) !== 0) return String(lit.value);
    }
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object' && 'kind' in (child as object)) { const found = visit(child as Node); if (found) return found; }
    }
    return undefined;
  };
  try { return visit(parseExpression(test)); } catch { return undefined; }
}

/** Every path the bindings of a value read (unparsable ones are reported elsewhere). */
function bindingPaths(value: unknown): string[][] {
  if (typeof value === 'string') {
    return bindingBodies(value).flatMap((body) => {
      try { const ast = parseBinding(body.trim()); return [ast.expr, ...ast.pipes.flatMap((p) => p.args)].flatMap((n) => pathsOf(n)); } catch { return []; }
    });
  }
  return value && typeof value === 'object' ? Object.values(value).flatMap(bindingPaths) : [];
}

const compareable = (v: unknown): boolean => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/** A condition or a template of a live form, with `data` typed by the source's response and `form` by the schema. */
function checkCondition(ctx: Ctx, at: (string | number)[], v: unknown): void {
  if (typeof v !== 'string') return;
  try { checkRoots(ctx, at, [parseExpression(v)]); } catch (err) { add(ctx, at, `invalid expression: ${(err as Error).message}`); }
}

function checkTemplates(ctx: Ctx, at: (string | number)[], v: unknown): void {
  if (typeof v === 'string') checkBindings(ctx, at, v);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) checkTemplates(ctx, [...at, k], x);
}

/** The live parts of a form file (source, sections: figures and gates, rules, live widgets, success values). */
function lintLiveForm(ctx: Ctx, form: Record<string, unknown>, schema: Record<string, unknown>): void {
  const source = form.source as { endpoint?: string; params?: unknown; when?: unknown } | undefined;
  const outer = ctx.types;
  const user = ctx.specs['GET /user/info']?.response;
  ctx.types = {
    ...(user ? { user: { schema: user as JsonSchema, from: 'GET /user/info' } } : {}),
    form: { schema: schema as JsonSchema, from: 'the form' },
  };
  try {
    if (source?.endpoint) {
      checkEndpoint(ctx, ['source', 'endpoint'], source.endpoint);
      checkRequestFields(ctx, ['source', 'params'], source.endpoint, source.params);
      checkTemplates(ctx, ['source', 'params'], source.params);
      if (source.when !== undefined) checkCondition(ctx, ['source', 'when'], source.when);
      const response = ctx.specs[source.endpoint]?.response;
      if (response) ctx.types = { ...ctx.types, data: { schema: response as JsonSchema, from: source.endpoint } };
    }
    const needsSource = (at: (string | number)[]) => { if (!source) add(ctx, at, 'reads live figures (data) but the form has no "source"'); };
    const fields = new Set(Object.keys((schema.properties ?? {}) as object));
    const figures = (f: Record<string, unknown>, at: (string | number)[]) => {
      if (!source) needsSource(at);
      if (typeof f.after === 'string' && f.after !== AFTER_SUBMIT && !fields.has(f.after)) add(ctx, [...at, 'after'], `no property "${f.after}" in schema`);
      if (typeof f.note === 'string') checkKey(ctx, [...at, 'note'], f.note);
      ((f.items ?? []) as Record<string, unknown>[]).forEach((item, j) => {
        checkKey(ctx, [...at, 'items', j, 'label'], String(item.label));
        checkTemplates(ctx, [...at, 'items', j, 'labelValues'], item.labelValues);
        checkTemplates(ctx, [...at, 'items', j, 'value'], item.value);
        const link = item.link as { label?: string; to?: string } | undefined;
        if (link?.label) checkKey(ctx, [...at, 'items', j, 'link', 'label'], link.label);
        if (link?.to) {
          checkRoute(ctx, [...at, 'items', j, 'link', 'to'], link.to);
          checkTemplates(ctx, [...at, 'items', j, 'link', 'to'], link.to);
        }
      });
    };
    ((form.sections ?? []) as Record<string, unknown>[]).forEach((f, i) => {
      const at = ['sections', i];
      if (f.visibleIf !== undefined) checkCondition(ctx, [...at, 'visibleIf'], f.visibleIf);
      if (typeof f.title === 'string') checkKey(ctx, [...at, 'title'], f.title);
      if (f.type === 'gate') {
        checkKey(ctx, [...at, 'text'], String(f.text));
        if (typeof f.button === 'string') checkKey(ctx, [...at, 'button'], f.button);
        if (typeof f.to === 'string') checkRoute(ctx, [...at, 'to'], f.to);
        return;
      }
      figures(f, at);
    });
    // The confirmation step: its figures read the same scope; its field is one of the form's.
    const confirm = (form.submit as { confirm?: Record<string, unknown> } | undefined)?.confirm;
    if (confirm) {
      const at = ['submit', 'confirm'];
      checkKey(ctx, [...at, 'title'], String(confirm.title));
      checkKey(ctx, [...at, 'button'], String(confirm.button));
      if (confirm.field !== undefined && !fields.has(String(confirm.field))) add(ctx, [...at, 'field'], `no property "${String(confirm.field)}" in schema`);
      ((confirm.sections ?? []) as Record<string, unknown>[]).forEach((f, i) => {
        if (f.visibleIf !== undefined) checkCondition(ctx, [...at, 'sections', i, 'visibleIf'], f.visibleIf);
        if (typeof f.title === 'string') checkKey(ctx, [...at, 'sections', i, 'title'], f.title);
        figures(f, [...at, 'sections', i]);
      });
    }
    checkTemplates(ctx, ['submitLabelValues'], form.submitLabelValues);
    checkTemplates(ctx, ['submitTone'], form.submitTone);
    // What the source is asked depends on a choice (a currency, a plan, the page's coin): its figures differ per choice.
    const choiceParams = bindingPaths(source?.params).filter((p) => p[0] === 'form' || p[0] === 'query').map((p) => p.slice(0, 2).join('.'));
    ((form.rules ?? []) as Record<string, unknown>[]).forEach((r, i) => {
      if (!source) needsSource(['rules', i]);
      const limit = fixedLimit(r.test);
      const choices = [...new Set(choiceParams.filter((p) => p !== `form.${String(r.field)}`))];
      if (limit !== undefined && choices.length) {
        add(ctx, ['rules', i, 'test'], `the fixed limit ${limit} would apply to every choice at once (the figures depend on ${choices.join(', ')}: `
          + `a currency, a plan), so a right amount in another one would be refused: compare with a figure of the source (data.…) instead`);
      }
      if (!fields.has(String(r.field))) add(ctx, ['rules', i, 'field'], `no property "${String(r.field)}" in schema`);
      checkCondition(ctx, ['rules', i, 'test'], r.test);
      checkKey(ctx, ['rules', i, 'message'], String(r.message));
      checkTemplates(ctx, ['rules', i, 'values'], r.values);
    });
    for (const [field, fieldUi] of Object.entries((form.ui ?? {}) as Record<string, Record<string, unknown>>)) {
      const o = (fieldUi && typeof fieldUi === 'object' ? fieldUi['ui:options'] : undefined) as Record<string, unknown> | undefined;
      if (!o) continue;
      const at = ['ui', field, 'ui:options'];
      checkTemplates(ctx, [...at, 'max'], o.max);
      checkTemplates(ctx, [...at, 'decimals'], o.decimals);
      checkTemplates(ctx, [...at, 'step'], o.step);
      checkTemplates(ctx, [...at, 'stepFrom'], o.stepFrom);
      checkTemplates(ctx, [...at, 'optionLabel'], o.optionLabel);
      if (typeof o.swapWith === 'string' && !fields.has(o.swapWith)) add(ctx, [...at, 'swapWith'], `no property "${o.swapWith}" in schema`);
      if (typeof o.swapLabel === 'string') checkKey(ctx, [...at, 'swapLabel'], o.swapLabel);
      for (const k of ['maxLabel', 'allLabel', 'empty'] as const) if (typeof o[k] === 'string') checkKey(ctx, [...at, k], o[k] as string);
      ((o.sources ?? []) as Record<string, unknown>[]).forEach((src, i) => {
        const here = [...at, 'sources', i];
        checkEndpoint(ctx, [...here, 'endpoint'], src.endpoint);
        checkRequestFields(ctx, [...here, 'params'], src.endpoint, src.params);
        checkTemplates(ctx, [...here, 'params'], src.params);
        const before = ctx.types;
        const rows = elementOf(selected(ctx.specs[String(src.endpoint)], src.select)) ?? selected(ctx.specs[String(src.endpoint)], src.select);
        ctx.types = { ...ctx.types, ...(rows ? { item: { schema: rows, from: `${String(src.endpoint)} (rows)` } } : {}) };
        checkCondition(ctx, [...here, 'filter'], src.filter);
        // `each`: the options are the elements of a list in each row (a currency's chains).
        if (typeof src.each === 'string') {
          const list = (rows as { properties?: Record<string, JsonSchema> } | undefined)?.properties?.[src.each];
          if (rows && !list) add(ctx, [...here, 'each'], `${String(src.endpoint)} rows have no "${src.each}"`);
          const element = list ? elementOf(list) : undefined;
          ctx.types = { ...ctx.types, ...(element ? { item: { schema: element, from: `${String(src.endpoint)} (${src.each})` } } : {}) };
        }
        checkTemplates(ctx, [...here, 'value'], src.value);
        checkTemplates(ctx, [...here, 'detail'], src.detail);
        if (typeof src.label === 'string') { if (src.label.includes('{{')) checkBindings(ctx, [...here, 'label'], src.label); else checkKey(ctx, [...here, 'label'], src.label); }
        ctx.types = before;
      });
      ((o.links ?? []) as Record<string, unknown>[]).forEach((l, i) => {
        checkKey(ctx, [...at, 'links', i, 'label'], String(l.label));
        checkRoute(ctx, [...at, 'links', i, 'to'], String(l.to));
      });
    }
    const submit = form.submit as { endpoint?: string; extra?: unknown; success?: { values?: unknown; navigate?: unknown; reset?: unknown } } | undefined;
    checkTemplates(ctx, ['submit', 'extra'], submit?.extra);
    const answer = submit?.endpoint ? ctx.specs[submit.endpoint]?.response : undefined;
    ctx.types = { ...ctx.types, data: answer ? { schema: answer as JsonSchema, from: String(submit?.endpoint) } : undefined };
    checkTemplates(ctx, ['submit', 'success', 'values'], submit?.success?.values);
    checkTemplates(ctx, ['submit', 'success', 'navigate'], submit?.success?.navigate);
    ((submit?.success?.reset ?? []) as unknown[]).forEach((f, i) => { if (!fields.has(String(f))) add(ctx, ['submit', 'success', 'reset', i], `no property "${String(f)}" in schema`); });
  } finally {
    ctx.types = outer;
  }
}

/** Where strict ajv's "unknown keyword" is in a form schema (ajv names the keyword, not the place). */
function strictPath(schema: unknown, message: string): (string | number)[] {
  const m = /unknown keyword: "([^"]+)"/.exec(message);
  if (!m) return [];
  const find = (node: unknown, at: (string | number)[]): (string | number)[] | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, m[1])) return [...at, m[1]];
    for (const [k, v] of Object.entries(node)) {
      const found = find(v, [...at, Array.isArray(node) ? Number(k) : k]);
      if (found) return found;
    }
    return undefined;
  };
  return find(schema, []) ?? [];
}

const SCREEN_FILE = /^screens\/(.+)\.json$/;
const FORM_FILE = /^schemas\/([^/]+)\.json$/;
const I18N_FILE = /^i18n\/([^/]+)\.json$/;

/** `screens/fund/assets.json` -> `/pages/fund/assets` (app.json and *.schema.json are not routes). */
export function screenRoute(file: string): string | undefined {
  const m = SCREEN_FILE.exec(file);
  return m && isScreenFile(`${m[1]}.json`) ? `/pages/${m[1]}` : undefined;
}

/** How a meta-schema is compiled; a validator compiled elsewhere (`useMetaValidator`) must use the same. */
export const META_AJV_OPTIONS = { allErrors: true, strict: false } as const;

const metaValidators = new WeakMap<object, ValidateFunction>();

/** The compiled check of a meta-schema, kept across reloads (the format is the code's, it does not change). */
function metaValidator(meta: object): ValidateFunction {
  let v = metaValidators.get(meta);
  if (!v) {
    v = new Ajv(META_AJV_OPTIONS).compile(meta);
    metaValidators.set(meta, v);
  }
  return v;
}

/**
 * Gives the check of `meta` compiled ahead (the server loads it from a cache: compiling the screens'
 * meta-schema is most of a restart's configuration check).
 */
export function useMetaValidator(meta: object, validate: ValidateFunction): void {
  metaValidators.set(meta, validate);
}

/** Checks the configuration files; see the header. */
export function lintConfiguration(input: LintInput): LintResult {
  const { files, metaSchemas } = input;
  const problems: Problem[] = [];
  const parsed = new Map<string, unknown>();
  for (const file of Object.keys(files).sort()) {
    const r = parseJson(file, files[file]);
    if ('problem' in r) problems.push(r.problem); else parsed.set(file, r.value);
  }

  // i18n: every language file is checked against en.json, offered or not yet (a translator's work in
  // progress); each language app.json offers must have its file.
  const messagesByLang: LintResult['messages'] = {};
  const checkI18n = input.i18n ?? !input.messages;
  const offered = languageEntries((parsed.get('screens/app.json') as { languages?: unknown } | undefined)?.languages)
    .filter((l) => typeof l.code === 'string' && LANGUAGE_CODE.test(l.code));
  const loaded: Record<string, LoadedFile> = {};
  for (const file of Object.keys(files).filter((f) => f.startsWith('i18n/')).sort()) {
    const m = I18N_FILE.exec(file);
    if (!m) continue; // translators' files in folders (i18n/context/, i18n/untranslated/, i18n/sources/) are not languages
    if (!LANGUAGE_CODE.test(m[1])) { problems.push({ file, path: '$', reason: `not a language file: a language's file is named by its code, 2 to 8 lower-case letters (i18n/de.json), and offered in screens/app.json "languages"` }); continue; }
    const value = parsed.get(file);
    if (value === undefined) { loaded[m[1]] = { error: 'see above' }; continue; }
    loaded[m[1]] = { json: value };
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      messagesByLang[m[1]] = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    }
  }
  if (checkI18n) {
    for (const { code } of offered) {
      if (!loaded[code] && code !== DEFAULT_LANGUAGE) {
        const at = offered.findIndex((l) => l.code === code);
        problems.push({ file: 'screens/app.json', path: jsonPath(['languages', at]), reason: `offers "${code}", which has no file i18n/${code}.json: create it with npm run i18n -- add ${code}` });
      }
    }
    if (!loaded[DEFAULT_LANGUAGE]) loaded[DEFAULT_LANGUAGE] = { missing: true };
    for (const p of checkMessages(loaded)) {
      if ('error' in (loaded[/^i18n\/(.+)\.json$/.exec(p.file)?.[1] ?? ''] ?? {})) continue; // reported as invalid JSON
      problems.push({ file: p.file, path: p.key === undefined ? '$' : jsonPath([p.key]), reason: p.problem });
    }
  }
  const messages = input.messages ?? messagesByLang.en ?? {};

  const endpoints = new Set(input.endpoints ?? Object.keys(ENDPOINTS));
  const specs: Record<string, EndpointSpec> = input.endpointSpecs ?? (input.endpoints ? {} : ENDPOINTS);
  const typedFrom = (key: string): Typed | undefined => (specs[key]?.response ? { schema: specs[key].response as JsonSchema, from: key } : undefined);
  const rootTypes = { user: typedFrom('GET /user/info'), config: typedFrom('GET /getSiteConfig') };

  const screenFiles = [...parsed.keys()].filter((f) => screenRoute(f) !== undefined);
  const readFragment = (ref: string): FragmentFile => {
    const file = `screens/${ref}`;
    if (parsed.has(file)) return { value: parsed.get(file) };
    return Object.prototype.hasOwnProperty.call(files, file) ? { invalid: true } : { missing: true };
  };
  const routes = new Set(screenFiles.map((f) => screenRoute(f) as string));
  for (const f of Object.keys(files)) if (screenRoute(f) && !parsed.has(f)) routes.add(screenRoute(f) as string);
  const formNames = Object.keys(files).map((f) => FORM_FILE.exec(f)?.[1]).filter((n): n is string => !!n && !n.endsWith('.schema'));
  const forms = new Set(formNames);
  const formProperties = (name: string): Set<string> | undefined => {
    const form = parsed.get(`schemas/${name}.json`) as { schema?: { properties?: object } } | undefined;
    return form ? new Set(Object.keys(form.schema?.properties ?? {})) : undefined;
  };

  const sectionList = input.sections ?? SECTIONS;
  const sections = new Map(sectionList.map((section) => [section.type, section]));
  const format = input.sections ? { ...SCREEN_FORMAT, sections: sectionList } : SCREEN_FORMAT;
  const validateScreen = metaValidator(metaSchemas.screen);
  const validateApp = metaValidator(metaSchemas.app);
  const validateForm = metaValidator(metaSchemas.form);
  const schemaAjv = formAjv(); // one instance for every form: creating one costs more than compiling a form
  const result: LintResult = { problems, screens: new Map(), forms: new Map(), app: undefined, messages: messagesByLang, languages: [] };

  if (parsed.has('screens/app.json')) {
    const app = parsed.get('screens/app.json');
    const languageProblems = validateApp(app) ? languageListProblems((app as { languages: unknown[] }).languages) : undefined;
    if (!languageProblems) problems.push(...schemaProblems('screens/app.json', validateApp.errors));
    else if (languageProblems.length) problems.push(...languageProblems.map(({ at, reason }) => ({ file: 'screens/app.json', path: jsonPath(at), reason })));
    else {
      result.app = app as Record<string, unknown>;
      result.languages = offered.filter((l) => l.code === DEFAULT_LANGUAGE || loaded[l.code]);
      const ctx: Ctx = { file: 'screens/app.json', problems, messages, endpoints, routes, forms, formProperties, specs, sections, types: {} };
      const app2 = app as { home?: string; tabBar?: { tabs?: { route: string; label: string }[] }; serviceButton?: { label?: string } };
      if (app2.home) checkRoute(ctx, ['home'], app2.home);
      app2.tabBar?.tabs?.forEach((tab, i) => { checkRoute(ctx, ['tabBar', 'tabs', i, 'route'], tab.route); checkKey(ctx, ['tabBar', 'tabs', i, 'label'], tab.label); });
      if (app2.serviceButton?.label) checkKey(ctx, ['serviceButton', 'label'], app2.serviceButton.label);
    }
  } else if (Object.keys(files).some((f) => f.startsWith('screens/'))) {
    problems.push({ file: 'screens/app.json', path: '$', reason: 'file is missing: the shell (tab bar, home route, languages) is configured there' });
  }

  const lintScreen = (screen: Record<string, unknown>, file: string, route: string): void => {
    if (!validateScreen(screen)) { problems.push(...schemaProblems(file, validateScreen.errors)); return; }
    if (screen.route !== route) problems.push({ file, path: '$.route', reason: `route "${String(screen.route)}" does not match the file path (expected "${route}")` });
    const redirect = screen.redirect as { when?: string; to?: string } | undefined;
    if (redirect?.to?.split('?')[0] === route) problems.push({ file, path: '$.redirect.to', reason: 'a screen cannot redirect to itself: name the screen to go to instead' });
    try {
      // Decided before anything is drawn: only the address and the user are known then.
      const roots = redirect?.when ? pathsOf(parseExpression(redirect.when)).map((parts) => parts[0]) : [];
      for (const root of roots.filter((r) => r !== 'query' && r !== 'user')) problems.push({ file, path: '$.redirect.when', reason: `"${root}" is not known when the screen opens: use query or user` });
    } catch { /* the walk below reports the broken expression */ }
    const before = problems.length;
    walkScreen({ file, problems, messages, endpoints, routes, forms, formProperties, specs, sections, types: { ...rootTypes } }, screen, []);
    if (problems.length === before) result.screens.set(route, { file, screen });
  };

  for (const file of screenFiles) {
    const raw = parsed.get(file);
    const route = screenRoute(file) as string;
    let migrated: Record<string, unknown>;
    try { migrated = migrateScreen(raw, format); } catch (err) { problems.push({ file, path: '$.schemaVersion', reason: (err as Error).message }); continue; }
    const resolved = resolveFragments(migrated, readFragment);
    if (resolved.problems.length) { problems.push(...resolved.problems.map(({ at, reason }) => ({ file, path: jsonPath(at), reason }))); continue; }
    const screen = resolved.value as Record<string, unknown>;
    const first = problems.length;
    lintScreen(screen, file, route);
    for (const problem of problems.slice(first)) problem.reason += fragmentNote(resolved.uses, problem.path);
  }

  for (const name of [...forms].sort()) {
    const file = `schemas/${name}.json`;
    if (!/^[a-z][a-z0-9-]*$/.test(name)) problems.push({ file, path: '$', reason: 'form file names are lower-case letters, digits and dashes' });
    const read = parsed.get(file);
    if (read === undefined) continue;
    let raw: Record<string, unknown>;
    try { raw = migrateForm(read); } catch (err) { problems.push({ file, path: '$.schemaVersion', reason: (err as Error).message }); continue; }
    if (!validateForm(raw)) { problems.push(...schemaProblems(file, validateForm.errors)); continue; }
    const before = problems.length;
    const form = raw as Record<string, unknown>;
    lintForm({ file, problems, messages, endpoints, routes, forms, formProperties, specs, sections, types: {} }, name, form, schemaAjv);
    if (problems.length === before) result.forms.set(name, form);
  }
  checkSharedEndpoints(result.forms, problems);
  checkDarkFamilies(result.screens, problems);
  const content = checkContent(parsed, Object.keys(files), input.images, schemaProblems, result.languages.map((l) => l.code));
  problems.push(...content.problems);
  if (content.content) result.content = content.content;
  if (Object.keys(messages).length) {
    (content.content?.menu ?? []).forEach((row, i) => {
      if (!(row.title in messages)) problems.push({ file: CONTENT_FILES.menu, path: `$.menu[${i}].title`, reason: `"${row.title}" is no message of i18n/en.json: add it in every language first` });
    });
  }
  const settings = checkSettings(parsed, Object.keys(files), schemaProblems, input.images);
  problems.push(...settings.problems);
  if (settings.chains) result.chains = settings.chains;
  if (settings.site) result.site = settings.site;
  if (settings.buy) result.buy = settings.buy;
  if (settings.referral) result.referral = settings.referral;
  if (settings.vip) result.vip = settings.vip;
  if (settings.coupons) result.coupons = settings.coupons;
  if (input.images) result.images = input.images;
  return result;
}

/**
 * A dark variant kept on the device (`"dark": "tradePrefs.dark"`) covers a family of screens: those of its
 * route folder (`/pages/transaction/…`: the trade screens and their orders). A screen of the folder without
 * it turns the page light midway (the contract orders did, under the dark contract screen).
 */
function checkDarkFamilies(screens: LintResult['screens'], problems: Problem[]): void {
  const folder = (route: string) => route.split('/').slice(0, -1).join('/');
  const prefs = new Map<string, { pref: string; file: string }>();
  for (const [route, { file, screen }] of screens) {
    if (typeof screen.dark === 'string' && !prefs.has(folder(route))) prefs.set(folder(route), { pref: screen.dark, file });
  }
  for (const [route, { file, screen }] of [...screens].sort(([a], [b]) => a.localeCompare(b))) {
    const family = prefs.get(folder(route));
    if (family && screen.dark !== family.pref && screen.dark !== true) {
      problems.push({ file, path: '$.dark', reason: `the screens of ${folder(route)}/ are dark while "${family.pref}" is on (${family.file}): give this one "dark": "${family.pref}" too, or it shows light in the middle of them` });
    }
  }
}

/**
 * Several forms may submit one endpoint (identity levels 1 and 2); the API tells them apart by their
 * `submit.extra` values, so two such forms must differ in one of them.
 */
function checkSharedEndpoints(forms: Map<string, Record<string, unknown>>, problems: Problem[]): void {
  const byEndpoint = new Map<string, string[]>();
  for (const [name, form] of forms) {
    const endpoint = (form.submit as { endpoint: string }).endpoint;
    byEndpoint.set(endpoint, [...(byEndpoint.get(endpoint) ?? []), name]);
  }
  for (const [endpoint, names] of byEndpoint) {
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = ((forms.get(names[i]) as { submit: { extra?: Record<string, unknown> } }).submit.extra ?? {});
        const b = ((forms.get(names[j]) as { submit: { extra?: Record<string, unknown> } }).submit.extra ?? {});
        const literal = (v: unknown) => !(typeof v === 'string' && v.includes('{{'));
        const differ = Object.keys(a).some((k) => k in b && literal(a[k]) && literal(b[k]) && String(a[k]) !== String(b[k]));
        if (!differ) {
          problems.push({ file: `schemas/${names[j]}.json`, path: '$.submit.extra', reason: `schemas/${names[i]}.json also submits ${endpoint}: give both a "submit.extra" field with different values so the API knows which form's rules apply` });
        }
      }
    }
  }
}
