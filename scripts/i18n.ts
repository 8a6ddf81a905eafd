/**
 * The translators' tool: `npm run i18n -- <command>`.
 *
 *   check            every problem of the message files, one line each `file: key: reason`, exit 1 if any:
 *                    - i18n/<lang>.json against i18n/en.json (src/shared/i18n/check.ts): ICU syntax errors with
 *                      line and column, arguments or tags that differ from English, missing and extra keys,
 *                      empty values, files that are not flat objects of strings;
 *                    - key usage (src/shared/i18n/usage.ts): keys that screens, forms or code use but en.json
 *                      lacks, and keys of en.json that nothing uses;
 *                    - arguments: a text attached to a form field (ui:title, ui:placeholder, ui:help,
 *                      ui:description, its `messages`, the automatic `<form>.<field>.error.<keyword>`) or named
 *                      by an endpoint's `messages` may only use the ICU arguments the runtime gives it: the
 *                      field's rules (`{minLength}`, `{maxLength}`, ... see RULE_ARGUMENTS) and, for an error,
 *                      ajv's params of that keyword (`{limit}`, `{format}`...; the API adds `{field}`);
 *                    - the translators' files: i18n/context/descriptions.json (keys en.json has, sentences),
 *                      i18n/untranslated/<lang>.json, i18n/sources/<lang>.json (their shape);
 *                    and, for information: how many values of each language are still untranslated, out of
 *                    date (their English changed since they were marked, translators/sources.ts) or not
 *                    marked; the language files screens/app.json does not offer yet (with the entry to add);
 *                    the keys of ambiguous families (DESCRIBED_FAMILIES) without a description.
 *   extract [--json] the keys used but missing from i18n/en.json (with where they are used) and the keys that
 *                    nothing uses; exit 0.
 *   add <lang>       creates i18n/<lang>.json from en.json, every value marked untranslated; refuses a language
 *                    that has a file. Prints the entry that offers it in screens/app.json "languages" (tag,
 *                    own name and direction as Intl knows them) unless app.json offers it already.
 *   where <key>      a key's context: its English, its description, where it is used (screens and forms with
 *                    the JSON path, code files with the line) and each language's text and state; exit 1 for a
 *                    key en.json lacks.
 *   outdated <lang>  the keys of <lang> whose English changed since they were translated (with today's
 *                    English and the description), then those not marked; exit 0.
 *   mark <lang> [key...]
 *                    records today's English as the source of those translations of <lang> (every translated
 *                    key when none is named): run it once they are translated or reviewed.
 *
 * Marking untranslated values. A new language starts as a copy of English, so every value is valid ICU with
 * the right arguments and the app works in the new language from the first minute (showing English where
 * nothing is translated yet, as it does for a missing key). Which values are still that copy is kept beside the
 * file, in `i18n/untranslated/<lang>.json`: an object `{ "<key>": "<the English text copied>" }`. A value
 * counts as untranslated while it equals the copied text or the current English; a translator just edits
 * i18n/<lang>.json and the key drops out of the count by itself (nothing to unmark; the list can be deleted
 * once the count is 0). Marking inside the values (a prefix, a comment) was rejected: it would show in the app
 * and could break the ICU syntax or the arguments. Keeping the copied English (not only the key) means that an
 * English text changed later does not make an untouched copy look translated. The app ignores the folder
 * (only `i18n/<lang>.json` are languages).
 *
 * Languages: those screens/app.json offers (its `languages`), plus any other `i18n/<code>.json` present (a
 * language being translated before it is offered). No code lists them (src/shared/i18n/languages.ts).
 *
 * Which folder: the configuration (`screens/`, `schemas/`, `i18n/`) is read from CONFIG_DIR when it is set, else
 * from the repository: the folder the server serves, the folder `npm run lint:config` checks. What counts as
 * "used" is the same wherever the configuration lives: the keys its screens and forms name plus the keys the
 * code of this repository uses (the server's own messages, such as `api.account.exists`, are the code's).
 * The formats (meta-schemas) and the endpoint catalogue are the code's too (they describe what it understands).
 *
 * The functions are exported for the configuration lint (`i18nCheck`) and the tests (a temporary folder as
 * `root`, and `codeRoot` for the code, default this repository).
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkMessages, formatProblems, messageArguments, type I18nProblem, type LoadedFile } from '../src/shared/i18n/check';
import { LANGUAGE_CODE, languageEntries, type LanguageEntry } from '../src/shared/i18n/languages';
import { proposedEntry } from '../src/shared/i18n/languageChecks';
import { DESCRIBED_FAMILIES, DESCRIPTIONS_FILE, readDescriptions, undescribedKeys } from '../src/shared/i18n/descriptions';
import { collectKeyUses, formNameOf, messageKeyUsage, whereUsed, type KeyUsage, type UsageInput } from '../src/shared/i18n/usage';
import { markSources, readSources, sourcesFile, statusOf, translationStatus, type LanguageTexts } from './translators/sources';
import { ENDPOINTS, type EndpointSpec } from '../src/shared/contract';
import { RULE_ARGUMENTS } from '../src/shared/config/formRuntime';

export const BASE_LANGUAGE = 'en';
/** The repository: its `src/` is the code whose message keys count as used. */
export const CODE_ROOT = path.resolve(__dirname, '..');
/** The configuration folder the server serves: CONFIG_DIR, else the repository. */
export const configRoot = (): string => path.resolve(process.env.CONFIG_DIR || CODE_ROOT);

