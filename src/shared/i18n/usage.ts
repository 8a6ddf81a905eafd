/**
 * Which message keys of i18n/en.json the configuration and the code use, which used keys are missing and
 * which keys nothing uses.
 *
 * Pure: the caller reads the files and passes their contents (screens and forms parsed, code as text); see
 * `scripts/i18n.ts`. What counts as a use:
 * - **Texts of the configuration** (reported when missing): a key in a screen's text properties (those the
 *   configuration lint, src/shared/config/lint.ts, checks: title, label, empty, value...), the `message` of
 *   an html section, a form's ui:title / ui:placeholder / ui:help / ui:description, ui:enumNames,
 *   ui:options.need, its `messages`, submitLabel, links[].label, submit.success.toast, and quoted keys in a
 *   binding translated with a plain `t` pipe (`{{c ? 'real.bound' : 'real.not_bound' | t}}`).
 * - **`t` pipes with a prefix**: `{{item.status | t:'fund.record.deposit_status'}}` uses every key starting
 *   with `fund.record.deposit_status.` (reported as `fund.record.deposit_status.*` when none exists).
 * - **Automatic per-field keys of a form**: `schemas/<form>.json` uses every key starting with
 *   `<form>.<field>.` for each of its fields (`<form>.<field>.error.<keyword>`, errorMessageKeys). The form
 *   name is the file name, so forms named with a dash (`bank-card`) have none: they use `messages`.
 * - **Code**: string literals that are keys (`t('a.b')`, `new ApiError('api.x')`, `message: 'error.y'`,
 *   `['a.b', 'a.c']`), and templates / concatenations with a static start: `` `shell.load_error.${type}` ``
 *   uses the keys matching `shell.load_error.<anything>`; `` `bank_card.${field}.error.required` `` those
 *   matching `bank_card.<anything>.error.required`. A literal is reported when missing only if its first
 *   segment is a namespace of the messages (`api`, `error`, `widget`...) and it is not an object's property
 *   name, the value of a non-text property (`cause: 'withdraw.freeze'` is a ledger cause, shown through
 *   `t:'record.cause'`), a comparison or `case` operand, a type or an import: those, and any other
 *   key-shaped string (`'data.list'`, `'socket.io'`), only keep an existing key used. Comments are not code.
 * - **Families whose variable part is known** (KNOWN_NAME_FAMILIES): the validation code looks messages up
 *   as `error.${keyword}` and `error.format.${format}`; those templates use only the keys of real keywords
 *   and registered formats, so a stray `error.loan_above_max` is reported as unused.
 * - **Families only reachable at run time** (DYNAMIC_KEY_FAMILIES), with the reason.
 */
import ts from 'typescript';
import { parseBinding, type Node } from '../screens/expression';
import { bindingBodies } from '../screens/names';
import { FORMAT_NAMES } from '../validators/formats';
import { CUSTOM_KEYWORDS } from '../validators/ajv';

/** The shape of a message key: lower-case first segment, at least two dotted segments. */
export const KEY_RE = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+$/;
/** A static start of a key built at run time: `error.`, `shell.load_error.`, `home.shortcut_`. */
const PREFIX_RE = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)*\.[a-zA-Z0-9_]*$/;

/** The keywords ajv reports errors with (JSON Schema validation keywords), plus ours. */
export const SCHEMA_KEYWORDS: readonly string[] = ['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum',
  'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems',
  'contains', 'maxProperties', 'minProperties', 'required', 'additionalProperties', 'propertyNames', 'dependencies',
  'dependentRequired', 'not', 'anyOf', 'oneOf', 'if', 'additionalItems', 'unevaluatedProperties', 'unevaluatedItems',
  ...CUSTOM_KEYWORDS];

/**
 * Code templates whose one variable part is a known name: `` `error.${keyword}` `` and
 * `` `error.format.${format}` `` (src/shared/validators/messages.ts, yup.ts; client and server) use the
 * keys of those names only.
 */
export const KNOWN_NAME_FAMILIES: readonly { prefix: string; variable: string; names: readonly string[]; reason: string }[] = [
  { prefix: 'error.', variable: 'keyword', names: SCHEMA_KEYWORDS, reason: 'the generic message of a failed ajv keyword' },
  { prefix: 'error.format.', variable: 'format', names: FORMAT_NAMES, reason: 'the message of a registered format (src/shared/validators/formats.ts)' },
];

/**
 * Families of keys whose names are computed from data at run time and appear neither literally nor as a
 * template or `t` pipe prefix in the configuration or the code. Empty today: every family has a visible
 * prefix (`field.${name}` labels in src/server/validation.ts, `t:'record.cause'` for ledger causes...).
 * Add `{ prefix, reason }` here rather than keeping a key alive by hand.
 */
