/**
 * `npm run lint:config`: checks the operator-editable configuration and prints `file: JSON path: reason`
 * per problem (exit 1 if any):
 * - every `screens/**\/*.json` route screen satisfies `screens/screen.schema.json` (after migration), its
 *   `route` matches its file path, its endpoints exist in the contract, its message keys exist in
 *   i18n/en.json, its bindings and conditions parse (known pipes only), its links point at existing
 *   screens, its forms and components exist;
 * - every `schemas/*.json` form is a valid JSON Schema (compiled with the shared formats/keywords), its
 *   ui keys name existing properties, its widgets exist, its endpoints and message keys exist.
 * `screens/app.json` (the shell's config) and `*.schema.json` files are not route screens.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { ENDPOINTS, type EndpointSpec, type JsonSchema } from '../src/shared/contract';
import { registerAjv } from '../src/shared/validators/ajv';
import { PIPE_NAMES, bindingBodies } from '../src/client/runtime/bindings';
import { SCOPE_ROOTS, parseBinding, parseExpression, pathsOf, type Node } from '../src/client/runtime/expression';
import { migrateScreen } from '../src/client/runtime/migrate';
import { COMPONENT_NAMES } from '../src/client/widgets/components/names';
import { LINK_ACTIONS } from '../src/client/runtime/types';
import { REGISTERED_ROUTES } from '../src/shared/routes';
import { CORE_MESSAGE_PREFIXES, messagePart } from '../src/shared/i18n/catalogues';

export interface Problem { file: string; path: string; reason: string }

export interface LintOptions {
  root?: string;
  screensDir?: string;
  schemasDir?: string;
  /** Message keys available (defaults to i18n/en.json). */
  messages?: Record<string, string>;
  /** Endpoint keys available (defaults to the contract's ENDPOINTS). */
  endpoints?: readonly string[];
  /**
   * Endpoint declarations used to check request fields and the `data.` / `item.` / `user.` / `config.`
   * paths of bindings against the declared response schemas (defaults to ENDPOINTS when `endpoints`
   * is not given).
   */
  endpointSpecs?: Record<string, EndpointSpec>;
  metaSchema?: object;
}

export const KEY_RE = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+$/;
/** Properties of a screen whose strings are texts: a message key or a binding. */
const TEXT_PROPS = new Set(['title', 'label', 'empty', 'text', 'confirm', 'toast', 'caption', 'done', 'heading',
  'subheading', 'subtitle', 'value', 'note', 'alt']);
/** Properties holding a binding or template (checked for syntax). */
const TEMPLATE_PROPS = new Set(['to', 'moreTo', 'navigate', 'url', 'image', 'html', 'body', 'seconds', 'lang', 'code', 'icon']);
const FORM_WIDGETS = new Set(['sendCode', 'password', 'areaCode', 'remoteSelect', 'image',
  'text', 'textarea', 'select', 'radio', 'checkbox', 'checkboxes', 'hidden', 'email', 'uri', 'updown', 'range',
  'date', 'datetime', 'time', 'color', 'file', 'altdate', 'altdatetime']);
const UI_TEXT_KEYS = ['ui:title', 'ui:placeholder', 'ui:help', 'ui:description'];

const rootDefault = path.resolve(__dirname, '..');