export type { I18nProblem } from '../src/shared/i18n/check';

const rel = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');
const messageFile = (lang: string): string => `i18n/${lang}.json`;
const untranslatedFile = (lang: string): string => `i18n/untranslated/${lang}.json`;

function walk(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.name.startsWith('.')) return [];
    return e.isDirectory() ? walk(full, keep) : keep(full) ? [full] : [];
  });
}

function loadJson(file: string): LoadedFile {
  if (!fs.existsSync(file)) return { missing: true };
  try {
    return { json: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

function asMessages(loaded: LoadedFile | undefined): Record<string, string> {
  if (!loaded || !('json' in loaded) || !loaded.json || typeof loaded.json !== 'object' || Array.isArray(loaded.json)) return {};
  return Object.fromEntries(Object.entries(loaded.json).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** The languages screens/app.json offers (none when it cannot be read: the configuration check says why). */
export function offeredLanguages(root: string): LanguageEntry[] {
  const loaded = loadJson(path.join(root, 'screens', 'app.json'));
  return 'json' in loaded ? languageEntries((loaded.json as { languages?: unknown } | null)?.languages) : [];
}

/** The offered languages plus every `i18n/<code>.json` present. */
function languagesOf(root: string): string[] {
  const present = fs.existsSync(path.join(root, 'i18n'))
    ? fs.readdirSync(path.join(root, 'i18n')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).filter((c) => LANGUAGE_CODE.test(c)) : [];
  return [...new Set<string>([BASE_LANGUAGE, ...offeredLanguages(root).map((l) => l.code), ...present.sort()])];
}

/** A language's messages and translators' files. */
function languageTexts(root: string, lang: string, loaded?: LoadedFile): LanguageTexts & { problems: I18nProblem[] } {
  const { marks, problem } = readMarks(root, lang);
  const sources = readSources(root, lang);
  return {
    messages: asMessages(loaded ?? loadJson(path.join(root, messageFile(lang)))), marks: marks ?? {}, sources: sources.sources,
    problems: [problem, sources.problem].filter((p): p is I18nProblem => p !== undefined),
  };
}

function descriptionsOf(root: string, en: Record<string, string>): ReturnType<typeof readDescriptions> {
  return readDescriptions(loadJson(path.join(root, DESCRIPTIONS_FILE)), en);
}

/**
 * The configuration of `root` and the code of `codeRoot` as messageKeyUsage wants them; unreadable JSON is a
 * problem (and `complete` is false: the keys of that file are not known, so none can be called unused).
 */
export function readUsageInput(root: string, codeRoot = CODE_ROOT): { input: UsageInput; problems: I18nProblem[]; complete: boolean } {
  const problems: I18nProblem[] = [];
  const json = (files: string[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const file of files) {
      const loaded = loadJson(file);
      if ('json' in loaded) out[rel(root, file)] = loaded.json;
      else if ('error' in loaded) problems.push({ file: rel(root, file), problem: `not valid JSON (no key is reported unused until it is fixed, its keys are not known): ${loaded.error}` });
    }
    return out;
  };
  const notMeta = (f: string): boolean => f.endsWith('.json') && !f.endsWith('.schema.json');
  const screens = json(walk(path.join(root, 'screens'), notMeta));
  const forms = json(fs.existsSync(path.join(root, 'schemas'))
    ? fs.readdirSync(path.join(root, 'schemas')).sort().map((f) => path.join(root, 'schemas', f)).filter(notMeta) : []);
  const generated = path.join(codeRoot, 'src', 'generated') + path.sep;
  const code = Object.fromEntries(walk(path.join(codeRoot, 'src'), (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith(generated))
    .map((f) => [rel(codeRoot, f), fs.readFileSync(f, 'utf8')]));
  const menu = json(fs.existsSync(path.join(root, 'content', 'menu.json')) ? [path.join(root, 'content', 'menu.json')] : [])['content/menu.json'];
  return { input: { screens, forms, code, menu }, problems, complete: problems.length === 0 };
}

// ---------------------------------------------------------------- arguments of field texts

/** ajv's `params` of an error by keyword (what an error message may use besides the field's rules). */
export const ERROR_PARAMS: Record<string, readonly string[]> = {
  minLength: ['limit'], maxLength: ['limit'], maxTextLength: ['limit'],
  minimum: ['limit', 'comparison'], maximum: ['limit', 'comparison'],
  exclusiveMinimum: ['limit', 'comparison'], exclusiveMaximum: ['limit', 'comparison'],
  minItems: ['limit'], maxItems: ['limit'], minProperties: ['limit'], maxProperties: ['limit'],
  multipleOf: ['multipleOf'], pattern: ['pattern'], format: ['format'], required: ['missingProperty'],
  enum: ['allowedValues'], const: ['allowedValue'], type: ['type'], additionalProperties: ['additionalProperty'],
  dependencies: ['property', 'missingProperty', 'depsCount', 'deps'], uniqueItems: ['i', 'j'],
};
const UI_TEXTS = ['ui:title', 'ui:placeholder', 'ui:help', 'ui:description'];

function rulesOf(fieldSchema: unknown): string[] {
  if (!fieldSchema || typeof fieldSchema !== 'object') return [];
  return RULE_ARGUMENTS.filter((name) => typeof (fieldSchema as Record<string, unknown>)[name] === 'number');
}

function argumentsOf(message: string | undefined): string[] {
  if (message === undefined) return [];
  try { return [...messageArguments(message)].filter((a) => !a.startsWith('<')).sort(); } catch { return []; } // syntax: reported elsewhere
}

/**
 * Texts attached to a form field or named by an endpoint's `messages` that use arguments nobody gives them
 * (the runtime would fail to format them). `forms`: parsed form files by path; `endpoints`: the catalogue.
 */
export function fieldArgumentProblems(forms: Record<string, unknown>, en: Record<string, string>,
  endpoints: Record<string, EndpointSpec> = ENDPOINTS): I18nProblem[] {
  const problems: I18nProblem[] = [];
  const checkText = (file: string, owner: string, key: unknown, rules: string[], keyword?: string, extra: string[] = []): void => {
    if (typeof key !== 'string') return;
    const given = new Set([...rules, ...(keyword ? ERROR_PARAMS[keyword] ?? [] : []), ...extra]);
    const lacking = argumentsOf(en[key]).filter((a) => !given.has(a));
    if (lacking.length) {
      problems.push({
        file, key,
        problem: `uses ${lacking.map((a) => `{${a}}`).join(', ')}, which ${owner} does not give it `
          + `(it gives ${given.size ? [...given].sort().map((a) => `{${a}}`).join(', ') : 'no argument'})`,
      });
    }
  };
  for (const [file, form] of Object.entries(forms)) {
    if (!form || typeof form !== 'object') continue;
    const f = form as { schema?: { properties?: Record<string, unknown> }; ui?: Record<string, unknown>; messages?: Record<string, unknown> };
    const name = formNameOf(file);
    for (const [field, fieldSchema] of Object.entries(f.schema?.properties ?? {})) {
      const rules = rulesOf(fieldSchema);
      const owner = `field "${field}"`;
      const ui = (f.ui?.[field] ?? {}) as Record<string, unknown>;
      for (const t of UI_TEXTS) checkText(file, owner, ui[t], rules);
      for (const [k, key] of Object.entries(f.messages ?? {})) {
        if (k.split('.')[0] === field) checkText(file, `${owner} (${k})`, key, rules, k.slice(field.length + 1));
      }
      const auto = `${name}.${field}.error.`;
      for (const key of Object.keys(en)) if (key.startsWith(auto)) checkText(file, owner, key, rules, key.slice(auto.length));
    }
  }
  for (const [id, spec] of Object.entries(endpoints)) {
    const props = (spec.request?.properties ?? {}) as Record<string, unknown>;
    for (const [k, key] of Object.entries(spec.messages ?? {})) {
      const field = k.split('.')[0];
      checkText(`contract ${id}`, `its field "${field}" (${k})`, key, rulesOf(props[field]), k.slice(field.length + 1), ['field']);
    }
  }
  return problems;
}

// ---------------------------------------------------------------- untranslated values

export interface UntranslatedCount { lang: string; file: string; count: number; total: number }

/** `i18n/untranslated/<lang>.json` parsed, or a problem. */
function readMarks(root: string, lang: string): { marks?: Record<string, string>; problem?: I18nProblem } {
  const loaded = loadJson(path.join(root, untranslatedFile(lang)));
  if ('missing' in loaded) return {};
  if ('error' in loaded) return { problem: { file: untranslatedFile(lang), problem: `not valid JSON: ${loaded.error}` } };
  const j = loaded.json;
  if (!j || typeof j !== 'object' || Array.isArray(j) || Object.values(j).some((v) => typeof v !== 'string')) {
    return { problem: { file: untranslatedFile(lang), problem: 'must be an object { "<key>": "<the English text copied>" }' } };
  }
  return { marks: j as Record<string, string> };
}

/** Values of `messages` still equal to the English copied when the language was added, or to today's English. */
export function countUntranslated(messages: Record<string, string>, marks: Record<string, string>, en: Record<string, string>): number {
  return Object.entries(marks).filter(([key, copy]) => key in messages && key in en && (messages[key] === copy || messages[key] === en[key])).length;
}

// ---------------------------------------------------------------- commands

export interface CheckReport {
  /** Every problem (exit 1 when not empty). */
  problems: I18nProblem[];
  /** For information: languages with values still marked untranslated. */
  untranslated: UntranslatedCount[];
  /** For information: per translated language, the keys out of date and how many are not marked. */
  sources: { lang: string; file: string; outdated: string[]; unmarked: number }[];
  /** For information: language files screens/app.json does not offer, with the entry that would. */
  notOffered: { lang: string; entry: LanguageEntry }[];
  /** For information: keys of DESCRIBED_FAMILIES without a description. */
  undescribed: string[];
}

/** `check`: see the header. */
export function i18nCheck(root: string, codeRoot = CODE_ROOT): CheckReport {
  const langs = languagesOf(root);
  const files = Object.fromEntries(langs.map((lang) => [lang, loadJson(path.join(root, messageFile(lang)))]));
  const problems: I18nProblem[] = checkMessages(files, { base: BASE_LANGUAGE, fileName: messageFile });
  const en = asMessages(files[BASE_LANGUAGE]);

  const { input, problems: unreadable, complete } = readUsageInput(root, codeRoot);
  problems.push(...unreadable);
  const usage = messageKeyUsage(input, en);
  problems.push(...usageProblems(complete ? usage : { ...usage, unused: [] }));
  problems.push(...fieldArgumentProblems(input.forms, en));

  const offered = new Set(offeredLanguages(root).map((l) => l.code));
  const notOffered = langs.filter((lang) => !offered.has(lang) && !('missing' in files[lang])).map((lang) => ({ lang, entry: proposedEntry(lang) }));

  const untranslated: UntranslatedCount[] = [];
  const sources: CheckReport['sources'] = [];
  for (const lang of langs) {
    if ('missing' in files[lang]) continue;
    const texts = languageTexts(root, lang, files[lang]);
    problems.push(...texts.problems);
    if (Object.keys(texts.marks).length) untranslated.push({ lang, file: messageFile(lang), count: countUntranslated(texts.messages, texts.marks, en), total: Object.keys(en).length });
    if (lang === BASE_LANGUAGE) continue;
    const status = statusOf(texts, en);
    sources.push({ lang, file: messageFile(lang), outdated: status.outdated, unmarked: status.unmarked.length });
  }
  const descriptions = descriptionsOf(root, en);
  problems.push(...descriptions.problems);
  return { problems, untranslated, sources, notOffered, undescribed: undescribedKeys(en, descriptions.descriptions) };
}

/** Usage as problems of i18n/en.json: one line per missing key (with where it is used), one per unused key. */
export function usageProblems(usage: KeyUsage): I18nProblem[] {
  const file = messageFile(BASE_LANGUAGE);
  const missing = new Map<string, string[]>();
  for (const m of usage.missing) missing.set(m.key, [...(missing.get(m.key) ?? []), m.where]);
  return [
    ...[...missing].map(([key, where]) => ({ file, key, problem: `missing, used by ${where.join('; ')}` })),
    ...usage.unused.map((key) => ({ file, key, problem: 'unused: no screen, form or code uses it (remove it from every language, or see DYNAMIC_KEY_FAMILIES in src/shared/i18n/usage.ts)' })),
  ];
}

export function formatCheck(report: CheckReport): { problems: string; info: string } {
  const marked = report.untranslated.filter((u) => u.count > 0);
  const lines = marked.length
    ? marked.map((u) => `${u.file}: ${u.count} of ${u.total} values still untranslated (${untranslatedFile(u.lang)})`)
    : ['untranslated values: none marked'];
  for (const s of report.sources) {
    if (s.outdated.length) lines.push(`${s.file}: ${s.outdated.length} value(s) out of date, their English changed since: ${s.outdated.join(', ')} (npm run i18n -- outdated ${s.lang})`);
    if (s.unmarked) lines.push(`${s.file}: ${s.unmarked} value(s) not marked as translated from today's English (npm run i18n -- outdated ${s.lang} lists them; mark ${s.lang} <key> once checked)`);
  }
  for (const { lang, entry } of report.notOffered) {
    lines.push(`${messageFile(lang)}: not offered yet; to offer it add to "languages" of screens/app.json: ${JSON.stringify(entry)}`);
  }
  if (report.undescribed.length) {
    lines.push(`${DESCRIPTIONS_FILE}: ${report.undescribed.length} key(s) of ${DESCRIBED_FAMILIES.map((f) => `${f}*`).join(', ')} without a description: ${report.undescribed.join(', ')}`);
  }
  return { problems: formatProblems(report.problems), info: lines.join('\n') };
}

/** `extract`: keys used but missing from en.json (grouped, with where), keys unused. */
export function i18nExtract(root: string, codeRoot = CODE_ROOT): { missing: { key: string; where: string[] }[]; unused: string[] } {
  const en = asMessages(loadJson(path.join(root, messageFile(BASE_LANGUAGE))));
  const { input, complete } = readUsageInput(root, codeRoot);
  const usage = messageKeyUsage(input, en);
  if (!complete) usage.unused = [];
  const missing = new Map<string, string[]>();
  for (const m of usage.missing) missing.set(m.key, [...(missing.get(m.key) ?? []), m.where]);
  return { missing: [...missing].map(([key, where]) => ({ key, where })), unused: usage.unused };
}

export function formatExtract(result: ReturnType<typeof i18nExtract>): string {
  return [
    `missing from i18n/en.json (${result.missing.length}):`,
    ...result.missing.map((m) => `  ${m.key}    used by ${m.where.join('; ')}`),
    `unused (${result.unused.length}):`,
    ...result.unused.map((k) => `  ${k}`),
  ].join('\n');
}

export interface AddResult {
  file: string;
  untranslatedFile: string;
  /** Values written, all marked untranslated. */
  count: number;
  /** Whether screens/app.json offers the language already. */
  offered: boolean;
  /** The entry that offers it in screens/app.json "languages" (tag, own name and direction as Intl knows them). */
  entry: LanguageEntry;
}

/** `add <lang>`: see the header. Throws on a malformed code or an existing language file. */
export function i18nAdd(root: string, lang: string): AddResult {
  if (!LANGUAGE_CODE.test(lang)) throw new Error(`"${lang}" is not a language code of the app (lower-case letters, like fra, kor, de)`);
  const file = path.join(root, messageFile(lang));
  if (fs.existsSync(file)) throw new Error(`${messageFile(lang)} already exists: translate it there (npm run i18n -- check shows what is left)`);
  const en = JSON.parse(fs.readFileSync(path.join(root, messageFile(BASE_LANGUAGE)), 'utf8')) as Record<string, string>;
  const text = `${JSON.stringify(en, null, 2)}\n`;
  fs.writeFileSync(file, text, { flag: 'wx' });
  const marks = path.join(root, untranslatedFile(lang));
  fs.mkdirSync(path.dirname(marks), { recursive: true });
  fs.writeFileSync(marks, text);
  const offered = offeredLanguages(root).some((l) => l.code === lang);
  return { file: messageFile(lang), untranslatedFile: untranslatedFile(lang), count: Object.keys(en).length, offered, entry: proposedEntry(lang) };
}

export interface KeyContext {
  key: string;
  english: string;
  description?: string;
  usedBy: string[];
  languages: { lang: string; text?: string; status: ReturnType<typeof translationStatus> | 'missing' }[];
}

/** `where <key>`: see the header. Throws for a key en.json lacks. */
export function i18nWhere(root: string, key: string, codeRoot = CODE_ROOT): KeyContext {
  const en = asMessages(loadJson(path.join(root, messageFile(BASE_LANGUAGE))));
  if (!(key in en)) throw new Error(`${key} is not in ${messageFile(BASE_LANGUAGE)}`);
  const { input } = readUsageInput(root, codeRoot);
  const languages = languagesOf(root).filter((l) => l !== BASE_LANGUAGE).map((lang) => {
    const texts = languageTexts(root, lang);
    return key in texts.messages ? { lang, text: texts.messages[key], status: translationStatus(key, texts, en) } : { lang, status: 'missing' as const };
  });
  const description = descriptionsOf(root, en).descriptions[key];
  return { key, english: en[key], ...(description ? { description } : {}), usedBy: whereUsed(collectKeyUses(input, en), key), languages };
}

export function formatWhere(c: KeyContext): string {
  return [
    `${c.key}: ${c.english}`,
    `description: ${c.description ?? `none (add one to ${DESCRIPTIONS_FILE})`}`,
    `used by (${c.usedBy.length}):`,
    ...(c.usedBy.length ? c.usedBy.map((w) => `  ${w}`) : ['  nothing (npm run i18n -- check reports it unused)']),
    'translations:',
    ...c.languages.map((l) => `  ${l.lang} [${l.status}]${l.text === undefined ? '' : ` ${l.text}`}`),
  ].join('\n');
}

/** `outdated <lang>`: the keys out of date and those not marked, with today's English and description. */
export function i18nOutdated(root: string, lang: string): { outdated: KeyContext[]; unmarked: string[] } {
  const en = asMessages(loadJson(path.join(root, messageFile(BASE_LANGUAGE))));
  if (lang === BASE_LANGUAGE || !fs.existsSync(path.join(root, messageFile(lang)))) throw new Error(`${messageFile(lang)} is not a translation here`);
  const texts = languageTexts(root, lang);
  const status = statusOf(texts, en);
  const { descriptions } = descriptionsOf(root, en);
  return {
    outdated: status.outdated.map((key) => ({ key, english: en[key], ...(descriptions[key] ? { description: descriptions[key] } : {}), usedBy: [], languages: [{ lang, text: texts.messages[key], status: 'outdated' as const }] })),
    unmarked: status.unmarked,
  };
}

/** `mark <lang> [key...]`: see translators/sources.ts. */
export function i18nMark(root: string, lang: string, keys: string[] = []): { marked: number; file: string } {
  if (lang === BASE_LANGUAGE || !fs.existsSync(path.join(root, messageFile(lang)))) throw new Error(`${messageFile(lang)} is not a translation here`);
  const en = asMessages(loadJson(path.join(root, messageFile(BASE_LANGUAGE))));
  const texts = languageTexts(root, lang);
  if (texts.problems.length) throw new Error(formatProblems(texts.problems));
  return markSources(root, lang, texts, en, keys);
}

const USAGE = 'usage: npm run i18n -- check | extract [--json] | add <lang> | where <key> | outdated <lang> | mark <lang> [key...]';

/** Which folder the tools read, said first so that nobody fixes the wrong copy. */
export function folderNote(root: string): string {
  const where = path.resolve(root) === CODE_ROOT ? 'the repository' : `${root} (CONFIG_DIR)`;
  return `configuration: ${where}; code and formats (meta-schemas, contract): ${CODE_ROOT}`;
}

export function main(argv: string[], root = configRoot()): number {
  const [command, ...args] = argv;
  switch (command) {
    case 'check': {
      console.log(folderNote(root));
      const report = i18nCheck(root);
      const { problems, info } = formatCheck(report);
      if (problems) console.error(problems);
      console.log(info);
      if (report.problems.length) {
        console.error(`\n${report.problems.length} problem(s)`);
        return 1;
      }
      console.log('i18n OK');
      return 0;
    }
    case 'extract': {
      const result = i18nExtract(root);
      console.log(args.includes('--json') ? JSON.stringify(result, null, 2) : formatExtract(result));
      return 0;
    }
    case 'add': {
      if (args.length !== 1) { console.error(USAGE); return 2; }
      try {
        const r = i18nAdd(root, args[0]);
        console.log(`wrote ${r.file}: ${r.count} values, all marked untranslated in ${r.untranslatedFile}`);
        console.log('translate the values in place (keep the {arguments}, plural forms and <tags>); npm run i18n -- check counts what is left');
        if (!r.offered) {
          console.log(`\nto offer it in the app's language picker, add this entry to "languages" of ${path.join(root, 'screens', 'app.json')}`
            + ` (check the tag, the language's own name and the direction):\n  ${JSON.stringify(r.entry)}`);
        }
        return 0;
      } catch (err) {
        console.error((err as Error).message);
        return 1;
      }
    }
    case 'where': {
      if (args.length !== 1) { console.error(USAGE); return 2; }
      try {
        console.log(formatWhere(i18nWhere(root, args[0])));
        return 0;
      } catch (err) {
        console.error((err as Error).message);
        return 1;
      }
    }
    case 'outdated': {
      if (args.length !== 1) { console.error(USAGE); return 2; }
      try {
        const r = i18nOutdated(root, args[0]);
        console.log(`${sourcesFile(args[0])}: ${r.outdated.length} out of date (the English changed since they were translated):`);
        for (const c of r.outdated) console.log(`  ${c.key}\n    en now: ${c.english}\n    ${args[0]}:     ${c.languages[0].text}${c.description ? `\n    about:  ${c.description}` : ''}`);
        console.log(`${r.unmarked.length} not marked${r.unmarked.length ? `: ${r.unmarked.join(', ')}` : ''}`);
        console.log(`once a text is right for today's English: npm run i18n -- mark ${args[0]} <key>...`);
        return 0;
      } catch (err) {
        console.error((err as Error).message);
        return 1;
      }
    }
    case 'mark': {
      if (args.length < 1) { console.error(USAGE); return 2; }
      try {
        const r = i18nMark(root, args[0], args.slice(1));
        console.log(`${r.file}: ${r.marked} translation(s) marked as made from today's English`);
        return 0;
      } catch (err) {
        console.error((err as Error).message);
        return 1;
      }
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