export const DYNAMIC_KEY_FAMILIES: readonly { prefix: string; reason: string }[] = [];

/** Properties of a screen whose strings are texts (as src/shared/config/lint.ts checks them). */
export const SCREEN_TEXT_PROPS: ReadonlySet<string> = new Set(['title', 'label', 'empty', 'text', 'confirm', 'toast',
  'caption', 'done', 'heading', 'subheading', 'subtitle', 'value', 'note', 'alt']);
/** Texts of a form field's ui entry. */
export const FORM_UI_TEXT_KEYS: readonly string[] = ['ui:title', 'ui:placeholder', 'ui:help', 'ui:description', 'ui:submitText'];
/** Object properties of the code whose string values are message keys (`message: 'error.x'`). */
const CODE_TEXT_PROPS = new Set([...SCREEN_TEXT_PROPS, 'message', 'key', 'placeholder', 'help', 'hint', 'messageKey', 'labelKey', 'titleKey']);

export interface UsageInput {
  /** Parsed screen files by path (`screens/fund/assets.json`, `screens/app.json`); no meta-schemas. */
  screens: Record<string, unknown>;
  /** Parsed form files by path (`schemas/register.json`). */
  forms: Record<string, unknown>;
  /** Source text by path (`src/client/shell/TabBar.tsx`). */
  code: Record<string, string>;
  /** Parsed content/menu.json, when there is one: its rows' titles are message keys. */
  menu?: unknown;
}

export interface MissingKey { key: string; where: string }
export interface KeyUsage { missing: MissingKey[]; unused: string[] }

/** `exact`: where a message key is expected (reported when missing); `loose`: only keeps a key used. */
export interface KeyUse { key: string; where: string; exact: boolean }
/** Keys matching `pattern`; `shown` is how a report names it (`shell.load_error.*`). */
export interface PatternUse { pattern: RegExp; shown: string; where: string; reportIfNone: boolean }
export interface CollectedUses { keys: KeyUse[]; patterns: PatternUse[] }

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function prefixUse(prefix: string, where: string, reportIfNone: boolean): PatternUse {
  return { pattern: new RegExp(`^${escapeRe(prefix)}`), shown: `${prefix}*`, where, reportIfNone };
}

// ---------------------------------------------------------------- configuration