/** `/sections/0/source` -> `$.sections[0].source` */
export function jsonPath(pointer: string | (string | number)[]): string {
  const parts = Array.isArray(pointer) ? pointer.map(String)
    : pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${acc}.${p}` : `${acc}[${JSON.stringify(p)}]`), '$');
}

function walkFiles(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walkFiles(full, base) : e.name.endsWith('.json') ? [full] : [];
  });
}

export function isScreenFile(rel: string): boolean {
  return rel !== 'app.json' && !rel.endsWith('.schema.json');
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
  /** What `data` / `item` / `user` / `config` are in the part being walked (undefined: not checked). */
  types: Partial<Record<'data' | 'item' | 'user' | 'config', Typed>>;
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
      if (bad) add(ctx, at, `"${parts[0]}.${bad}" is not in the response of ${typed.from}`);
    }
  }
}

function checkBindings(ctx: Ctx, at: (string | number)[], value: string): void {
  for (const body of bindingBodies(value)) {
    try {
      const ast = parseBinding(body.trim());
      for (const p of ast.pipes) if (!PIPE_NAMES.includes(p.name)) add(ctx, at, `unknown pipe "${p.name}"`);
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

/** Sets what `data` and `item` are for a section with a source (and its subtree). */
function sectionTypes(ctx: Ctx, obj: Record<string, unknown>, at: (string | number)[]): Ctx['types'] {
  const base = { user: ctx.types.user, config: ctx.types.config };
  const source = obj.source as { endpoint?: unknown; select?: unknown; params?: unknown } | undefined;
  if (!source || typeof source.endpoint !== 'string') return base;
  const spec = ctx.specs[source.endpoint];
  checkRequestFields(ctx, [...at, 'source', 'params'], source.endpoint, source.params);
  const data = selected(spec, source.select);
  if (!data) return base;
  const from = source.endpoint;
  const item = elementOf(data);
  if (obj.type === 'list' && unwrap(data)?.type === 'array' && (obj.paging ?? 'more') !== 'none') {
    add(ctx, [...at, 'paging'], `${from} returns a plain array (no paging): set "paging": "none"`);
  }
  return { ...base, data: { schema: data, from }, ...(item ? { item: { schema: item, from: `${from} (rows)` } } : {}) };
}

function walkScreen(ctx: Ctx, node: unknown, at: (string | number)[]): void {
  if (Array.isArray(node)) { node.forEach((v, i) => walkScreen(ctx, v, [...at, i])); return; }
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  const outer = ctx.types;
  if (typeof obj.type === 'string' && 'source' in obj) ctx.types = sectionTypes(ctx, obj, at);
  try {
    walkObject(ctx, obj, at);
  } finally {
    ctx.types = outer;
  }
}

function walkObject(ctx: Ctx, obj: Record<string, unknown>, at: (string | number)[]): void {
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'sections') {
      // nested sections have their own data; only user/config carry over
      const outer = ctx.types;
      ctx.types = { user: outer.user, config: outer.config };
      try { walkScreen(ctx, v, [...at, k]); } finally { ctx.types = outer; }
      continue;
    }
    const here = [...at, k];
    if (k === 'visibleIf' && typeof v === 'string') {
      try { checkRoots(ctx, here, [parseExpression(v)]); } catch (err) { add(ctx, here, `invalid expression: ${(err as Error).message}`); }
      continue;
    }
    if (k === 'endpoint') { checkEndpoint(ctx, here, v); continue; }
    if (k === 'revalidate' && Array.isArray(v)) { v.forEach((e, i) => checkEndpoint(ctx, [...here, i], e)); continue; }
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
        else checkKey(ctx, here, v);
      } else if (TEMPLATE_PROPS.has(k) || k === 'text') {
        checkBindings(ctx, here, v);
      }
      if (k === 'to' || k === 'moreTo' || k === 'navigate') checkRoute(ctx, here, v);
      if (k === 'form' && obj.type === 'form') {
        if (!ctx.forms.has(v)) add(ctx, here, `no form schemas/${v}.json`);
        else if (obj.initial && typeof obj.initial === 'object') {
          const props = ctx.formProperties(v);
          for (const field of Object.keys(obj.initial)) {
            if (props && !props.has(field)) add(ctx, [...at, 'initial', field], `no property "${field}" in schemas/${v}.json`);
          }
        }
      }
      if (k === 'name' && obj.type === 'component' && !(COMPONENT_NAMES as readonly string[]).includes(v)) {
        add(ctx, here, `unknown component "${v}" (known: ${COMPONENT_NAMES.join(', ')})`);
      }
      continue;
    }
    walkScreen(ctx, v, here);
  }
}

function readJson(file: string, rel: string, problems: Problem[]): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push({ file: rel, path: '$', reason: `invalid JSON: ${(err as Error).message}` });
    return undefined;
  }
}

function lintForm(ctx: Ctx, name: string, form: Record<string, unknown>): void {
  const schema = form.schema as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) { add(ctx, [], 'missing "schema" object'); return; }
  const ajv = registerAjv(new Ajv({ $data: true, allErrors: true, strict: false }));
  if (!ajv.validateSchema(schema)) {
    for (const e of ajv.errors ?? []) add(ctx, ['schema', ...e.instancePath.split('/').slice(1)], `invalid JSON Schema: ${e.message}`);
  } else {
    try { ajv.compile(schema); } catch (err) { add(ctx, ['schema'], `schema does not compile: ${(err as Error).message}`); }
  }
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
    const widget = fieldUi['ui:widget'];
    if (typeof widget === 'string' && !FORM_WIDGETS.has(widget)) add(ctx, ['ui', k, 'ui:widget'], `unknown widget "${widget}"`);
    const enumNames = fieldUi['ui:enumNames'];
    if (Array.isArray(enumNames)) enumNames.forEach((key, i) => checkKey(ctx, ['ui', k, 'ui:enumNames', i], String(key)));
    const opts = fieldUi['ui:options'] as Record<string, unknown> | undefined;
    if (opts && 'endpoint' in opts) checkEndpoint(ctx, ['ui', k, 'ui:options', 'endpoint'], opts.endpoint);
    if (typeof opts?.need === 'string') checkKey(ctx, ['ui', k, 'ui:options', 'need'], opts.need);
    // The form runtime ships without a markdown parser (src/client/forms/markdownStub.tsx).
    if (opts?.enableMarkdownInDescription || fieldUi['ui:enableMarkdownInDescription']) {
      add(ctx, ['ui', k], 'markdown descriptions are not supported: texts are plain ICU messages');
    }
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
      for (const field of names) if (!(field in declared)) add(ctx, ['schema', 'properties', field], `${submit.endpoint} has no request field "${field}"`);
      for (const field of Object.keys(extra)) if (!(field in declared)) add(ctx, ['submit', 'extra', field], `${submit.endpoint} has no request field "${field}"`);
      for (const field of (Array.isArray(request.required) ? request.required : []) as string[]) {
        if (!names.has(field) && !(field in extra)) add(ctx, ['schema', 'properties'], `${submit.endpoint} requires "${field}", which the form does not send`);
      }
    }
    const s = (submit.success ?? {}) as Record<string, unknown>;
    if (typeof s.toast === 'string') checkKey(ctx, ['submit', 'success', 'toast'], s.toast);
    if (typeof s.navigate === 'string') checkRoute(ctx, ['submit', 'success', 'navigate'], s.navigate);
    if (Array.isArray(s.revalidate)) s.revalidate.forEach((e, i) => checkEndpoint(ctx, ['submit', 'success', 'revalidate', i], e));
  }
  if (typeof form.submitLabel === 'string') checkKey(ctx, ['submitLabel'], form.submitLabel);
  if (Array.isArray(form.links)) {
    form.links.forEach((l: Record<string, unknown>, i) => {
      if (typeof l?.label === 'string') checkKey(ctx, ['links', i, 'label'], l.label); else add(ctx, ['links', i], 'missing "label"');
      if (typeof l?.to === 'string') checkRoute(ctx, ['links', i, 'to'], l.to); else add(ctx, ['links', i], 'missing "to"');
    });
  }
  const known = new Set(['schema', 'ui', 'messages', 'submit', 'submitLabel', 'links', '$schema']);
  for (const k of Object.keys(form)) if (!known.has(k)) add(ctx, [k], 'unknown property');
  void name;
}

export function lintConfig(opts: LintOptions = {}): Problem[] {
  const root = opts.root ?? rootDefault;
  const screensDir = opts.screensDir ?? path.join(root, 'screens');
  const schemasDir = opts.schemasDir ?? path.join(root, 'schemas');
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const messages = opts.messages ?? JSON.parse(fs.readFileSync(path.join(root, 'i18n', 'en.json'), 'utf8'));
  const endpoints = new Set(opts.endpoints ?? Object.keys(ENDPOINTS));
  const specs: Record<string, EndpointSpec> = opts.endpointSpecs ?? (opts.endpoints ? {} : ENDPOINTS);
  const typedFrom = (key: string): Typed | undefined => (specs[key]?.response ? { schema: specs[key].response as JsonSchema, from: key } : undefined);
  const rootTypes = { user: typedFrom('GET /user/info'), config: typedFrom('GET /getSiteConfig') };
  const meta = opts.metaSchema ?? JSON.parse(fs.readFileSync(path.join(rootDefault, 'screens', 'screen.schema.json'), 'utf8'));
  const problems: Problem[] = [];

  const screenFiles = walkFiles(screensDir).filter((f) => isScreenFile(path.relative(screensDir, f).split(path.sep).join('/'))).sort();
  const routeOf = (f: string) => `/pages/${path.relative(screensDir, f).split(path.sep).join('/').replace(/\.json$/, '')}`;
  const routes = new Set(screenFiles.map(routeOf));
  const forms = new Set(fs.existsSync(schemasDir)
    ? fs.readdirSync(schemasDir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')) : []);

  const ajv = new Ajv({ allErrors: true, strict: false });
  const validateScreen = ajv.compile(meta);
  const formProperties = (name: string): Set<string> | undefined => {
    try {
      const form = JSON.parse(fs.readFileSync(path.join(schemasDir, `${name}.json`), 'utf8'));
      return new Set(Object.keys(form?.schema?.properties ?? {}));
    } catch {
      return undefined;
    }
  };

  for (const file of screenFiles) {
    const r = rel(file);
    const raw = readJson(file, r, problems);
    if (raw === undefined) continue;
    let screen: unknown;
    try { screen = migrateScreen(raw); } catch (err) { problems.push({ file: r, path: '$.schemaVersion', reason: (err as Error).message }); continue; }
    if (!validateScreen(screen)) { problems.push(...schemaProblems(r, validateScreen.errors)); continue; }
    const s = screen as { route: string };
    if (s.route !== routeOf(file)) problems.push({ file: r, path: '$.route', reason: `route "${s.route}" does not match the file path (expected "${routeOf(file)}")` });
    walkScreen({ file: r, problems, messages, endpoints, routes, forms, formProperties, specs, types: { ...rootTypes } }, screen, []);
  }

  for (const name of [...forms].sort()) {
    const file = path.join(schemasDir, `${name}.json`);
    const r = rel(file);
    if (!/^[a-z][a-z0-9-]*$/.test(name)) problems.push({ file: r, path: '$', reason: 'form file names are lower-case letters, digits and dashes' });
    const raw = readJson(file, r, problems);
    if (raw === undefined) continue;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) { problems.push({ file: r, path: '$', reason: 'must be an object' }); continue; }
    lintForm({ file: r, problems, messages, endpoints, routes, forms, formProperties, specs, types: {} }, name, raw as Record<string, unknown>);
  }
  return problems;
}

export function formatProblem(p: Problem): string {
  return `${p.file}: ${p.path}: ${p.reason}`;
}

if (require.main === module) {
  const problems = lintConfig();
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('config OK');
}