function jsonPath(parts: (string | number)[]): string {
  return parts.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]`
    : /^[A-Za-z_$][\w$]*$/.test(p) ? `${acc}.${p}` : `${acc}[${JSON.stringify(p)}]`), '$');
}

function literalsOf(node: Node, out: string[] = []): string[] {
  switch (node.kind) {
    case 'lit': if (typeof node.value === 'string') out.push(node.value); break;
    case 'not': literalsOf(node.arg, out); break;
    case 'bin': literalsOf(node.left, out); literalsOf(node.right, out); break;
    case 'cond': literalsOf(node.test, out); literalsOf(node.then, out); literalsOf(node.else, out); break;
    default: break;
  }
  return out;
}

/** Keys and prefixes in the bindings of a string (`{{x | t:'a.b'}}`, `{{c ? 'a.b' : 'a.c' | t}}`). */
function bindingUses(text: string, where: string, uses: CollectedUses): void {
  for (const body of bindingBodies(text)) {
    let ast;
    try { ast = parseBinding(body.trim()); } catch { continue; } // the configuration lint reports it
    const tPipes = ast.pipes.filter((p) => p.name === 't');
    for (const pipe of tPipes) {
      const arg = pipe.args[0];
      if (arg?.kind === 'lit' && typeof arg.value === 'string' && /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)*$/.test(arg.value)) {
        uses.patterns.push(prefixUse(`${arg.value}.`, where, true));
      }
    }
    for (const pipe of ast.pipes.filter((p) => p.name === 'count')) {
      const arg = pipe.args[0];
      if (arg?.kind === 'lit' && typeof arg.value === 'string') uses.keys.push({ key: arg.value, where, exact: true });
    }
    const plainT = tPipes.some((p) => p.args.length === 0);
    const lits = [ast.expr, ...ast.pipes.filter((p) => p.name !== 't').flatMap((p) => p.args)].flatMap((n) => literalsOf(n));
    for (const lit of lits) if (KEY_RE.test(lit)) uses.keys.push({ key: lit, where, exact: plainT });
  }
}

/** Every string of a screen (or a part of one). */
function walkScreen(node: unknown, at: (string | number)[], file: string, uses: CollectedUses, parent?: Record<string, unknown>): void {
  if (Array.isArray(node)) { node.forEach((v, i) => walkScreen(v, [...at, i], file, uses, parent)); return; }
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) walkScreen(v, [...at, k], file, uses, node as Record<string, unknown>);
    return;
  }
  if (typeof node !== 'string') return;
  const where = `${file}: ${jsonPath(at)}`;
  if (node.includes('{{')) { bindingUses(node, where, uses); return; }
  if (!KEY_RE.test(node)) return;
  const prop = at[at.length - 1];
  const text = (typeof prop === 'string' && SCREEN_TEXT_PROPS.has(prop)) || (prop === 'message' && parent?.type === 'html');
  uses.keys.push({ key: node, where, exact: text });
}

/** `schemas/pay-password.json` -> `pay-password`. */
export function formNameOf(file: string): string {
  return file.split('/').pop()!.replace(/\.json$/, '');
}

function walkForm(form: unknown, file: string, uses: CollectedUses): void {
  if (!form || typeof form !== 'object' || Array.isArray(form)) return;
  const f = form as Record<string, unknown>;
  const texts = new Set<string>(); // JSON paths of the texts
  const ui = (f.ui && typeof f.ui === 'object' ? f.ui : {}) as Record<string, unknown>;
  for (const [field, entry] of Object.entries(ui)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const e = entry as Record<string, unknown>;
    for (const k of FORM_UI_TEXT_KEYS) texts.add(jsonPath(['ui', field, k]));
    if (Array.isArray(e['ui:enumNames'])) e['ui:enumNames'].forEach((_, i) => texts.add(jsonPath(['ui', field, 'ui:enumNames', i])));
    texts.add(jsonPath(['ui', field, 'ui:options', 'need']));
  }
  for (const k of Object.keys((f.messages && typeof f.messages === 'object' ? f.messages : {}) as object)) texts.add(jsonPath(['messages', k]));
  texts.add(jsonPath(['submitLabel']));
  texts.add(jsonPath(['submit', 'success', 'toast']));
  if (Array.isArray(f.links)) f.links.forEach((_, i) => texts.add(jsonPath(['links', i, 'label'])));

  const walk = (node: unknown, at: (string | number)[]): void => {
    if (Array.isArray(node)) { node.forEach((v, i) => walk(v, [...at, i])); return; }
    if (node && typeof node === 'object') {
      // the JSON Schema itself holds patterns, formats and enum values, not texts
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) if (!(at.length === 0 && k === 'schema')) walk(v, [...at, k]);
      return;
    }
    if (typeof node !== 'string') return;
    const p = jsonPath(at);
    if (node.includes('{{')) { bindingUses(node, `${file}: ${p}`, uses); return; }
    if (KEY_RE.test(node)) uses.keys.push({ key: node, where: `${file}: ${p}`, exact: texts.has(p) });
  };
  walk(f, []);

  const name = formNameOf(file);
  const schema = f.schema as { properties?: Record<string, unknown> } | undefined;
  for (const field of Object.keys(schema?.properties ?? {})) {
    uses.patterns.push(prefixUse(`${name}.${field}.`, `${file}: ${jsonPath(['schema', 'properties', field])}`, false));
  }
}

// ---------------------------------------------------------------- code

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : undefined;
}

/** Should a missing key-shaped literal of the code be reported? (see the header) */
function expectsKey(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, namespaces: ReadonlySet<string>): boolean {
  if (!namespaces.has(node.text.split('.')[0])) return false;
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)
    || ts.isLiteralTypeNode(parent) || ts.isElementAccessExpression(parent)) return false;
  let cur: ts.Node = node;
  while (ts.isConditionalExpression(cur.parent) || ts.isParenthesizedExpression(cur.parent) || ts.isAsExpression(cur.parent)
    || (ts.isBinaryExpression(cur.parent) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(cur.parent.operatorToken.kind))) {
    cur = cur.parent;
  }
  const p = cur.parent;
  if (ts.isPropertyAssignment(p)) {
    if (p.name === cur) return false; // a map's property name
    const prop = propertyName(p.name);
    // text-like properties, and messages maps whose names are `<field>.<keyword>`
    return prop !== undefined && (CODE_TEXT_PROPS.has(prop) || /^[A-Za-z_][\w]*\.[A-Za-z]+$/.test(prop));
  }
  if (ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(p.operatorToken.kind)) return false;
  if (ts.isCaseClause(p)) return false;
  return true;
}

/** `` `a.${x}.b` `` -> /^a\..+\.b$/ (a known-name family narrows the variable part). */
function templateUse(node: ts.TemplateExpression, where: string): PatternUse | undefined {
  const head = node.head.text;
  if (!PREFIX_RE.test(head)) return undefined;
  const spans = node.templateSpans.map((s) => s.literal.text);
  if (spans.length === 1 && spans[0] === '') {
    const family = KNOWN_NAME_FAMILIES.find((f) => f.prefix === head);
    if (family) {
      return { pattern: new RegExp(`^${escapeRe(head)}(${family.names.map(escapeRe).join('|')})$`), shown: `${head}<${family.variable}>`, where, reportIfNone: false };
    }
  }
  const source = `^${escapeRe(head)}${spans.map((s) => `.+${escapeRe(s)}`).join('')}$`;
  return { pattern: new RegExp(source), shown: `${head}${spans.map((s) => `*${s}`).join('')}`, where, reportIfNone: false };
}

function walkCode(file: string, text: string, namespaces: ReadonlySet<string>, uses: CollectedUses): void {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const where = (node: ts.Node): string => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.text;
      if (KEY_RE.test(value)) {
        uses.keys.push({ key: value, where: where(node), exact: expectsKey(node, namespaces) });
      } else if (PREFIX_RE.test(value) && ts.isBinaryExpression(node.parent) && node.parent.left === node
        && node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        uses.patterns.push(prefixUse(value, where(node), false)); // 'error.' + keyword
      }
    } else if (ts.isTemplateExpression(node)) {
      const use = templateUse(node, where(node));
      if (use) uses.patterns.push(use);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** content/menu.json: each row's `title` is a message key. */
function walkMenu(menu: unknown, uses: CollectedUses): void {
  const rows = (menu as { menu?: unknown } | undefined)?.menu;
  if (!Array.isArray(rows)) return;
  rows.forEach((row: unknown, i) => {
    const title = (row as { title?: unknown } | null)?.title;
    if (typeof title === 'string' && KEY_RE.test(title)) uses.keys.push({ key: title, where: `content/menu.json $.menu[${i}].title`, exact: true });
  });
}

// ---------------------------------------------------------------- result

/** Every use found, with where it is. `messages` (en) gives the namespaces of keys in code. */
export function collectKeyUses(input: UsageInput, messages: Record<string, string>): CollectedUses {
  const uses: CollectedUses = { keys: [], patterns: [] };
  const namespaces = new Set(Object.keys(messages).map((k) => k.split('.')[0]));
  for (const [file, screen] of Object.entries(input.screens)) walkScreen(screen, [], file, uses);
  for (const [file, form] of Object.entries(input.forms)) walkForm(form, file, uses);
  for (const [file, text] of Object.entries(input.code)) walkCode(file, text, namespaces, uses);
  walkMenu(input.menu, uses);
  for (const { prefix, reason } of DYNAMIC_KEY_FAMILIES) uses.patterns.push(prefixUse(prefix, `DYNAMIC_KEY_FAMILIES (${reason})`, false));
  return uses;
}

/**
 * `missing`: keys used where a message is expected but absent from `messages` (en.json), and `t` pipe
 * prefixes of the configuration that match no key (`prefix.*`), each with where it is used; `unused`:
 * the keys of `messages` that nothing uses. Both sorted by key.
 */
export function messageKeyUsage(input: UsageInput, messages: Record<string, string>): KeyUsage {
  const uses = collectKeyUses(input, messages);
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(messages, k);
  const keys = Object.keys(messages);
  const missing: MissingKey[] = [];
  const seen = new Set<string>();
  const report = (key: string, where: string): void => {
    const id = `${key}\u0000${where}`;
    if (!seen.has(id)) { seen.add(id); missing.push({ key, where }); }
  };
  for (const u of uses.keys) if (u.exact && !has(u.key)) report(u.key, u.where);
  for (const p of uses.patterns) if (p.reportIfNone && !keys.some((k) => p.pattern.test(k))) report(p.shown, p.where);
  const used = new Set(uses.keys.map((u) => u.key));
  const patterns = [...new Map(uses.patterns.map((p) => [p.pattern.source, p.pattern])).values()];
  const unused = keys.filter((k) => !used.has(k) && !patterns.some((re) => re.test(k))).sort();
  missing.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.where.localeCompare(b.where)));
  return { missing, unused };
}

/**
 * Where `key` is used: each screen or form text (file and JSON path), each line of code, and each family
 * that takes it in (`schemas/spot-order.json: $.schema.properties.amount (as spot-order.amount.*)`).
 */
export function whereUsed(uses: CollectedUses, key: string): string[] {
  const direct = uses.keys.filter((u) => u.key === key).map((u) => u.where);
  const families = uses.patterns.filter((p) => p.pattern.test(key)).map((p) => `${p.where} (as ${p.shown})`);
  return [...new Set([...direct, ...families])];
}
